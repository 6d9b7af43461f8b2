import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_COOKIE, CONSENT_VERSION, serializeConsent } from "~/consent/consent";
import type { Database, Db } from "~/db/client.server";
import { webIntegrations, webOutbox } from "~/db/schema.server";
import { type Env, loadEnv } from "~/env.server";
import { createOutboxWorker } from "~/jobs/outbox.server";
import { logger } from "~/lib/logger.server";
import {
  type FakeGoogleAnalytics,
  startFakeGoogleAnalytics,
} from "../../tests/support/fake-google-analytics";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { connectionTests } from "./connection-tests.server";
import { outboxTargets } from "./deliverers.server";
import {
  clientIdFromGaCookie,
  enqueueLeadEvent,
  googleAnalyticsDeliverer,
  leadEventFor,
  sessionCookieName,
  sessionIdFromGaSessionCookie,
  testGoogleAnalytics,
} from "./google-analytics.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "google-analytics-"));
function allowPrivate(allowed: boolean) {
  loadEnv({ DATA_DIR: dataDir, ALLOW_PRIVATE_OUTBOUND: allowed ? "1" : "0" });
}

const MEASUREMENT_ID = "G-ABC123XYZ";
const API_SECRET = "ga-api-secret-value";
const GA_COOKIE = "_ga=GA1.1.1234567890.1700000000";

function consentCookie(granted: Record<string, boolean>) {
  const value = serializeConsent({ version: CONSENT_VERSION, decidedAt: 1_764_000_000, granted });
  return `${CONSENT_COOKIE}=${encodeURIComponent(value)}`;
}
const ANALYTICS_GRANTED = consentCookie({ functional: false, analytics: true, marketing: false });

function headers(cookies: string[], extra: Record<string, string> = {}) {
  const list = new Headers(extra);
  if (cookies.length > 0) list.set("cookie", cookies.join("; "));
  return list;
}

describe("reading gtag.js's cookies", () => {
  it("takes the client id from _ga, whatever the domain depth", () => {
    expect(clientIdFromGaCookie("GA1.1.1234567890.1700000000")).toBe("1234567890.1700000000");
    expect(clientIdFromGaCookie("GA1.2.987654321.1699999999")).toBe("987654321.1699999999");
    expect(clientIdFromGaCookie("GA1.3.1.2")).toBe("1.2");
    for (const bad of ["", "GA1.1.abc.1700000000", "1234567890.1700000000", "GA1.1.12", "x"]) {
      expect(clientIdFromGaCookie(bad), bad).toBeNull();
    }
    expect(clientIdFromGaCookie(null)).toBeNull();
  });

  it("takes the session id from both formats of the _ga_<container> cookie", () => {
    expect(sessionIdFromGaSessionCookie("GS1.1.1700000123.3.1.1700000456.0.0.0")).toBe(
      "1700000123",
    );
    expect(
      sessionIdFromGaSessionCookie("GS2.1.s1700000789$o4$g1$t1700000999$j60$l0$h0$dabc.def"),
    ).toBe("1700000789");
    for (const bad of ["", "GS1.1.x.3", "GS2.1.o4$g1", "GS3.1.1700000000", "GA1.1.1.2"]) {
      expect(sessionIdFromGaSessionCookie(bad), bad).toBeNull();
    }
    expect(sessionCookieName("G-ABC123XYZ")).toBe("_ga_ABC123XYZ");
  });
});

describe.each(backends)("Google Analytics lead events (%s)", (backend) => {
  let database: Database;
  let db: Db;
  let fake: FakeGoogleAnalytics;
  let env: Env;

  beforeAll(async () => {
    allowPrivate(true);
    database = await openSiteDatabase(backend);
    db = database.db;
    fake = await startFakeGoogleAnalytics();
    env = { GOOGLE_ANALYTICS_API_URL: fake.url } as Env;
  });
  afterAll(async () => {
    await fake?.close();
    if (database) await closeSiteDatabase(database);
  });
  beforeEach(async () => {
    allowPrivate(true);
    fake.received.length = 0;
    await db.delete(webOutbox);
    await configure(true, { measurementId: MEASUREMENT_ID, apiSecret: API_SECRET });
  });

  async function configure(enabled: boolean, config: Record<string, string>) {
    await db
      .update(webIntegrations)
      .set({ enabled, config })
      .where(eq(webIntegrations.name, "google_analytics"));
  }
  async function queued() {
    return (await db.select().from(webOutbox).orderBy(asc(webOutbox.id))).filter(
      (r) => r.target === "google_analytics",
    );
  }

  it("makes a generate_lead for a visitor who granted analytics and has a _ga cookie", async () => {
    const message = await leadEventFor(
      db,
      headers([
        ANALYTICS_GRANTED,
        GA_COOKIE,
        "_ga_ABC123XYZ=GS1.1.1700000123.3.1.1700000456.0.0.0",
      ]),
      "contact",
    );
    expect(message).toEqual({
      event: "generate_lead",
      target: "google_analytics",
      payload: {
        measurement_id: MEASUREMENT_ID,
        client_id: "1234567890.1700000000",
        events: [
          {
            name: "generate_lead",
            params: { form_name: "contact", engagement_time_msec: 1, session_id: "1700000123" },
          },
        ],
      },
      giveUpAfterMs: 24 * 60 * 60_000,
    });
    const newer = await leadEventFor(
      db,
      headers([
        GA_COOKIE,
        ANALYTICS_GRANTED,
        "_ga_ABC123XYZ=GS2.1.s1700000789$o4$g1$t1700000999$j60$l0$h0",
        // Another stream's session is not ours.
        "_ga_OTHER=GS1.1.1111111111.1.1.1.0.0.0",
      ]),
      "newsletter",
    );
    expect(newer?.payload.events).toEqual([
      {
        name: "generate_lead",
        params: { form_name: "newsletter", engagement_time_msec: 1, session_id: "1700000789" },
      },
    ]);
    const sessionless = await leadEventFor(
      db,
      headers([ANALYTICS_GRANTED, "_ga=GA1.2.42.1700000001", "_ga_OTHER=GS1.1.1111111111.1"]),
      "consultation",
    );
    expect(sessionless?.payload).toMatchObject({
      client_id: "42.1700000001",
      events: [
        { name: "generate_lead", params: { form_name: "consultation", engagement_time_msec: 1 } },
      ],
    });
    expect(JSON.stringify(sessionless)).not.toContain("session_id");
  });

  it("makes none without analytics consent, with GPC, or without a _ga cookie", async () => {
    const none = [
      headers([GA_COOKIE]),
      headers([consentCookie({ analytics: false, functional: true }), GA_COOKIE]),
      headers([consentCookie({ functional: true }), GA_COOKIE]),
      headers([ANALYTICS_GRANTED, GA_COOKIE], { "Sec-GPC": "1" }),
      headers([ANALYTICS_GRANTED]),
      headers([ANALYTICS_GRANTED, "_ga=not-a-ga-cookie"]),
      // An outdated or unreadable choice is no choice.
      headers([`${CONSENT_COOKIE}=v=0%26t=1764000000%26analytics=1`, GA_COOKIE]),
      headers([]),
    ];
    for (const request of none) {
      expect(await leadEventFor(db, request, "contact"), JSON.stringify([...request])).toBeNull();
      expect(await enqueueLeadEvent(db, request, "contact")).toBe(false);
    }
    // Sec-GPC: 0 is no signal.
    expect(
      await leadEventFor(
        db,
        headers([ANALYTICS_GRANTED, GA_COOKIE], { "Sec-GPC": "0" }),
        "contact",
      ),
    ).not.toBeNull();
    expect(await queued()).toEqual([]);
  });

  it("makes none while Google Analytics is off or lacks a valid measurement ID or API secret", async () => {
    const visitor = headers([ANALYTICS_GRANTED, GA_COOKIE]);
    for (const [enabled, config] of [
      [false, { measurementId: MEASUREMENT_ID, apiSecret: API_SECRET }],
      [true, { measurementId: MEASUREMENT_ID }],
      [true, { measurementId: MEASUREMENT_ID, apiSecret: "  " }],
      [true, { measurementId: "UA-12345-1", apiSecret: API_SECRET }],
      [true, { apiSecret: API_SECRET }],
    ] as const) {
      await configure(enabled, config);
      expect(await leadEventFor(db, visitor, "contact"), JSON.stringify(config)).toBeNull();
      expect(await enqueueLeadEvent(db, visitor, "contact")).toBe(false);
    }
    expect(await queued()).toEqual([]);
  });

  it("queues the event without the API secret and sends it to /mp/collect through the worker", async () => {
    const visitor = headers([
      ANALYTICS_GRANTED,
      GA_COOKIE,
      "_ga_ABC123XYZ=GS2.1.s1700000789$o4$g1$t1700000999$j60$l0$h0",
    ]);
    expect(await enqueueLeadEvent(db, visitor, "consultation")).toBe(true);
    const [row] = await queued();
    expect(row).toMatchObject({ event: "generate_lead", status: "pending" });
    expect(JSON.stringify(row)).not.toContain(API_SECRET);

    const worker = createOutboxWorker({ db, ...outboxTargets(env), retryBaseMs: 1000 });
    expect(await worker.runDue()).toBe(1);
    await worker.idle();
    const [sent] = await fake.waitForEvents(1);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/mp/collect",
      query: { measurement_id: MEASUREMENT_ID, api_secret: API_SECRET },
    });
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(sent?.json).toEqual({
      client_id: "1234567890.1700000000",
      timestamp_micros: (row?.createdAt.getTime() ?? 0) * 1000,
      events: [
        {
          name: "generate_lead",
          params: { form_name: "consultation", engagement_time_msec: 1, session_id: "1700000789" },
        },
      ],
    });
    const [delivered] = await queued();
    expect(delivered).toMatchObject({ status: "delivered", attempts: 1, lastStatus: 204 });
    expect(delivered?.lastAnswer).not.toContain(API_SECRET);
    const [card] = await db
      .select()
      .from(webIntegrations)
      .where(eq(webIntegrations.name, "google_analytics"));
    expect(card?.lastSuccess).toBe("Delivered generate_lead: 204 accepted");
  });

  it("retries a 5xx or unreachable Google; gives up on a refusal, while off or after a change", async () => {
    await enqueueLeadEvent(db, headers([ANALYTICS_GRANTED, GA_COOKIE]), "contact");
    const [row] = await queued();
    if (!row) throw new Error("nothing queued");
    const deliver = googleAnalyticsDeliverer(env);
    fake.answerWith(500, 429, 400);
    expect(await deliver(row, db)).toMatchObject({ kind: "retry", status: 500 });
    expect(await deliver(row, db)).toMatchObject({ kind: "retry", status: 429 });
    expect(await deliver(row, db)).toMatchObject({ kind: "give-up" });

    const down = await startFakeGoogleAnalytics();
    await down.close();
    const unreachable = await googleAnalyticsDeliverer({ GOOGLE_ANALYTICS_API_URL: down.url })(
      row,
      db,
    );
    expect(unreachable.kind).toBe("retry");
    expect(unreachable.answer).toMatch(/^Could not reach 127\.0\.0\.1:\d+/);
    expect(unreachable.answer).not.toContain(API_SECRET);

    await configure(true, { measurementId: "G-NEWSTREAM", apiSecret: API_SECRET });
    expect(await deliver(row, db)).toEqual({
      kind: "give-up",
      answer: "The measurement ID changed since this was queued, so it was not sent.",
    });
    await configure(true, { measurementId: MEASUREMENT_ID });
    expect(await deliver(row, db)).toEqual({
      kind: "give-up",
      answer: "Google Analytics lacks a measurement ID or an API secret, so this was not sent.",
    });
    await configure(false, { measurementId: MEASUREMENT_ID, apiSecret: API_SECRET });
    expect(await deliver(row, db)).toEqual({
      kind: "give-up",
      answer: "Google Analytics is switched off, so this was not sent.",
    });
    expect(fake.collected()).toHaveLength(3);
  });

  it("logs and swallows a failure to queue, never throwing at the form", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => logger);
    const broken = {
      select() {
        throw new Error("database gone");
      },
    } as unknown as Db;
    await expect(
      enqueueLeadEvent(broken, headers([ANALYTICS_GRANTED, GA_COOKIE]), "newsletter"),
    ).resolves.toBe(false);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ form: "newsletter" }),
      "the Google Analytics lead event was not queued",
    );
    logged.mockRestore();
  });
});

describe("Test connection of the Google Analytics integration", () => {
  let fake: FakeGoogleAnalytics;
  let env: Env;
  const config = { measurementId: MEASUREMENT_ID, apiSecret: API_SECRET };
  beforeAll(async () => {
    allowPrivate(true);
    fake = await startFakeGoogleAnalytics();
    env = { GOOGLE_ANALYTICS_API_URL: fake.url } as Env;
  });
  beforeEach(() => {
    fake.received.length = 0;
    fake.validationMessages = [];
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("sends a test event to the validation server only, and says what it does not check", async () => {
    expect(connectionTests.google_analytics).toBe(testGoogleAnalytics);
    expect(await testGoogleAnalytics(config, env)).toEqual({
      ok: true,
      message: "Google accepted the test event's format (it does not check the API secret).",
    });
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]).toMatchObject({
      method: "POST",
      path: "/debug/mp/collect",
      query: { measurement_id: MEASUREMENT_ID, api_secret: API_SECRET },
      json: {
        client_id: "test.connection",
        events: [{ name: "connection_test", params: { engagement_time_msec: 1 } }],
      },
    });
    expect(fake.collected()).toEqual([]);
  });

  it("reports the validation server's first message", async () => {
    fake.validationMessages = [
      {
        fieldPath: "measurement_id",
        description: "Unable to find a data stream for the given measurement_id.",
        validationCode: "VALUE_INVALID",
      },
      { description: "Second.", validationCode: "VALUE_INVALID" },
    ];
    expect(await testGoogleAnalytics(config, env)).toEqual({
      ok: false,
      message:
        "Google refused the test event: Unable to find a data stream for the given measurement_id.",
    });
  });

  it("says clearly when Google cannot be reached or answers an error, with no secret", async () => {
    fake.answerWith(503);
    expect(await testGoogleAnalytics(config, env)).toEqual({
      ok: false,
      message: "Google answered 503: try later",
    });
    const down = await startFakeGoogleAnalytics();
    await down.close();
    const unreachable = await testGoogleAnalytics(config, {
      GOOGLE_ANALYTICS_API_URL: down.url,
    } as Env);
    expect(unreachable.ok).toBe(false);
    expect(unreachable.message).toMatch(
      /^Could not reach 127\.0\.0\.1:\d+ \(the connection was refused\)\.$/,
    );
    expect(unreachable.message).not.toContain(API_SECRET);
  });

  it("needs the measurement ID and the API secret, and a measurement ID of the right form", async () => {
    expect(await testGoogleAnalytics({ measurementId: MEASUREMENT_ID }, env)).toEqual({
      ok: false,
      message: "Enter the measurement ID and the API secret first.",
    });
    expect(await testGoogleAnalytics({ apiSecret: API_SECRET }, env)).toEqual({
      ok: false,
      message: "Enter the measurement ID and the API secret first.",
    });
    expect(await testGoogleAnalytics({ ...config, measurementId: "UA-1234-1" }, env)).toEqual({
      ok: false,
      message: "The measurement ID must look like G-XXXXXXXXXX (from the web data stream).",
    });
    expect(fake.received).toEqual([]);
  });
});
