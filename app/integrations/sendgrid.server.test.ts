import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { webIntegrations, webOutbox } from "~/db/schema.server";
import { type Env, loadEnv } from "~/env.server";
import { createOutboxWorker } from "~/jobs/outbox.server";
import { type Mailer, type MailMessage, setMailer } from "~/mail/mailer.server";
import { createSiteMailer } from "~/mail/site-mailer.server";
import { type FakeSendgrid, startFakeSendgrid } from "../../tests/support/fake-sendgrid";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { connectionTests } from "./connection-tests.server";
import { outboxTargets } from "./deliverers.server";
import {
  createSendgridDeliverer,
  MAIL_GIVE_UP_AFTER_MS,
  sendgridMailBody,
  testSendgrid,
} from "./sendgrid.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sendgrid-"));
const FROM = "hello@aisolutions.example";

function envFor(apiUrl: string, allowPrivate = true): Env {
  return loadEnv({
    DATA_DIR: dataDir,
    SITE_URL: "https://www.example.com",
    ALLOW_PRIVATE_OUTBOUND: allowPrivate ? "1" : "0",
    SENDGRID_API_URL: apiUrl,
  });
}

/** A mailer standing in for SMTP or the mail folder, keeping what it was given. */
function directMailer(via: "smtp" | "folder"): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    via,
    sent,
    async send(message) {
      sent.push(message);
    },
    close() {},
  };
}

const notification: MailMessage = {
  to: "sales@example.com",
  subject: "New message from Ada Lovelace",
  text: "A visitor sent a message.",
  replyTo: "ada@example.com",
};

/** An address where nothing listens. */
async function closedPort() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe.each(backends)("SendGrid mail (%s)", (backend) => {
  let database: Database;
  let db: Db;
  let fake: FakeSendgrid;
  let env: Env;

  beforeAll(async () => {
    fake = await startFakeSendgrid();
    env = envFor(fake.url);
    database = await openSiteDatabase(backend);
    db = database.db;
  });
  afterAll(async () => {
    setMailer(undefined);
    await fake?.close();
    if (database) await closeSiteDatabase(database);
  });
  beforeEach(async () => {
    env = envFor(fake.url);
    fake.received.length = 0;
    fake.scopes = ["mail.send"];
    await db.delete(webOutbox);
    await configure(true, { apiKey: fake.apiKey, fromEmail: FROM });
  });

  async function configure(enabled: boolean, config: Record<string, string>) {
    await db
      .update(webIntegrations)
      .set({ enabled, config })
      .where(eq(webIntegrations.name, "sendgrid"));
  }

  async function queued() {
    return db.select().from(webOutbox).orderBy(asc(webOutbox.id));
  }

  it("queues each mail while SendGrid is on with a key and a from address, else sends directly", async () => {
    const direct = directMailer("folder");
    const mailer = createSiteMailer({ db, direct });
    await mailer.send({ ...notification, headers: { "List-Unsubscribe": "<https://x/u>" } });
    expect(direct.sent).toEqual([]);
    const [row] = await queued();
    expect(row).toMatchObject({
      event: "mail.send",
      target: "sendgrid",
      status: "pending",
      payload: { ...notification, headers: { "List-Unsubscribe": "<https://x/u>" } },
    });
    // Account mail is of no use hours later: it falls back after half an hour.
    expect((row?.giveUpAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(
      MAIL_GIVE_UP_AFTER_MS,
    );

    await db.delete(webOutbox);
    for (const [enabled, config] of [
      [false, { apiKey: fake.apiKey, fromEmail: FROM }],
      [true, { fromEmail: FROM }],
      [true, { apiKey: fake.apiKey }],
    ] as const) {
      await configure(enabled, config);
      await mailer.send(notification);
    }
    expect(await queued()).toEqual([]);
    expect(direct.sent).toEqual([notification, notification, notification]);
  });

  it("sends directly when the mail cannot be queued (the database away)", async () => {
    const direct = directMailer("smtp");
    const broken = {
      select() {
        throw new Error("the database is away");
      },
    } as unknown as Db;
    await createSiteMailer({ db: broken, direct }).send(notification);
    expect(direct.sent).toEqual([notification]);
  });

  it("posts the mail to SendGrid's v3 mail send from the from address", async () => {
    const mailer = createSiteMailer({ db, direct: directMailer("folder") });
    await mailer.send({ ...notification, html: "<p>Hi</p>", headers: { "X-Site": "1" } });
    const [row] = await queued();
    if (!row) throw new Error("nothing queued");
    expect(await createSendgridDeliverer(env)(row, db)).toEqual({
      kind: "delivered",
      status: 202,
      answer: "202 Accepted",
    });
    const [request] = fake.received;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v3/mail/send");
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.json).toEqual({
      personalizations: [{ to: [{ email: "sales@example.com" }] }],
      from: { email: FROM },
      reply_to: { email: "ada@example.com" },
      subject: "New message from Ada Lovelace",
      content: [
        { type: "text/plain", value: "A visitor sent a message." },
        { type: "text/html", value: "<p>Hi</p>" },
      ],
      headers: { "X-Site": "1" },
    });
    expect(sendgridMailBody({ to: "a@x.org, b@x.org", subject: "s", text: "t" }, FROM)).toEqual({
      personalizations: [{ to: [{ email: "a@x.org" }, { email: "b@x.org" }] }],
      from: { email: FROM },
      subject: "s",
      content: [{ type: "text/plain", value: "t" }],
    });
  });

  it("gives up on a refused key or request, retries throttling, errors and silence", async () => {
    await createSiteMailer({ db, direct: directMailer("folder") }).send(notification);
    const [row] = await queued();
    if (!row) throw new Error("nothing queued");
    const deliver = createSendgridDeliverer(env);
    const kinds: [number, string][] = [];
    for (const status of [400, 401, 403, 413, 408, 429, 500, 503]) {
      fake.answerWith(status);
      const outcome = await deliver(row, db);
      kinds.push([status, outcome.kind]);
      expect(outcome.answer).toMatch(new RegExp(`^${status} `));
      expect(outcome.answer).not.toContain(fake.apiKey);
    }
    expect(kinds).toEqual([
      [400, "give-up"],
      [401, "give-up"],
      [403, "give-up"],
      [413, "give-up"],
      [408, "retry"],
      [429, "retry"],
      [500, "retry"],
      [503, "retry"],
    ]);

    // A wrong key: the fake refuses it, as SendGrid does.
    await configure(true, { apiKey: "SG.wrong-key-1234", fromEmail: FROM });
    const refused = await deliver(row, db);
    expect(refused).toMatchObject({ kind: "give-up" });
    expect(refused.answer).toMatch(/^401 .*authorization grant is invalid/);

    await configure(true, { apiKey: fake.apiKey, fromEmail: FROM });
    const away = await createSendgridDeliverer(envFor(await closedPort()))(row, db);
    expect(away).toMatchObject({ kind: "retry", answer: expect.stringMatching(/refused/) });
    // Outside tests only https to public addresses is called.
    const refusedAddress = await createSendgridDeliverer(envFor(fake.url, false))(row, db);
    expect(refusedAddress).toMatchObject({ kind: "retry", answer: expect.stringMatching(/https/) });

    await configure(false, { apiKey: fake.apiKey, fromEmail: FROM });
    expect(await deliver(row, db)).toEqual({
      kind: "give-up",
      answer: "SendGrid is switched off, so it did not send this.",
    });
    await configure(true, { fromEmail: FROM });
    expect((await deliver(row, db)).kind).toBe("give-up");
  });

  it("sends a mail SendGrid failed for good by SMTP or the mail folder, and says so", async () => {
    for (const via of ["folder", "smtp"] as const) {
      await db.delete(webOutbox);
      const direct = directMailer(via);
      setMailer(createSiteMailer({ db, direct }));
      const worker = createOutboxWorker({ db, ...outboxTargets(env), retryBaseMs: 1 });
      fake.answerWith(401);
      await createSiteMailer({ db, direct }).send(notification);
      await worker.runDue();
      await worker.idle();
      const [row] = await queued();
      expect(row).toMatchObject({ status: "failed", attempts: 1 });
      expect(row?.lastAnswer).toMatch(
        via === "smtp"
          ? /^Sent by SMTP instead\. 401 /
          : /^Written to the mail folder instead\. 401 /,
      );
      // The fallback sends directly, never through SendGrid again.
      expect(direct.sent).toEqual([notification]);
      expect(await queued()).toHaveLength(1);
    }

    // Half an hour of failures: the last try falls back too.
    await db.delete(webOutbox);
    const direct = directMailer("smtp");
    setMailer(createSiteMailer({ db, direct }));
    await createSiteMailer({ db, direct }).send(notification);
    const [pending] = await queued();
    if (!pending) throw new Error("nothing queued");
    let clock = pending.createdAt.getTime() + 1000;
    const worker = createOutboxWorker({
      db,
      ...outboxTargets(env),
      retryBaseMs: 60_000,
      now: () => new Date(clock),
    });
    fake.answerWith(503, 503);
    await worker.runDue();
    await worker.idle();
    expect(direct.sent).toEqual([]);
    clock = pending.giveUpAt.getTime();
    await worker.runDue();
    await worker.idle();
    const [failed] = await queued();
    expect(failed).toMatchObject({ status: "failed", attempts: 2 });
    expect(failed?.lastAnswer).toMatch(/^Sent by SMTP instead\. 503 /);
    expect(direct.sent).toEqual([notification]);
  });

  it("tests the connection by asking for the key's scopes, sending no mail", async () => {
    expect(connectionTests.sendgrid).toBe(testSendgrid);
    const config = { apiKey: fake.apiKey, fromEmail: FROM };
    expect(await testSendgrid(config, env)).toEqual({
      ok: true,
      message: "SendGrid accepted the API key; it may send mail.",
    });
    const [request] = fake.received;
    expect(request).toMatchObject({ method: "GET", path: "/v3/scopes" });
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);

    fake.scopes = ["user.profile.read"];
    expect(await testSendgrid(config, env)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/lacks the Mail Send permission/),
    });

    const wrong = { apiKey: "SG.wrong-key-1234", fromEmail: FROM };
    expect(await testSendgrid(wrong, env)).toEqual({
      ok: false,
      message: "SendGrid refused the API key (401).",
    });

    fake.answerWith(503);
    const busy = await testSendgrid(config, env);
    expect(busy).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^SendGrid answered 503/),
    });

    const away = await testSendgrid(config, envFor(await closedPort()));
    expect(away.ok).toBe(false);
    expect(away.message).toMatch(
      /^Could not reach 127\.0\.0\.1:\d+ \(the connection was refused\)\.$/,
    );
    expect(await testSendgrid({ fromEmail: FROM }, env)).toEqual({
      ok: false,
      message: "Enter the API key first.",
    });
    for (const result of [busy, away]) expect(result.message).not.toContain(fake.apiKey);
    expect(fake.received.filter((r) => r.path === "/v3/mail/send")).toEqual([]);
  });
});
