import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, createAdmin, openAdminTab, signedInContext } from "../support/admin";
import { expectCleanPage, launchBrowser, newPage } from "../support/browser";
import { createSendgridEventSender } from "../support/fake-sendgrid";
import { apiClient, expectToast, uniqueEmail, waitForHydration } from "../support/forms";
import { sharedServer } from "../support/shared-server";

/**
 * Bounces reaching the site: the admin pastes SendGrid's verification key on the SendGrid card
 * (whose help names the address to give SendGrid), and the SendGrid fake posts signed events to
 * the shared server. A hard bounce suppresses the subscriber; a forged or replayed one changes
 * nothing. Setting only the key leaves SendGrid switched off, so the other files' mail is as before.
 */

const { url: baseURL, dataDir } = sharedServer();
const sendgrid = createSendgridEventSender();
const FROM = "hello@aisolutions.example";

let browser: Browser;
let admin: Account;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createAdmin(dataDir);
  context = await signedInContext(browser, baseURL, admin, {
    viewport: { width: 1280, height: 900 },
  });
  page = await newPage(context);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function subscribe(email: string) {
  const answer = await apiClient(baseURL).post("/api/newsletter-subscribe", { email });
  expect(answer.status, answer.text).toBe(200);
}

/** The subscriber's line of the Newsletter tab's CSV export: email, status, times. */
async function exported(email: string) {
  const response = await context.request.get(
    `/admin/newsletter/export?q=${encodeURIComponent(email)}`,
  );
  expect(response.status()).toBe(200);
  const [header, line] = (await response.text()).trimEnd().split("\r\n");
  const columns = (header ?? "").split(",");
  const cells = (line ?? "").split(",");
  return Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ""]));
}

function hardBounce(email: string, timestamp = Math.floor(Date.now() / 1000)) {
  return [
    { email, event: "processed", timestamp, sg_event_id: `p-${email}` },
    {
      email,
      event: "bounce",
      type: "bounce",
      reason: "550 5.1.1 The email account that you tried to reach does not exist.",
      status: "5.1.1",
      timestamp,
      sg_event_id: `b-${email}`,
    },
  ];
}

describe("bounces from SendGrid's Event Webhook", () => {
  it("takes the verification key on the SendGrid card, which names the webhook's address", async () => {
    await openAdminTab(page, "/admin/integrations", "Integrations");
    const card = page.getByRole("group", { name: "SendGrid", exact: true });
    await waitForHydration(card.getByRole("switch", { name: "SendGrid", exact: true }));
    await card.locator("summary").click();
    const key = card.getByRole("textbox", { name: "Event webhook verification key" });
    await key.waitFor();
    expect(await card.textContent()).toContain(`${baseURL}/api/webhooks/sendgrid`);
    const from = card.getByRole("textbox", { name: "From e-mail" });
    if (!(await from.inputValue())) await from.fill(FROM);

    // Not a key SendGrid would show: refused in the browser, with the reason.
    await key.fill("-----BEGIN PUBLIC KEY-----");
    await card.getByRole("button", { name: "Save SendGrid", exact: true }).click();
    await card.getByText(/must be the key SendGrid shows/).waitFor();

    await key.fill(sendgrid.verificationKey);
    await card.getByRole("button", { name: "Save SendGrid", exact: true }).click();
    await expectToast(page, {
      title: "Integration updated",
      description: "SendGrid settings saved.",
    });
    await page.reload();
    await page.getByRole("group", { name: "SendGrid", exact: true }).locator("summary").click();
    expect(await key.inputValue()).toBe(sendgrid.verificationKey);
    expectCleanPage(page);
  });

  it("suppresses a subscriber on a hard bounce, at once, and keeps them suppressed", async () => {
    const email = uniqueEmail("bounced");
    await subscribe(email);
    expect((await exported(email)).Status).not.toBe("suppressed");

    const bouncedAt = Math.floor(Date.now() / 1000) - 60;
    const sent = await sendgrid.post(baseURL, hardBounce(email, bouncedAt));
    expect(sent.status).toBe(204);
    const row = await exported(email);
    expect(row.Status).toBe("suppressed");
    expect(row["Suppressed Reason"]).toBe("bounce");
    // The time of the bounce, as SendGrid reported it, not the time the event arrived.
    expect(Date.parse(row["Suppressed At"] ?? "")).toBe(bouncedAt * 1000);

    // Signing up again does not bring the address back.
    await apiClient(baseURL).post("/api/newsletter-subscribe", { email });
    expect((await exported(email)).Status).toBe("suppressed");
  });

  it("answers 401 to a forged, tampered or replayed event and changes nothing", async () => {
    const email = uniqueEmail("not-bounced");
    await subscribe(email);
    const before = await exported(email);

    const forged = await createSendgridEventSender().post(baseURL, hardBounce(email));
    expect(forged).toEqual({
      status: 401,
      text: JSON.stringify({ error: "The request is not signed by SendGrid" }),
    });
    const tampered = await sendgrid.post(baseURL, hardBounce(email), {
      signedBody: JSON.stringify(hardBounce("someone-else@example.com")),
    });
    expect(tampered.status).toBe(401);
    const old = Math.floor(Date.now() / 1000) - 3600;
    const replayed = await sendgrid.post(baseURL, hardBounce(email, old), { timestamp: old });
    expect(replayed.status).toBe(401);
    // Sent from a browser on another site, it is still only a matter of the signature.
    const crossSite = await sendgrid.post(baseURL, hardBounce(email), {
      headers: {
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
        "X-Twilio-Email-Event-Webhook-Signature": "MEUCIQ==",
      },
    });
    expect(crossSite.status).toBe(401);

    expect(await exported(email)).toEqual(before);
  });
});
