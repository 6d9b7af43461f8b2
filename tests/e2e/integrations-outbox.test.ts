import { createHmac } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminSession, openAdminTab, startAdminSession } from "../support/admin";
import { expectCleanPage, newPage } from "../support/browser";
import { type FakeCloudflare, startFakeCloudflare } from "../support/fake-cloudflare";
import { type FakeSendgrid, startFakeSendgrid } from "../support/fake-sendgrid";
import { type FakeTwilio, startFakeTwilio } from "../support/fake-twilio";
import { type FakeZapier, startFakeZapier } from "../support/fake-zapier";
import { apiClient, newSubmissionKey, solveBotCheck, uniqueEmail } from "../support/forms";
import { waitForMail } from "../support/mail";

// The integrations that send from the outbox, on one server for the file: a fast job runner
// (retries come after 6 ticks, doubling), the outbound rule lifted for the local fakes, and each
// vendor's API address pointed at its fake.
let session: AdminSession;
let zapier: FakeZapier;
let sendgrid: FakeSendgrid;
let twilio: FakeTwilio;
let cloudflare: FakeCloudflare;

const API_KEY = "zap-e2e-signing-key";
const FROM = "hello@aisolutions.example";
const SALES = "sales@aisolutions.example";
const SID = "AC00000000000000000000000000000e2e";
const TOKEN = "twilio-e2e-auth-token";
const SENDER = "+14155550100";
const RECIPIENT = "+14155550123";
const ZONE = "e2e0000000000000000000000000zone";
const CF_TOKEN = "cloudflare-e2e-api-token";

beforeAll(async () => {
  [zapier, sendgrid, twilio, cloudflare] = await Promise.all([
    startFakeZapier(),
    startFakeSendgrid(),
    startFakeTwilio(),
    startFakeCloudflare(),
  ]);
  session = await startAdminSession({
    ALLOW_PRIVATE_OUTBOUND: "1",
    JOBS_INTERVAL_MS: "200",
    SENDGRID_API_URL: sendgrid.url,
    TWILIO_API_URL: twilio.url,
    CLOUDFLARE_API_URL: cloudflare.url,
  });
});
afterAll(async () => {
  await session?.close();
  await Promise.all([zapier?.close(), sendgrid?.close(), twilio?.close(), cloudflare?.close()]);
});

/** A form post as the dashboard sends it (same origin); answers the response. */
async function postAdmin(path: string, form: Record<string, string>) {
  const response = await session.context.request.post(path, {
    form,
    headers: { origin: session.own.url },
    maxRedirects: 0,
  });
  expect(response.status(), `${path} ${form.intent}`).toBe(200);
  return response;
}

async function postIntegrations(form: Record<string, string>) {
  await postAdmin("/admin/integrations", form);
}

async function switchOn(integration: string, config: Record<string, string>) {
  await postIntegrations({ intent: "save-config", integration, ...config });
  await postIntegrations({ intent: "toggle", integration, enabled: "true" });
}

/** A contact form submission, as a visitor's browser sends it; answers its address. */
async function submitContact(firstName: string) {
  const email = uniqueEmail("outbox-lead");
  const submitted = await apiClient(session.own.url).post("/api/contact", {
    firstName,
    lastName: "Hopper",
    email,
    confirmEmail: email,
    phone: "",
    comments: "Please call me back.",
    consent: true,
    submissionKey: newSubmissionKey(),
    botCheck: await solveBotCheck(session.own.url),
  });
  expect(submitted.status).toBe(200);
  return email;
}

/** The newest mail delivery's cells (each cell's value: its last span) once it is no longer pending. */
async function newestMailDelivery(page: Page) {
  await openAdminTab(page, "/admin/integrations/deliveries", "Deliveries");
  const row = page.locator("tr[data-delivery]").filter({ hasText: "mail.send" }).first();
  let cells: (string | null)[] = [];
  await expect
    .poll(async () => {
      await page.reload();
      cells = await row
        .locator("td > span:last-child")
        .evaluateAll((spans) => spans.slice(0, 5).map((span) => span.textContent));
      return cells[2];
    })
    .not.toMatch(/^(Pending|undefined)$/);
  return cells;
}

describe("Zapier webhooks", () => {
  it("sends a new lead signed, retries after two 500s, and lists it delivered", async () => {
    await switchOn("zapier", { webhookUrl: zapier.url, apiKey: API_KEY });
    zapier.answerWith(500, 500);

    const email = await submitContact("Grace");

    const hooks = await zapier.waitForRequests(3, 30_000);
    expect(hooks.map((h) => h.answered)).toEqual([500, 500, 200]);
    // A retry is the same delivery: the same bytes, so the same id and signature.
    expect(new Set(hooks.map((h) => h.body)).size).toBe(1);
    const [hook] = hooks;
    const body = JSON.parse(hook?.body ?? "{}");
    expect(body).toMatchObject({
      event: "lead.created",
      data: { form: "contact", email, first_name: "Grace", comments: "Please call me back." },
    });
    const expected = `sha256=${createHmac("sha256", API_KEY)
      .update(hook?.body ?? "")
      .digest("hex")}`;
    expect(hook?.headers["x-signature-sha256"]).toBe(expected);

    const page = await newPage(session.context);
    await openAdminTab(page, "/admin/integrations", "Integrations");
    await page.getByRole("link", { name: "Deliveries", exact: true }).click();
    await page.getByRole("heading", { name: "Deliveries", exact: true }).waitFor();
    const row = page.locator(`tr[data-delivery="${body.id}"]`);
    // Each cell's value (its last span; the first is the label a phone shows).
    const cells = () =>
      row
        .locator("td > span:last-child")
        .evaluateAll((spans) => spans.slice(0, 5).map((span) => span.textContent));
    await expect
      .poll(async () => {
        await page.reload();
        return cells();
      })
      .toEqual([`lead.created#${body.id}`, "Zapier", "Delivered", "3", '200 {"status":"success"}']);

    // Resending a delivered event sends it again under a new id (a receiver drops repeats).
    await row.getByRole("button", { name: /^Resend/ }).click();
    await page.getByText("Queued again", { exact: true }).first().waitFor();
    const [, , , again] = await zapier.waitForRequests(4, 15_000);
    const resent = JSON.parse(again?.body ?? "{}");
    expect(resent.event).toBe("lead.created");
    expect(resent.id).not.toBe(body.id);
    expectCleanPage(page);
  });
});

describe("SendGrid", () => {
  it("sends the site's mail through SendGrid after two 500s, and by the mail folder when SendGrid refuses it", async () => {
    await switchOn("sendgrid", { apiKey: sendgrid.apiKey, fromEmail: FROM });
    sendgrid.answerWith(500, 500);

    const email = await submitContact("Grace");
    const tries = await sendgrid.waitForMails(3, 30_000);
    expect(tries.map((t) => t.answered)).toEqual([500, 500, 202]);
    const sent = tries[2];
    expect(sent?.headers.authorization).toBe(`Bearer ${sendgrid.apiKey}`);
    expect(sent?.json).toMatchObject({
      personalizations: [{ to: [{ email: SALES }] }],
      from: { email: FROM },
      reply_to: { email },
      subject: "New message from Grace Hopper",
      content: [{ type: "text/plain", value: expect.stringContaining("Please call me back.") }],
    });

    const page = await newPage(session.context);
    const delivered = await newestMailDelivery(page);
    expect(delivered).toEqual([
      expect.stringMatching(/^mail\.send#\d+$/),
      "SendGrid",
      "Delivered",
      "3",
      "202 Accepted",
    ]);

    // A key SendGrid refuses fails for good at once: the mail is written to the mail folder.
    await postIntegrations({
      intent: "save-config",
      integration: "sendgrid",
      apiKey: "SG.revoked-e2e-key",
      fromEmail: FROM,
    });
    await submitContact("Margaret");
    const mail = await waitForMail(session.own.dataDir, SALES, /New message from Margaret Hopper/);
    expect(mail.text).toContain("Please call me back.");
    const failed = await newestMailDelivery(page);
    expect(failed.slice(2, 4)).toEqual(["Failed", "1"]);
    expect(failed[4]).toMatch(/^Written to the mail folder instead\. 401 /);
    expect(failed[4]).not.toContain("revoked-e2e-key");
    expect(sendgrid.received.filter((r) => r.path === "/v3/mail/send")).toHaveLength(4);
    expectCleanPage(page);
  });
});

describe("Twilio lead alerts", () => {
  it("sends an SMS for a contact form submission, retried after two 500s, and lists it delivered", async () => {
    await switchOn("twilio", {
      accountSid: SID,
      authToken: TOKEN,
      phoneNumber: SENDER,
      notifyNumber: RECIPIENT,
    });
    twilio.answerWith(500, 500);
    const email = await submitContact("Grace");

    const tries = await twilio.waitForMessages(3, 30_000);
    expect(tries.map((t) => t.answered)).toEqual([500, 500, 201]);
    const sms = tries[2];
    expect(sms?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(sms?.auth).toEqual({ user: SID, password: TOKEN });
    expect(sms?.form).toEqual({
      To: RECIPIENT,
      From: SENDER,
      Body: `New contact message from Grace Hopper (${email}): Please call me back.`,
    });

    const page = await newPage(session.context);
    await openAdminTab(page, "/admin/integrations/deliveries", "Deliveries");
    const row = page.locator("tr[data-delivery]", { hasText: "Twilio" });
    const cells = () =>
      row
        .locator("td > span:last-child")
        .evaluateAll((spans) => spans.slice(1, 5).map((span) => span.textContent));
    await expect
      .poll(async () => {
        await page.reload();
        return cells();
      })
      .toEqual(["Twilio", "Delivered", "3", `201 SM${"1".padStart(32, "0")} queued`]);
    expectCleanPage(page);
    await page.close();
  });
});

describe("Cloudflare cache purges", () => {
  it("purges a published post's old and new addresses after the editor saves it", async () => {
    await switchOn("cloudflare", { zoneId: ZONE, apiToken: CF_TOKEN });
    const run = Date.now().toString(36);
    const created = await session.context.request.post("/api/create-blog-post", {
      headers: { origin: session.own.url },
      data: {
        title: `Cached post ${run}`,
        slug: `cached-${run}`,
        content: "Body.",
        published: true,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // The editor's save, with a new slug.
    await postAdmin("/admin/blog", {
      intent: "update-post",
      id: String(id),
      title: `Cached post ${run}`,
      slug: `moved-${run}`,
      content: "Edited body.",
      status: "published",
    });
    const site = session.own.url;
    const purge = await cloudflare.waitForPurge((p) =>
      Boolean(p.json?.files?.includes(`${site}/blog/moved-${run}`)),
    );
    expect(purge.path).toBe(`/client/v4/zones/${ZONE}/purge_cache`);
    expect(purge.headers.authorization).toBe(`Bearer ${CF_TOKEN}`);
    expect(purge.json?.files).toEqual([
      `${site}/blog/cached-${run}`,
      `${site}/blog/moved-${run}`,
      `${site}/blog`,
      `${site}/blog/rss.xml`,
      `${site}/`,
      `${site}/sitemap.xml`,
    ]);
  });
});
