import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "~/auth/auth.server";
import { CONSENT_COOKIE, CONSENT_VERSION, serializeConsent } from "~/consent/consent";
import type { Database } from "~/db/client.server";
import {
  webConsultationRequests,
  webContactMessages,
  webIntegrations,
  webNewsletterConsents,
  webNewsletterSubscriptions,
  webOutbox,
  webSettings,
} from "~/db/schema.server";
import { loadEnv } from "~/env.server";
import { createAltchaChallenge } from "~/lib/bot-check.server";
import { logger } from "~/lib/logger.server";
import { type MailMessage, setMailer } from "~/mail/mailer.server";
import { confirmSubscription, unsubscribeByToken } from "~/models/newsletter.server";
import { invalidateSiteCache } from "~/models/site.server";
import {
  backends,
  closeSiteDatabase,
  createTestDatabase,
  openSiteDatabase,
} from "../../tests/support/test-database";
import { readFormPayload } from "./payload.server";
import { submitConsultation, submitContact, submitNewsletter } from "./submissions.server";

const SESSION_SECRET = "form-tests-".repeat(5);
let dataDir: string;
let sent: MailMessage[];

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-"));
  loadEnv({ DATA_DIR: dataDir, SESSION_SECRET, SITE_URL: "https://www.example.com" });
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let addressCounter = 0;
/** A request from its own client address, so rate limits do not carry over between tests. */
function visitor(address = `203.0.113.${++addressCounter}`) {
  return new Request("https://www.example.com/api/x", {
    method: "POST",
    headers: { [CLIENT_ADDRESS_HEADER]: address },
  });
}

async function solvedToken() {
  const challenge = await createAltchaChallenge(SESSION_SECRET);
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

const contact = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  confirmEmail: "ada@example.com",
  phone: "+1 813 555 0100",
  comments: "Please call me about a voice agent.",
  consent: true,
};

/** Mails go out in the background; give them a moment. */
async function mailsTo(address: string, count: number) {
  await vi.waitFor(() => expect(sent.filter((m) => m.to === address)).toHaveLength(count));
  return sent.filter((m) => m.to === address);
}

describe.each(backends)("visitor form submissions on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await openSiteDatabase(backend);
    sent = [];
    setMailer({
      async send(message) {
        sent.push(message);
      },
      close() {},
    });
  });
  afterEach(async () => {
    setMailer(undefined);
    await closeSiteDatabase(database);
  });

  describe("newsletter", () => {
    async function newsletterSettings(values: Record<string, string>) {
      for (const [key, value] of Object.entries(values)) {
        await database.db
          .insert(webSettings)
          .values({ key, value })
          .onConflictDoUpdate({ target: webSettings.key, set: { value } });
      }
      invalidateSiteCache();
    }
    const doubleOptInOff = () => newsletterSettings({ newsletter_double_opt_in: "false" });
    const welcomeOn = () =>
      newsletterSettings({
        newsletter_welcome_enabled: "true",
        newsletter_welcome_subject: "Hello from us",
        newsletter_welcome_body: "Glad you're here.",
      });
    const consents = () =>
      database.db.select().from(webNewsletterConsents).orderBy(asc(webNewsletterConsents.id));
    const subscriptions = () => database.db.select().from(webNewsletterSubscriptions);
    const success = {
      message: "You've been subscribed to our newsletter.",
      status: "subscribed",
      confirmationRequired: true,
    };

    it("with double opt-in on (the default) stores the address pending and mails only the confirmation link", async () => {
      const first = await submitNewsletter(visitor(), {
        email: "Reader@Example.com",
        source: "footer",
      });
      expect(first).toEqual({ ok: true, status: 200, body: success });
      const [row] = await subscriptions();
      expect(row).toMatchObject({ email: "reader@example.com", status: "pending" });
      expect(row?.confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(row?.confirmToken).not.toBe(row?.unsubscribeToken);
      expect(await consents()).toMatchObject([
        {
          subscriptionId: row?.id,
          source: "footer",
          wordingVersion: "2026-11-27",
          confirmed: false,
        },
      ]);
      const [mail] = await mailsTo("reader@example.com", 1);
      expect(mail?.subject).toMatch(/^Confirm your subscription/);
      expect(mail?.text).toContain(
        `https://www.example.com/newsletter/confirm?token=${row?.confirmToken}`,
      );
      expect(mail?.text).toContain("If this wasn't you, ignore this mail");
      // Not a list mail: no unsubscribe header, no unsubscribe link, no marketing.
      expect(mail?.headers).toBeUndefined();
      expect(mail?.text).not.toContain("unsubscribe");
    });

    it("answers a pending address like a new one and mails it at most once every few minutes", async () => {
      await submitNewsletter(visitor(), { email: "twice@example.com" });
      const again = await submitNewsletter(visitor(), { email: "twice@example.com" });
      expect(again).toEqual({ ok: true, status: 200, body: success });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [first] = await mailsTo("twice@example.com", 1);
      // The few minutes have passed: the same link comes again.
      await database.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second'`);
      await database.db.execute(
        sql`update web_newsletter_subscriptions set subscribed_at = now() - interval '6 minutes'`,
      );
      await submitNewsletter(visitor(), { email: "twice@example.com" });
      const mails = await mailsTo("twice@example.com", 2);
      expect(mails[1]?.text).toBe(first?.text);
      expect(await subscriptions()).toHaveLength(1);
      expect(await consents()).toHaveLength(1);
    });

    it("stores one row and mails one link when the same address arrives many times at once", async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => submitNewsletter(visitor(), { email: "race@example.com" })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(await subscriptions()).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await mailsTo("race@example.com", 1);
    });

    it("sends an unsubscribed address back to pending with a new link, mailed at once", async () => {
      await submitNewsletter(visitor(), { email: "back@example.com" });
      const [pending] = await subscriptions();
      await confirmSubscription(database.db, pending?.confirmToken as string);
      await unsubscribeByToken(database.db, pending?.unsubscribeToken as string);
      // Within the few minutes of the first mail: a new link is not held back.
      const again = await submitNewsletter(visitor(), {
        email: "back@example.com",
        source: "page",
      });
      expect(again).toEqual({ ok: true, status: 200, body: success });
      const [row] = await subscriptions();
      expect(row).toMatchObject({ status: "pending" });
      expect(row?.confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(row?.confirmToken).not.toBe(pending?.confirmToken);
      expect((await consents()).map((c) => [c.source, c.confirmed])).toEqual([
        ["api", false],
        ["api", true],
        ["page", false],
      ]);
      const mails = await mailsTo("back@example.com", 2);
      expect(mails[1]?.text).toContain(`/newsletter/confirm?token=${row?.confirmToken}`);
    });

    it("answers a suppressed address exactly like a new one, and changes and mails nothing", async () => {
      await database.db.insert(webNewsletterSubscriptions).values({
        email: "bounced@example.com",
        status: "suppressed",
        unsubscribeToken: "s".repeat(43),
        suppressedReason: "bounce",
        suppressedAt: new Date(),
      });
      const before = await subscriptions();
      const answer = await submitNewsletter(visitor(), { email: "bounced@example.com" });
      const fresh = await submitNewsletter(visitor(), { email: "fresh@example.com" });
      expect(answer).toEqual(fresh);
      await mailsTo("fresh@example.com", 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sent.filter((m) => m.to === "bounced@example.com")).toEqual([]);
      const after = await subscriptions();
      expect(after.find((r) => r.email === "bounced@example.com")).toEqual(before[0]);
      expect((await consents()).map((c) => c.subscriptionId)).not.toContain(before[0]?.id);

      // Off, the same: no mail, no change, the answer of a new address.
      await doubleOptInOff();
      await welcomeOn();
      const off = await submitNewsletter(visitor(), { email: "bounced@example.com" });
      expect(off).toEqual({
        ok: true,
        status: 200,
        body: { ...success, confirmationRequired: false },
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sent.filter((m) => m.to === "bounced@example.com")).toEqual([]);
    });

    it("with double opt-in off subscribes at once (consent unconfirmed) and says so for a repeat", async () => {
      await doubleOptInOff();
      const first = await submitNewsletter(visitor(), { email: "Reader@Example.com" });
      expect(first).toEqual({
        ok: true,
        status: 200,
        body: { ...success, confirmationRequired: false },
      });
      const [row] = await subscriptions();
      expect(row).toMatchObject({
        email: "reader@example.com",
        status: "active",
        confirmToken: null,
      });
      expect(row?.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await consents()).toMatchObject([{ source: "api", confirmed: false }]);
      // The welcome mail is off by default.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sent).toEqual([]);

      const repeat = await submitNewsletter(visitor(), { email: "reader@example.com" });
      expect(repeat).toMatchObject({
        ok: false,
        status: 409,
        body: { error: "Email already subscribed" },
      });
      expect(await subscriptions()).toHaveLength(1);
    });

    it("with double opt-in off mails the staff's welcome, with both List-Unsubscribe headers", async () => {
      await doubleOptInOff();
      await welcomeOn();
      await submitNewsletter(visitor(), { email: "welcome@example.com" });
      const [row] = await subscriptions();
      const [welcome] = await mailsTo("welcome@example.com", 1);
      const link = `https://www.example.com/newsletter/unsubscribe?token=${row?.unsubscribeToken}`;
      expect(welcome?.subject).toBe("Hello from us");
      expect(welcome?.text).toMatch(/^Glad you're here\.\n/);
      expect(welcome?.text).toContain(link);
      expect(welcome?.html).toBeUndefined();
      expect(welcome?.headers).toEqual({
        "List-Unsubscribe": `<${link}>, <mailto:hello@aisolutions.example?subject=unsubscribe%20${row?.unsubscribeToken}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    });

    it("with double opt-in off re-activates an address that had unsubscribed", async () => {
      await doubleOptInOff();
      await submitNewsletter(visitor(), { email: "back@example.com" });
      await database.db
        .update(webNewsletterSubscriptions)
        .set({ status: "unsubscribed", unsubscribedAt: new Date() });
      const again = await submitNewsletter(visitor(), { email: "back@example.com" });
      expect(again).toMatchObject({ ok: true, body: { status: "reactivated" } });
      const [row] = await subscriptions();
      expect(row).toMatchObject({ status: "active", unsubscribedAt: null });
    });

    it("with double opt-in off stores one row when the same address arrives many times at once", async () => {
      await doubleOptInOff();
      const results = await Promise.all(
        Array.from({ length: 8 }, () => submitNewsletter(visitor(), { email: "race@example.com" })),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(7);
      expect(await subscriptions()).toHaveLength(1);
      expect(await consents()).toHaveLength(1);
    });

    it("refuses a source other than the footer, a page or the API", async () => {
      const result = await submitNewsletter(visitor(), {
        email: "a@example.com",
        source: "import",
      });
      expect(result).toMatchObject({ ok: false, status: 400, body: { code: "validation" } });
      expect(await subscriptions()).toEqual([]);
    });

    it("answers bad input with 400 and the field's message", async () => {
      for (const values of [{}, { email: "nope" }, { email: ["a@b.co"] }, { email: null }]) {
        const result = await submitNewsletter(visitor(), values);
        expect(result).toMatchObject({
          ok: false,
          status: 400,
          body: {
            code: "validation",
            fieldErrors: { email: "Please enter a valid email address." },
          },
        });
      }
      for (const values of [null, "text", [1]]) {
        expect(await submitNewsletter(visitor(), values)).toMatchObject({ status: 400 });
      }
    });
  });

  describe("consultation", () => {
    it("stores the request as a lead and mails the sales address", async () => {
      const result = await submitConsultation(visitor(), {
        name: "Grace Hopper",
        email: "grace@example.com",
        company: "Navy",
        serviceType: "Voice AI Integration",
        preferredTime: "Flexible",
        message: "Phones ring all day.",
      });
      expect(result).toMatchObject({ ok: true, status: 200, body: { success: true } });
      const [lead] = await database.db.select().from(webConsultationRequests);
      expect(lead).toMatchObject({
        name: "Grace Hopper",
        email: "grace@example.com",
        company: "Navy",
        serviceType: "Voice AI Integration",
        preferredTime: "Flexible",
        status: "new",
      });
      const [mail] = await mailsTo("sales@aisolutions.example", 1);
      expect(mail?.replyTo).toBe("grace@example.com");
      expect(mail?.text).toContain("Voice AI Integration");
      expect(mail?.text).toContain("Phones ring all day.");
    });

    it("mails the sales address the admin stored", async () => {
      await database.db
        .update(webSettings)
        .set({ value: "leads@example.com" })
        .where(eq(webSettings.key, "sales_email"));
      invalidateSiteCache();
      await submitConsultation(visitor(), { name: "A", email: "a@example.com" });
      await mailsTo("leads@example.com", 1);
    });

    it("stores a resubmission with the same key once, and answers both", async () => {
      const values = { name: "A", email: "a@example.com", submissionKey: "k".repeat(24) };
      const results = await Promise.all([
        submitConsultation(visitor(), values),
        submitConsultation(visitor(), values),
        submitConsultation(visitor(), values),
      ]);
      expect(results.every((r) => r.ok)).toBe(true);
      expect(await database.db.select().from(webConsultationRequests)).toHaveLength(1);
      await mailsTo("sales@aisolutions.example", 1);
    });

    it("treats an identical request without a key as a double submit", async () => {
      const values = { name: "A", email: "a@example.com", message: "same" };
      await submitConsultation(visitor(), values);
      await submitConsultation(visitor(), values);
      await submitConsultation(visitor(), { ...values, message: "different" });
      expect(await database.db.select().from(webConsultationRequests)).toHaveLength(2);
    });

    it("returns the stored booking link, or the cal.com one when that integration is on", async () => {
      const values = { name: "A", email: "a@example.com" };
      expect(await submitConsultation(visitor(), values)).toMatchObject({
        body: { bookingUrl: "https://cal.com/aisolutions/consultation" },
      });
      await database.db
        .update(webIntegrations)
        .set({ enabled: true, config: { username: "acme", eventTypeSlug: "intro", apiKey: "k" } })
        .where(eq(webIntegrations.name, "cal_com"));
      expect(await submitConsultation(visitor(), { ...values, message: "second" })).toMatchObject({
        body: { bookingUrl: "https://cal.com/acme/intro" },
      });

      await database.db.update(webIntegrations).set({ enabled: false });
      await database.db
        .update(webSettings)
        .set({ value: "" })
        .where(eq(webSettings.key, "booking_url"));
      invalidateSiteCache();
      const none = await submitConsultation(visitor(), { ...values, message: "third" });
      expect(none.ok && "bookingUrl" in none.body).toBe(false);
    });

    it("answers missing name and email with 400 and both messages", async () => {
      expect(await submitConsultation(visitor(), { phone: "1" })).toMatchObject({
        status: 400,
        body: { fieldErrors: { name: "Name is required", email: "Email is required" } },
      });
      expect(await database.db.select().from(webConsultationRequests)).toHaveLength(0);
    });
  });

  describe("contact", () => {
    it("needs a bot-check token, then stores the message once and mails it", async () => {
      expect(await submitContact(visitor(), contact)).toMatchObject({
        status: 400,
        body: {
          code: "verification_required",
          error: "Please complete the security verification.",
        },
      });
      const token = await solvedToken();
      const values = { ...contact, botCheck: token, submissionKey: "c".repeat(24) };
      expect(await submitContact(visitor(), values)).toMatchObject({ ok: true, status: 200 });
      const [message] = await database.db.select().from(webContactMessages);
      expect(message).toMatchObject({
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        comments: contact.comments,
        consent: true,
        status: "new",
      });
      const [mail] = await mailsTo("sales@aisolutions.example", 1);
      expect(mail?.text).toContain(contact.comments);

      // The answer got lost and the browser sends the same submission again: no new row, no error.
      expect(await submitContact(visitor(), values)).toMatchObject({ ok: true });
      // The same proof on a new message is a replay.
      expect(
        await submitContact(visitor(), { ...values, submissionKey: "d".repeat(24) }),
      ).toMatchObject({ status: 400, body: { code: "verification_failed" } });
      expect(await database.db.select().from(webContactMessages)).toHaveLength(1);
    });

    it("answers both copies of a double post sent at the same moment, storing one", async () => {
      const values = { ...contact, botCheck: await solvedToken(), submissionKey: "e".repeat(24) };
      const results = await Promise.all([
        submitContact(visitor(), values),
        submitContact(visitor(), values),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(await database.db.select().from(webContactMessages)).toHaveLength(1);
    });

    it("refuses a forged token and stores nothing", async () => {
      const forged = Buffer.from(JSON.stringify({ challenge: {}, solution: {} })).toString(
        "base64",
      );
      expect(await submitContact(visitor(), { ...contact, botCheck: forged })).toMatchObject({
        status: 400,
        body: { code: "verification_failed" },
      });
      expect(await database.db.select().from(webContactMessages)).toHaveLength(0);
    });

    it("checks the fields before spending the token", async () => {
      const token = await solvedToken();
      const result = await submitContact(visitor(), {
        ...contact,
        confirmEmail: "other@example.com",
        botCheck: token,
      });
      expect(result).toMatchObject({
        status: 400,
        body: { fieldErrors: { confirmEmail: "Emails do not match" } },
      });
      expect(await submitContact(visitor(), { ...contact, botCheck: token })).toMatchObject({
        ok: true,
      });
    });
  });

  it("limits each address to 10 submissions per form in 10 minutes", async () => {
    const address = "198.51.100.7";
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await submitNewsletter(visitor(address), { email: `n${i}@example.com` })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const refused = await submitNewsletter(visitor(address), { email: "late@example.com" });
    expect(refused).toMatchObject({ status: 429 });
    expect(refused.ok ? undefined : refused.retryAfter).toBeGreaterThan(0);
    // Another form from the same address, and the same form from another address, still work.
    expect(
      (await submitConsultation(visitor(address), { name: "A", email: "a@example.com" })).status,
    ).toBe(200);
    expect((await submitNewsletter(visitor(), { email: "other@example.com" })).status).toBe(200);
  });

  it("counts an IPv6 visitor's whole /64 as one address", async () => {
    for (let i = 0; i < 10; i++) {
      await submitNewsletter(visitor(`2001:db8:7:7::${i + 1}`), { email: `v6-${i}@example.com` });
    }
    expect(
      (await submitNewsletter(visitor("2001:db8:7:7:ffff::1"), { email: "v6@example.com" })).status,
    ).toBe(429);
  });

  describe("Google Analytics lead events", () => {
    const consented = [
      `${CONSENT_COOKIE}=${encodeURIComponent(
        serializeConsent({
          version: CONSENT_VERSION,
          decidedAt: 1_764_000_000,
          granted: { analytics: true },
        }),
      )}`,
      "_ga=GA1.1.1234567890.1700000000",
      "_ga_TEST123=GS2.1.s1700000789$o4$g1$t1700000999$j60$l0$h0",
    ].join("; ");
    function withCookies(cookie: string) {
      const request = visitor();
      request.headers.set("cookie", cookie);
      return request;
    }
    async function leadEvents() {
      const rows = await database.db.select().from(webOutbox).orderBy(asc(webOutbox.id));
      return rows
        .filter((r) => r.target === "google_analytics")
        .map((r) => (r.payload.events as { params: { form_name: string } }[])[0]?.params);
    }
    beforeEach(async () => {
      await database.db
        .update(webIntegrations)
        .set({ enabled: true, config: { measurementId: "G-TEST123", apiSecret: "ga-secret" } })
        .where(eq(webIntegrations.name, "google_analytics"));
    });

    it("queues generate_lead for each new lead and sign-up of a visitor who consented", async () => {
      const contactValues = {
        ...contact,
        botCheck: await solvedToken(),
        submissionKey: "g".repeat(24),
      };
      expect(await submitContact(withCookies(consented), contactValues)).toMatchObject({
        ok: true,
      });
      // A resubmission of a stored message is no new lead.
      expect(await submitContact(withCookies(consented), contactValues)).toMatchObject({
        ok: true,
      });
      const consultation = { name: "A", email: "a@example.com", submissionKey: "h".repeat(24) };
      await submitConsultation(withCookies(consented), consultation);
      await submitConsultation(withCookies(consented), consultation);
      await submitNewsletter(withCookies(consented), { email: "ga@example.com" });
      // The same address again (still awaiting confirmation) is no new lead.
      expect(
        await submitNewsletter(withCookies(consented), { email: "ga@example.com" }),
      ).toMatchObject({ status: 200 });
      const session = { engagement_time_msec: 1, session_id: "1700000789" };
      expect(await leadEvents()).toEqual([
        { form_name: "contact", ...session },
        { form_name: "consultation", ...session },
        { form_name: "newsletter", ...session },
      ]);
      const rows = await database.db.select().from(webOutbox);
      expect(JSON.stringify(rows)).not.toContain("ga-secret");
    });

    it("queues none for a visitor who did not consent or a client without cookies", async () => {
      await submitNewsletter(visitor(), { email: "api@example.com" });
      await submitNewsletter(withCookies("_ga=GA1.1.1234567890.1700000000"), {
        email: "undecided@example.com",
      });
      const gpc = withCookies(consented);
      gpc.headers.set("Sec-GPC", "1");
      await submitConsultation(gpc, { name: "A", email: "a@example.com" });
      expect(await leadEvents()).toEqual([]);
    });

    it("still takes the submission when the event cannot be queued", async () => {
      const logged = vi.spyOn(logger, "error").mockImplementation(() => logger);
      await database.db.execute(sql`alter table web_outbox rename to web_outbox_away`);
      try {
        expect(
          await submitNewsletter(withCookies(consented), { email: "kept@example.com" }),
        ).toMatchObject({ ok: true, status: 200 });
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ form: "newsletter" }),
          "the Google Analytics lead event was not queued",
        );
      } finally {
        await database.db.execute(sql`alter table web_outbox_away rename to web_outbox`);
        logged.mockRestore();
      }
      expect(await database.db.select().from(webNewsletterSubscriptions)).toHaveLength(1);
    });
  });

  it("answers a database failure with a plain 500 and logs it", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => logger);
    await database.close();
    const result = await submitNewsletter(visitor(), { email: "a@example.com" });
    expect(result).toEqual({
      ok: false,
      status: 500,
      body: { error: "Something went wrong on our side. Please try again later." },
      retryAfter: undefined,
    });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    database = await createTestDatabase(backend);
  });
});

describe("reading a submission", () => {
  function post(body: BodyInit, type?: string, extra: Record<string, string> = {}) {
    return readFormPayload(
      new Request("http://x/api", {
        method: "POST",
        body,
        headers: { ...(type ? { "content-type": type } : {}), ...extra },
      }),
    );
  }

  it("takes JSON objects and form posts", async () => {
    expect(await post('{"email":"a@b.co"}', "application/json")).toEqual({
      ok: true,
      values: { email: "a@b.co" },
    });
    expect(await post("email=a%40b.co&consent=on", "application/x-www-form-urlencoded")).toEqual({
      ok: true,
      values: { email: "a@b.co", consent: "on" },
    });
    const form = new FormData();
    form.set("email", "a@b.co");
    const multipart = new Request("http://x/api", { method: "POST", body: form });
    const bytes = await multipart.arrayBuffer();
    const withLength = new Request("http://x/api", {
      method: "POST",
      body: bytes,
      headers: {
        "content-type": multipart.headers.get("content-type") ?? "",
        "content-length": String(bytes.byteLength),
      },
    });
    expect(await readFormPayload(withLength)).toEqual({ ok: true, values: { email: "a@b.co" } });
  });

  it.each([
    ["broken JSON", "{", "application/json", 400],
    ["a JSON array", "[1]", "application/json", 400],
    ["JSON null", "null", "application/json", 400],
    ["plain text", "email=a@b.co", "text/plain", 415],
    ["no content type", "{}", undefined, 415],
    ["a body over 64 KB", `{"x":"${"a".repeat(70_000)}"}`, "application/json", 413],
  ])("refuses %s", async (_what, body, type, status) => {
    expect(await post(body, type)).toMatchObject({ ok: false, status });
  });
});
