import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "~/db/client.server";
import { webNewsletterSubscriptions } from "~/db/schema.server";
import { type AdminSession, startAdminSession } from "../support/admin";
import { expectCleanPage, newPage } from "../support/browser";
import { apiClient, SLOW, uniqueEmail, waitForHydration } from "../support/forms";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../support/mail";

/**
 * A newsletter from sign-up to inbox, on a server of its own that mails a local SMTP server and
 * looks for due work every 200 ms: a visitor gets no campaign until confirming, then the welcome
 * mail and the next campaign (HTML and text, both unsubscribe headers); a one-click unsubscribe
 * and a suppression keep them out of the next; pause and resume. The send panel's own checks are
 * in newsletter-campaigns-admin.test.ts; a scheduled campaign leaving on its own, once, with two
 * processes, in tests/stress/scale-out.test.ts (the panel schedules to the minute).
 */

let smtp: SmtpSink;
let session: AdminSession;
let request: APIRequestContext;
let page: Page;
const visitor = uniqueEmail("campaign-reader");
const suppressed = uniqueEmail("campaign-suppressed");

beforeAll(async () => {
  smtp = await startSmtpSink();
  session = await startAdminSession({ SMTP_URL: smtp.url, JOBS_INTERVAL_MS: "200" });
  // A reader the mail service reported as bouncing earlier (the webhook's write, done directly).
  await session.own.whileStopped(async () => {
    const client = await PGlite.create(path.join(session.own.dataDir, "db"));
    try {
      await openPglite(client)
        .db.insert(webNewsletterSubscriptions)
        .values({
          email: suppressed,
          status: "suppressed",
          unsubscribeToken: "s".repeat(43),
          suppressedReason: "bounce",
          suppressedAt: new Date(),
        });
    } finally {
      await client.close();
    }
  });
  request = session.context.request;
  page = await newPage(session.context);
  await saveSettings({ ratePerSecond: "0" });
});

afterAll(async () => {
  await session?.close();
  await smtp?.close();
});

const origin = () => ({ Origin: session.own.url });

/** Newsletter settings: double opt-in and the welcome mail on, the pace as given. */
async function saveSettings({ ratePerSecond }: { ratePerSecond: string }) {
  const answer = await request.post("/admin/newsletter/settings", {
    headers: origin(),
    form: {
      doubleOptIn: "on",
      welcomeEnabled: "on",
      welcomeSubject: "Welcome, campaign reader",
      welcomeBody: "Thanks for confirming.",
      ratePerSecond,
      dailyCap: "0",
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Saves a new campaign through the editor's action and answers its id. */
async function newCampaign(subject: string) {
  const answer = await request.post("/admin/newsletter/campaigns/new", {
    headers: origin(),
    data: {
      intent: "save",
      subject,
      previewText: "What changed this month",
      fromName: "The AI Solutions team",
      replyTo: "",
      audienceTags: [],
      body: [
        { id: "h1", type: "heading", v: 1, text: subject, level: "1" },
        { id: "t1", type: "text", v: 1, markdown: "Read **what changed** on [our blog](/blog)." },
        { id: "b1", type: "button", v: 1, label: "Book a call", href: "/schedule-consultation" },
      ],
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const list = await request.get("/admin/newsletter/campaigns?state=draft");
  const id = new RegExp(`/admin/newsletter/campaigns/(\\d+)"[^>]*>${subject}<`).exec(
    await list.text(),
  )?.[1];
  expect(id, "the campaign's link in the list").toBeTruthy();
  return Number(id);
}

async function step(id: number, form: Record<string, string>) {
  const answer = await request.post(`/admin/newsletter/campaigns/${id}/send`, {
    headers: origin(),
    form,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function live(id: number) {
  const answer = await request.get(`/admin/newsletter/campaigns/${id}/send`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as {
    status: string;
    counts: { recipients: number; queued: number; sent: number; skipped: number };
  };
}

async function waitForStatus(id: number, status: string) {
  await expect.poll(async () => (await live(id)).status, { timeout: 30_000 }).toBe(status);
}

function campaignMail(to: string, subject: string): ReceivedMail | undefined {
  return smtp.mailsTo(to, new RegExp(`^${subject}$`)).at(-1);
}

describe("a newsletter from sign-up to inbox", () => {
  it("sends nothing to a visitor until they confirm, then the welcome mail and the next campaign", async () => {
    const signUp = await apiClient(session.own.url).post("/api/newsletter-subscribe", {
      email: visitor,
    });
    expect(signUp.status, signUp.text).toBe(200);
    const confirmation = await smtp.waitForMail(visitor, /^Confirm your subscription/);

    // A campaign now reaches the confirmed readers only: the visitor is still pending.
    const first = await newCampaign("Before confirming");
    await step(first, { intent: "send-now" });
    await waitForStatus(first, "sent");
    expect(campaignMail(visitor, "Before confirming")).toBeUndefined();

    // The link asks first (mail scanners follow links); its button confirms.
    const link = confirmation.links.find((l) => l.includes("/newsletter/confirm?token=")) ?? "";
    await page.goto(link);
    const confirm = page.getByRole("button", { name: "Confirm subscription" });
    await waitForHydration(confirm);
    await confirm.click();
    await smtp.waitForMail(visitor, /^Welcome, campaign reader$/);
    expectCleanPage(page);

    const id = await newCampaign("After confirming");
    await step(id, { intent: "send-now" });
    await waitForStatus(id, "sent");
    const mail = campaignMail(visitor, "After confirming");
    expect(mail, "the campaign reached the confirmed reader").toBeDefined();
    const received = mail as ReceivedMail;
    expect(received.headers.get("content-type")).toMatch(/^multipart\/alternative/);
    // Inline styles, as mail clients need.
    expect(received.html).toMatch(/<strong style="[^"]+">what changed<\/strong>/);
    expect(received.html).toContain(`href="${session.own.url}/schedule-consultation"`);
    expect(received.text).toContain("Book a call");
    expect(received.headers.get("from")).toContain("The AI Solutions team");
    const unsubscribe = received.headers.get("list-unsubscribe") ?? "";
    expect(unsubscribe).toMatch(
      /^<https?:\/\/[^>]+\/newsletter\/unsubscribe\?token=[^>]+>, <mailto:/,
    );
    expect(received.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // The suppressed reader got neither campaign.
    expect(smtp.mailsTo(suppressed, /./)).toEqual([]);
    expect((await live(id)).counts.recipients).toBe(1);
  });

  it("skips a reader who unsubscribed with one click, without cookies, in the next campaign", async () => {
    const mail = campaignMail(visitor, "After confirming") as ReceivedMail;
    const link = /<(https?:\/\/[^>]+)>/.exec(mail.headers.get("list-unsubscribe") ?? "")?.[1];
    // A mail client's POST: no cookie, no Origin, exactly the RFC 8058 body.
    const oneClick = await fetch(link as string, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);

    const id = await newCampaign("After unsubscribing");
    await step(id, { intent: "send-now" });
    // Nobody confirmed is left: the campaign has no readers and is done at once.
    await waitForStatus(id, "sent");
    expect((await live(id)).counts.recipients).toBe(0);
    expect(campaignMail(visitor, "After unsubscribing")).toBeUndefined();
  });

  it("pauses and resumes a campaign, which then reaches everyone once", async () => {
    // Three confirmed readers (double opt-in off for the moment), sent one a second.
    const readers = [1, 2, 3].map((n) => uniqueEmail(`paced-${n}`));
    await request.post("/admin/newsletter/settings", {
      headers: origin(),
      form: { welcomeSubject: "Welcome", welcomeBody: "Hello.", ratePerSecond: "1", dailyCap: "0" },
    });
    for (const email of readers) {
      const answer = await apiClient(session.own.url).post("/api/newsletter-subscribe", { email });
      expect(answer.status, answer.text).toBe(200);
    }
    const id = await newCampaign("Paced campaign");
    await step(id, { intent: "send-now" });
    await expect.poll(async () => (await live(id)).counts.sent, SLOW).toBeGreaterThan(0);
    await step(id, { intent: "pause" });
    await waitForStatus(id, "paused");
    const sentWhenPaused = (await live(id)).counts.sent;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // At most the mail already claimed when the pause came still went.
    expect((await live(id)).counts.sent).toBeLessThanOrEqual(sentWhenPaused + 1);
    expect((await live(id)).counts.queued).toBeGreaterThan(0);

    await step(id, { intent: "resume" });
    await waitForStatus(id, "sent");
    for (const email of readers) {
      expect(smtp.mailsTo(email, /^Paced campaign$/)).toHaveLength(1);
    }
    await saveSettings({ ratePerSecond: "0" });
  });
});
