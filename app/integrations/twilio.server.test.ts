import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { webIntegrations, webOutbox } from "~/db/schema.server";
import { type Env, loadEnv } from "~/env.server";
import { createOutboxWorker } from "~/jobs/outbox.server";
import { createConsultationRequest, createContactMessage } from "~/models/leads.server";
import { integrationConfigSchema } from "~/schemas/admin/integrations";
import { consultationSchema, contactSchema } from "~/schemas/forms";
import { type FakeTwilio, startFakeTwilio } from "../../tests/support/fake-twilio";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { connectionTests } from "./connection-tests.server";
import { outboxTargets } from "./deliverers.server";
import { leadSmsBody, SMS_MAX_CHARS, testTwilio, twilioDeliverer } from "./twilio.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "twilio-"));
function allowPrivate(allowed: boolean) {
  loadEnv({ DATA_DIR: dataDir, ALLOW_PRIVATE_OUTBOUND: allowed ? "1" : "0" });
}

const SID = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "twilio-auth-token-secret";
const SENDER = "+14155550100";
const RECIPIENT = "+14155550123";

describe("leadSmsBody", () => {
  it("says who asked, how to reach them and the start of their message", () => {
    expect(
      leadSmsBody({
        form: "consultation",
        name: "Ada Lovelace",
        email: "ada@example.com",
        phone: null,
        message: "We would like\nan analytical engine.",
      }),
    ).toBe(
      "New consultation request from Ada Lovelace (ada@example.com): We would like an analytical engine.",
    );
    expect(
      leadSmsBody({
        form: "contact",
        first_name: "Grace",
        last_name: "Hopper",
        email: "grace@example.com",
        phone: "+1 555 0100",
        comments: "x".repeat(500),
      }),
    ).toBe(
      `New contact message from Grace Hopper (grace@example.com), phone +1 555 0100: ${"x".repeat(99)}…`,
    );
    const long = leadSmsBody({
      form: "consultation",
      name: "n".repeat(400),
      email: `${"e".repeat(400)}@example.com`,
      phone: "1".repeat(400),
      message: "m".repeat(400),
    });
    expect(long.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
  });
});

describe("the Twilio numbers' check", () => {
  it("takes numbers in international form only", () => {
    const schema = integrationConfigSchema("twilio", ["authToken"]);
    const form = { accountSid: SID, authToken: "", phoneNumber: SENDER, notifyNumber: RECIPIENT };
    expect(schema.safeParse(form).success).toBe(true);
    for (const bad of ["4155550123", "+0415555", "+1 415 555 0123", "+1415", "+1234567890123456"]) {
      const parsed = schema.safeParse({ ...form, notifyNumber: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        "Send lead alerts to must be a phone number in international form, e.g. +14155550123.",
      );
    }
    expect(schema.safeParse({ ...form, phoneNumber: "" }).success).toBe(false);
  });
});

describe.each(backends)("Twilio lead alerts (%s)", (backend) => {
  let database: Database;
  let db: Db;
  let fake: FakeTwilio;
  let env: Env;

  beforeAll(async () => {
    allowPrivate(true);
    database = await openSiteDatabase(backend);
    db = database.db;
    fake = await startFakeTwilio();
    env = { TWILIO_API_URL: fake.url } as Env;
  });
  afterAll(async () => {
    await fake?.close();
    if (database) await closeSiteDatabase(database);
  });
  beforeEach(async () => {
    allowPrivate(true);
    fake.received.length = 0;
    await db.delete(webOutbox);
    await configure(true, {
      accountSid: SID,
      authToken: TOKEN,
      phoneNumber: SENDER,
      notifyNumber: RECIPIENT,
    });
  });

  async function configure(enabled: boolean, config: Record<string, string>) {
    await db
      .update(webIntegrations)
      .set({ enabled, config })
      .where(eq(webIntegrations.name, "twilio"));
  }
  async function queued(target = "twilio") {
    return (await db.select().from(webOutbox).orderBy(asc(webOutbox.id))).filter(
      (r) => r.target === target,
    );
  }
  const contact = contactSchema.parse({
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    confirmEmail: "ada@example.com",
    comments: "Please call me back about the engine.",
    consent: true,
  });

  it("queues one SMS per new lead while Twilio is on and complete", async () => {
    await createContactMessage(db, contact, "contact:twilio-1");
    // A resubmission stores nothing new and sends nothing new.
    await createContactMessage(db, contact, "contact:twilio-1");
    await createConsultationRequest(
      db,
      consultationSchema.parse({ name: "Grace Hopper", email: "grace@example.com", message: "Hi" }),
      "consultation:twilio-1",
    );
    expect((await queued()).map((r) => [r.event, r.payload])).toEqual([
      [
        "lead.created",
        {
          body: "New contact message from Ada Lovelace (ada@example.com): Please call me back about the engine.",
        },
      ],
      [
        "lead.created",
        { body: "New consultation request from Grace Hopper (grace@example.com): Hi" },
      ],
    ]);

    await db.delete(webOutbox);
    await configure(false, { accountSid: SID, authToken: TOKEN, phoneNumber: SENDER });
    await createContactMessage(db, contact, "contact:twilio-2");
    await configure(true, { accountSid: SID, authToken: TOKEN, phoneNumber: SENDER });
    await createContactMessage(db, contact, "contact:twilio-3");
    expect(await queued()).toEqual([]);
  });

  it("sends the SMS to the recipient from the sender, with Basic auth, through the worker", async () => {
    await createContactMessage(db, contact, "contact:twilio-4");
    const worker = createOutboxWorker({ db, ...outboxTargets(env as Env), retryBaseMs: 1000 });
    expect(await worker.runDue()).toBe(1);
    await worker.idle();
    const [sms] = fake.messages();
    expect(sms?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(sms?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(sms?.auth).toEqual({ user: SID, password: TOKEN });
    expect(sms?.form).toEqual({
      To: RECIPIENT,
      From: SENDER,
      Body: "New contact message from Ada Lovelace (ada@example.com): Please call me back about the engine.",
    });
    const [row] = await queued();
    expect(row).toMatchObject({ status: "delivered", attempts: 1, lastStatus: 201 });
    expect(row?.lastAnswer).toBe(`201 SM${"1".padStart(32, "0")} queued`);
  });

  it("retries a 5xx, 429 or unreachable Twilio; gives up on a refusal or while off", async () => {
    await createContactMessage(db, contact, "contact:twilio-5");
    const [row] = await queued();
    if (!row) throw new Error("nothing queued");
    const deliver = twilioDeliverer(env);
    fake.answerWith(500, 429, 401);
    expect(await deliver(row, db)).toMatchObject({ kind: "retry", status: 500 });
    expect(await deliver(row, db)).toMatchObject({ kind: "retry", status: 429 });
    const refused = await deliver(row, db);
    expect(refused).toEqual({ kind: "give-up", answer: "401 Authenticate (Twilio error 20003)" });

    const down = await startFakeTwilio();
    await down.close();
    const unreachable = await twilioDeliverer({ TWILIO_API_URL: down.url })(row, db);
    expect(unreachable.kind).toBe("retry");
    expect(unreachable.answer).toMatch(/^Could not reach 127\.0\.0\.1:\d+/);

    await configure(true, { accountSid: SID, authToken: TOKEN, phoneNumber: SENDER });
    expect(await deliver(row, db)).toEqual({
      kind: "give-up",
      answer: "Twilio lacks a recipient number, so this SMS was not sent.",
    });
    await configure(false, {});
    expect(await deliver(row, db)).toEqual({
      kind: "give-up",
      answer: "Twilio is switched off, so this SMS was not sent.",
    });
    expect(fake.messages()).toHaveLength(3);
  });
});

describe("Test connection of the Twilio integration", () => {
  let fake: FakeTwilio;
  let env: Env;
  const config = {
    accountSid: SID,
    authToken: TOKEN,
    phoneNumber: SENDER,
    notifyNumber: RECIPIENT,
  };
  beforeAll(async () => {
    allowPrivate(true);
    fake = await startFakeTwilio();
    env = { TWILIO_API_URL: fake.url } as Env;
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("reads the account, sending nothing, and names it", async () => {
    expect(connectionTests.twilio).toBe(testTwilio);
    expect(await testTwilio(config, env)).toEqual({
      ok: true,
      message: "Connected to Twilio account Test account (active).",
    });
    const [request] = fake.received;
    expect(request).toMatchObject({ method: "GET", path: `/2010-04-01/Accounts/${SID}.json` });
    expect(request?.auth).toEqual({ user: SID, password: TOKEN });
    expect(fake.messages()).toEqual([]);
    expect(await testTwilio({ ...config, notifyNumber: "" }, env)).toEqual({
      ok: true,
      message:
        "Connected to Twilio account Test account (active). No lead alert is sent until a recipient number is set.",
    });
  });

  it("says clearly when Twilio refuses the keys or cannot be reached, with no secret", async () => {
    fake.answerWith(401);
    expect(await testTwilio(config, env)).toEqual({
      ok: false,
      message: "Twilio refused the account SID and auth token: check both and save again.",
    });
    fake.answerWith(503);
    const failing = await testTwilio(config, env);
    expect(failing).toEqual({
      ok: false,
      message: "Twilio answered 503: Internal Server Error (Twilio error 20500)",
    });
    const down = await startFakeTwilio();
    await down.close();
    const unreachable = await testTwilio(config, { TWILIO_API_URL: down.url } as Env);
    expect(unreachable.ok).toBe(false);
    expect(unreachable.message).toMatch(
      /^Could not reach 127\.0\.0\.1:\d+ \(the connection was refused\)\.$/,
    );
    expect(unreachable.message).not.toContain(TOKEN);
    expect(await testTwilio({ accountSid: SID }, env)).toEqual({
      ok: false,
      message: "Enter the account SID and the auth token first.",
    });
  });
});
