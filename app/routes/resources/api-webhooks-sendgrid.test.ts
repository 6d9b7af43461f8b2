import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webIntegrations, webNewsletterSubscriptions } from "~/db/schema.server";
import { subscribeToNewsletter } from "~/models/newsletter.server";
import {
  createSendgridEventSender,
  SENDGRID_SIGNATURE_HEADER,
  SENDGRID_TIMESTAMP_HEADER,
  type SignedEventOptions,
} from "../../../tests/support/fake-sendgrid";
import {
  backends,
  closeSiteDatabase,
  openSiteDatabase,
} from "../../../tests/support/test-database";
import { action, loader } from "./api-webhooks-sendgrid";

const URL = "http://localhost/api/webhooks/sendgrid";
const sendgrid = createSendgridEventSender();
const stranger = createSendgridEventSender();
const subs = webNewsletterSubscriptions;

async function send(request: Request) {
  const response = (await action({ request, params: {}, context: {} } as never)) as Response;
  return { status: response.status, text: await response.text() };
}

describe.each(backends)("POST /api/webhooks/sendgrid on %s", (backend) => {
  let database: Database;
  const now = () => Math.floor(Date.now() / 1000);

  async function setKey(verificationKey: string) {
    await database.db
      .update(webIntegrations)
      .set({ config: { fromEmail: "hello@example.com", verificationKey } })
      .where(eq(webIntegrations.name, "sendgrid"));
  }
  const statuses = async () =>
    (
      await database.db
        .select({ email: subs.email, status: subs.status, reason: subs.suppressedReason })
        .from(subs)
        .orderBy(subs.email)
    ).map((r) => `${r.email} ${r.status}${r.reason ? ` ${r.reason}` : ""}`);

  beforeAll(async () => {
    database = await openSiteDatabase(backend);
  });
  afterAll(async () => {
    if (database) await closeSiteDatabase(database);
  });
  beforeEach(async () => {
    await database.db.delete(subs);
    await setKey(sendgrid.verificationKey);
    for (const email of ["ada@example.com", "grace@example.com", "linus@example.com"]) {
      await subscribeToNewsletter(database.db, email);
    }
    // Subscribed an hour ago: the events below come after (an older unsubscribe would not count).
    await database.db.update(subs).set({ subscribedAt: new Date(Date.now() - 3_600_000) });
  });

  const batch = (timestamp = now() - 5) => [
    { email: "ada@example.com", event: "processed", timestamp, sg_event_id: "a1" },
    { email: "ada@example.com", event: "bounce", type: "bounce", timestamp, sg_event_id: "a2" },
    { email: "grace@example.com", event: "spamreport", timestamp, sg_event_id: "g1" },
    { email: "linus@example.com", event: "unsubscribe", timestamp, sg_event_id: "l1" },
    { email: "linus@example.com", event: "bounce", type: "blocked", timestamp, sg_event_id: "l2" },
    { email: "nobody@example.com", event: "spamreport", timestamp, sg_event_id: "n1" },
    { email: 42, event: "spamreport" },
    "not an event",
  ];
  const post = (events: unknown, options?: SignedEventOptions, sender = sendgrid) =>
    send(sender.request(URL, events, options));

  it("applies a signed batch: suppresses, unsubscribes, and ignores the rest", async () => {
    const sent = await post(batch());
    expect(sent).toEqual({ status: 204, text: "" });
    expect(await statuses()).toEqual([
      "ada@example.com suppressed bounce",
      "grace@example.com suppressed spam-report",
      "linus@example.com unsubscribed",
    ]);
    // SendGrid sends a batch again when it is unsure it arrived: nothing changes.
    expect((await post(batch())).status).toBe(204);
    expect(await statuses()).toEqual([
      "ada@example.com suppressed bounce",
      "grace@example.com suppressed spam-report",
      "linus@example.com unsubscribed",
    ]);
  });

  it("refuses with 401, changing nothing, what it cannot trust", async () => {
    const before = await statuses();
    const refusals: [string, Promise<{ status: number; text: string }>][] = [
      ["another key's signature", post(batch(), {}, stranger)],
      ["a tampered body", post(batch(), { signedBody: JSON.stringify([]) })],
      ["no signature", post(batch(), { headers: { [SENDGRID_SIGNATURE_HEADER]: null } })],
      ["no timestamp", post(batch(), { headers: { [SENDGRID_TIMESTAMP_HEADER]: null } })],
      ["a garbage signature", post(batch(), { headers: { [SENDGRID_SIGNATURE_HEADER]: "AAAA" } })],
      ["a stale timestamp", post(batch(now() - 700), { timestamp: now() - 700 })],
      ["a future timestamp", post(batch(), { timestamp: now() + 700 })],
      [
        "no headers at all",
        send(new Request(URL, { method: "POST", body: JSON.stringify(batch()) })),
      ],
    ];
    for (const [why, answer] of refusals) {
      expect(await answer, why).toEqual({
        status: 401,
        text: JSON.stringify({ error: "The request is not signed by SendGrid" }),
      });
    }
    expect(await statuses()).toEqual(before);

    // Without a verification key nothing is trusted, even SendGrid's own signature.
    await setKey("");
    expect((await post(batch())).status).toBe(401);
    expect(await statuses()).toEqual(before);
  });

  it("refuses a body over 1 MB with 413, and a signed body that is not a list with 400", async () => {
    const padding = "x".repeat(1024 * 1024);
    const large = await post([{ email: "ada@example.com", event: "spamreport", padding }]);
    expect(large.status).toBe(413);
    expect((await post({ email: "ada@example.com", event: "spamreport" })).status).toBe(400);
    expect((await post("[not json")).status).toBe(400);
    expect(await statuses()).not.toContain("ada@example.com suppressed spam-report");
  });

  it("answers 405 to anything but a POST", async () => {
    const response = (await loader()) as Response;
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});
