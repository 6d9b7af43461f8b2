import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "~/db/client.server";
import { webNewsletterSubscriptions } from "~/db/schema.server";
import { formMessages } from "~/schemas/form-messages";
import { CONFIRM_FROM_INBOX } from "~/schemas/newsletter-messages";
import {
  type AdminSession,
  type OwnServer,
  openAdminTab,
  startAdminSession,
} from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import {
  expectCleanPage,
  newClientContext,
  newPage,
  uniqueClientAddress,
} from "../support/browser";
import { apiClient, expectToast, SLOW, uniqueEmail, waitForHydration } from "../support/forms";
import { type SmtpSink, startSmtpSink } from "../support/mail";

/**
 * Double opt-in from a visitor's footer sign-up to the welcome mail, on a server of its own (the
 * test switches the welcome mail on: a setting every page of a shared server would feel) that
 * sends its mail to a local SMTP server.
 */

const texts = formMessages.newsletter;
const confirmToast = {
  type: "success" as const,
  title: texts.success.title,
  description: `${texts.success.description}\n${CONFIRM_FROM_INBOX}`,
};
const CONFIRM_SUBJECT = /^Confirm your subscription/;
const WELCOME_SUBJECT = "Welcome aboard, reader";
const suppressedAt = new Date("2026-11-20T15:30:00Z");

let smtp: SmtpSink;
let session: AdminSession;
let own: OwnServer;
let browser: Browser;
let visitor: BrowserContext;
let page: Page;
let adminPage: Page;
const email = uniqueEmail("opt-in");
const bounced = uniqueEmail("bounced");
let bouncedId: number;

beforeAll(async () => {
  // Mail goes out over SMTP, to a local server, as in production.
  smtp = await startSmtpSink();
  session = await startAdminSession({ SMTP_URL: smtp.url });
  ({ own, browser } = session);
  // A hard bounce the mail service reported earlier (the webhook's write, done here directly).
  await own.whileStopped(async () => {
    const client = await PGlite.create(path.join(own.dataDir, "db"));
    try {
      const [row] = await openPglite(client)
        .db.insert(webNewsletterSubscriptions)
        .values({
          email: bounced,
          status: "suppressed",
          unsubscribeToken: "b".repeat(43),
          suppressedReason: "bounce",
          suppressedAt,
        })
        .returning({ id: webNewsletterSubscriptions.id });
      bouncedId = row?.id as number;
    } finally {
      await client.close();
    }
  });
  visitor = await newClientContext(browser, { baseURL: own.url });
  page = await newPage(visitor);
  adminPage = await newPage(session.context);
});

afterAll(async () => {
  await visitor?.close();
  await session?.close();
  await smtp?.close();
});

const footer = () => page.locator("footer");

async function subscribeInFooter(address: string) {
  await footer().getByRole("textbox", { name: "Email address" }).fill(address);
  await footer().getByRole("button", { name: "Subscribe" }).click();
}

function subscriberRow(address: string) {
  return adminPage
    .getByRole("row")
    .filter({ has: adminPage.getByRole("cell", { name: address, exact: true }) });
}

describe("double opt-in", () => {
  it("asks a visitor who subscribes in the footer to confirm, and mails the link and nothing else", async () => {
    await page.goto("/about");
    await waitForHydration(footer().locator("form"));
    expect(await footer().textContent()).toContain(
      "We'll e-mail you our newsletter a few times a month.",
    );
    await subscribeInFooter(email);
    await expectToast(page, confirmToast);

    const mail = await smtp.waitForMail(email, CONFIRM_SUBJECT);
    expect(mail.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(mail.headers.has("list-unsubscribe")).toBe(false);
    expect(mail.text).toContain("If this wasn't you, ignore this mail");
    const link = mail.links.find((l) => l.includes("/newsletter/confirm?token="));
    expect(new URL(link as string).origin).toBe(own.url);
    expect(smtp.mailsTo(email, /./)).toHaveLength(1);
    // The line about what one signs up to is readable (contrast) in the dark footer too.
    await expectNoAxeViolations(page);
    expectCleanPage(page);
  });

  it("shows the address as awaiting confirmation, with its sign-up's consent record", async () => {
    await openAdminTab(adminPage, "/admin/newsletter", "Newsletter");
    await expect
      .poll(() => subscriberRow(email).getByText("Awaiting confirmation").isVisible(), SLOW)
      .toBe(true);
    const consent = subscriberRow(email).getByRole("button", {
      name: `Consent records of ${email}`,
    });
    await waitForHydration(consent);
    await consent.click();
    const dialog = adminPage.getByRole("dialog", { name: email });
    await dialog.waitFor(SLOW);
    expect(await dialog.textContent()).toContain("Signed up (not confirmed)");
    await expectNoAxeViolations(adminPage);
    expect(await dialog.textContent()).toContain("Footer form");
    await adminPage.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // The focus goes back to the button that opened it.
    expect(await consent.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it("lets staff switch the welcome mail on from the newsletter settings", async () => {
    await adminPage.getByRole("link", { name: "Newsletter settings", exact: true }).click();
    await adminPage.getByRole("heading", { name: "Newsletter settings" }).waitFor(SLOW);
    const doubleOptIn = adminPage.getByRole("checkbox", { name: "Double opt-in" });
    const welcome = adminPage.getByRole("checkbox", { name: "Send a welcome mail" });
    await waitForHydration(welcome);
    expect(await doubleOptIn.isChecked()).toBe(true);
    expect(await welcome.isChecked()).toBe(false);
    await expectNoAxeViolations(adminPage);
    await welcome.check();
    const subject = adminPage.getByRole("textbox", { name: "Subject" });
    await subject.fill("");
    await adminPage.getByRole("button", { name: "Save newsletter settings" }).click();
    // Checked in the browser with the server's schema: the field says what is missing.
    await expect
      .poll(() => adminPage.getByText("Enter the welcome mail's subject").isVisible(), SLOW)
      .toBe(true);
    await subject.fill(WELCOME_SUBJECT);
    // The sending pace: checked the same way, then kept.
    const rate = adminPage.getByRole("spinbutton", { name: "Messages a second" });
    const cap = adminPage.getByRole("spinbutton", { name: "Daily limit (0: none)" });
    expect(await rate.inputValue()).toBe("10");
    expect(await cap.inputValue()).toBe("0");
    await rate.fill("5000");
    await adminPage.getByRole("button", { name: "Save newsletter settings" }).click();
    await expect
      .poll(
        () =>
          adminPage
            .getByText("Enter how many mails a second, from 0 (no limit) to 1000")
            .isVisible(),
        SLOW,
      )
      .toBe(true);
    await rate.fill("25");
    await cap.fill("50000");
    await adminPage.getByRole("button", { name: "Save newsletter settings" }).click();
    await expectToast(adminPage, {
      type: "success",
      title: "Newsletter Settings Saved",
      description: "New subscribers confirm their address before they get any newsletter.",
    });
    await adminPage.reload();
    await waitForHydration(welcome);
    expect(await welcome.isChecked()).toBe(true);
    expect(await subject.inputValue()).toBe(WELCOME_SUBJECT);
    expect(await rate.inputValue()).toBe("25");
    expect(await cap.inputValue()).toBe("50000");
    expectCleanPage(adminPage);
  });

  it("confirms only when the button is pressed, then mails the welcome with both unsubscribe headers", async () => {
    const mail = await smtp.waitForMail(email, CONFIRM_SUBJECT);
    const link = mail.links.find((l) => l.includes("/newsletter/confirm?token=")) as string;
    // Another browser, no cookies: the link is the only key.
    const stranger = await newClientContext(browser, { baseURL: own.url });
    const visit = await newPage(stranger);
    const response = await visit.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toContain("no-store");
    expect(await visit.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(await visit.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Confirm your subscription",
    );
    await expectNoAxeViolations(visit);
    // Opening the link (as a mail scanner does) confirmed nothing.
    await openAdminTab(adminPage, "/admin/newsletter", "Newsletter");
    expect(await subscriberRow(email).getByText("Awaiting confirmation").isVisible()).toBe(true);

    await waitForHydration(visit.locator("main form"));
    await visit.getByRole("button", { name: "Confirm subscription" }).click();
    await visit.getByRole("heading", { level: 1, name: "You're subscribed" }).waitFor(SLOW);
    expect(await visit.getByRole("status").textContent()).toContain(email);
    // The page is not loaded again after the button: that would only find the link used up.
    expectCleanPage(visit);

    const welcome = await smtp.waitForMail(email, new RegExp(`^${WELCOME_SUBJECT}$`));
    expect(welcome.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(welcome.text).not.toMatch(/<[a-z]/i);
    const unsubscribe = welcome.links.find((l) => l.includes("/newsletter/unsubscribe?token="));
    expect(unsubscribe, welcome.text).toBeDefined();
    expect(welcome.headers.get("list-unsubscribe")).toBe(
      `<${unsubscribe}>, <mailto:hello@aisolutions.example?subject=unsubscribe%20${new URL(unsubscribe as string).searchParams.get("token")}>`,
    );
    expect(welcome.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // The link a second time: used up.
    const again = await visit.goto(link);
    expect(again?.status()).toBe(404);
    expect(await visit.getByRole("heading", { level: 1 }).textContent()).toBe(
      "This link does not work",
    );
    expectCleanPage(visit, [/status of 404/]);
    await stranger.close();

    await adminPage.reload();
    await expect
      .poll(() => subscriberRow(email).getByText("Active", { exact: true }).isVisible(), SLOW)
      .toBe(true);
    const consent = subscriberRow(email).getByRole("button", {
      name: `Consent records of ${email}`,
    });
    await waitForHydration(consent);
    await consent.click();
    const dialog = adminPage.getByRole("dialog", { name: email });
    await dialog.waitFor(SLOW);
    expect(await dialog.textContent()).toContain("Confirmed by the link in the mail");
    await adminPage.keyboard.press("Escape");
  });

  it("unsubscribes by the welcome's link without signing in; subscribing again asks to confirm again", async () => {
    const welcome = await smtp.waitForMail(email, new RegExp(`^${WELCOME_SUBJECT}$`));
    const link = welcome.links.find((l) => l.includes("/newsletter/unsubscribe?token=")) as string;
    const stranger = await newClientContext(browser, { baseURL: own.url });
    const visit = await newPage(stranger);
    await visit.goto(link);
    expect(await visit.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Unsubscribe from our newsletter?",
    );
    await waitForHydration(visit.locator("main form"));
    await visit.getByRole("button", { name: "Unsubscribe" }).click();
    await visit.getByRole("heading", { level: 1, name: "You're unsubscribed" }).waitFor(SLOW);
    await visit.goto(link);
    expect(await visit.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Already unsubscribed",
    );
    expectCleanPage(visit);
    await stranger.close();

    await page.goto("/about");
    await waitForHydration(footer().locator("form"));
    await subscribeInFooter(email);
    await expectToast(page, confirmToast);
    await expect.poll(() => smtp.mailsTo(email, CONFIRM_SUBJECT).length, SLOW).toBe(2);
    const [first, second] = smtp.mailsTo(email, CONFIRM_SUBJECT);
    // A new link: the first one was used up.
    expect(second?.text).not.toBe(first?.text);
    await openAdminTab(adminPage, "/admin/newsletter", "Newsletter");
    expect(await subscriberRow(email).getByText("Awaiting confirmation").isVisible()).toBe(true);
    // No second welcome before the new confirmation.
    expect(smtp.mailsTo(email, new RegExp(`^${WELCOME_SUBJECT}$`))).toHaveLength(1);
    expectCleanPage(page);
  });

  it("answers a suppressed address like any other and mails it nothing; staff cannot reactivate it", async () => {
    await page.goto("/about");
    await waitForHydration(footer().locator("form"));
    await subscribeInFooter(bounced);
    await expectToast(page, confirmToast);
    // A fresh address right after gets its mail; the suppressed one never does.
    const fresh = uniqueEmail("fresh");
    await subscribeInFooter(fresh);
    await expectToast(page, confirmToast);
    await smtp.waitForMail(fresh, CONFIRM_SUBJECT);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mailsTo(bounced, /./)).toEqual([]);
    expectCleanPage(page);

    await openAdminTab(adminPage, "/admin/newsletter", "Newsletter");
    const row = subscriberRow(bounced);
    expect(await row.getByText("Suppressed", { exact: true }).isVisible()).toBe(true);
    expect(await row.textContent()).toContain("Suppressed: hard bounce, ");
    expect(await row.getByRole("button", { name: `Reactivate ${bounced}` }).count()).toBe(0);
    await expectNoAxeViolations(adminPage);
    // The server refuses it too, whatever the page offers.
    for (const intent of ["reactivate", "unsubscribe"]) {
      const refused = await session.context.request.post(`${own.url}/admin/newsletter`, {
        form: { intent, id: String(bouncedId) },
        headers: { Origin: own.url },
      });
      expect(refused.status()).toBe(409);
      expect(await refused.text()).toContain(
        `${bounced} is suppressed (hard bounce): it is never mailed again.`,
      );
    }
    await adminPage.reload();
    expect(await subscriberRow(bounced).getByText("Suppressed", { exact: true }).isVisible()).toBe(
      true,
    );
  });
});

// RFC 8058's one-click unsubscribe as a mail provider sends it: plain fetch, no cookie, no
// Origin (or a webmail page's), to the List-Unsubscribe link of a real subscriber. These come
// last: they switch double opt-in off (and keep the welcome mail on), so that a sign-up's welcome
// brings its link at once.
const ONE_CLICK = "List-Unsubscribe=One-Click";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const ONE_CLICK_WELCOME = "Welcome, one-click reader";

/** Subscribes a new address and returns its unsubscribe link, from its welcome mail. */
async function subscriberLink(label: string) {
  const address = uniqueEmail(label);
  const subscribed = await apiClient(own.url).post("/api/newsletter-subscribe", {
    email: address,
  });
  expect(subscribed.status, subscribed.text).toBe(200);
  const welcome = await smtp.waitForMail(address, new RegExp(`^${ONE_CLICK_WELCOME}$`));
  const link = welcome.links.find((l) => l.includes("/newsletter/unsubscribe?token="));
  expect(link, welcome.text).toBeDefined();
  return { email: address, link: link as string };
}

/** A POST as a mail client makes it: no cookie, one client address, the given headers. */
function post(url: string, body: BodyInit, headers: Record<string, string> = FORM) {
  return fetch(url, {
    method: "POST",
    headers: { "x-forwarded-for": uniqueClientAddress(), ...headers },
    body,
    redirect: "manual",
  });
}

async function pageHeading(link: string) {
  const html = await (await fetch(link)).text();
  return html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1];
}

describe("the one-click unsubscribe (RFC 8058)", () => {
  beforeAll(async () => {
    const saved = await session.context.request.post("/admin/newsletter/settings", {
      form: {
        welcomeEnabled: "on",
        welcomeSubject: ONE_CLICK_WELCOME,
        welcomeBody: "Thanks for joining.",
      },
    });
    expect(saved.status()).toBe(200);
  });

  it("unsubscribes on a POST with no cookie and no Origin, answers 200, and again 200", async () => {
    const { link } = await subscriberLink("one-click");
    expect(await pageHeading(link)).toBe("Unsubscribe from our newsletter?");

    const first = await post(link, ONE_CLICK);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(first.headers.get("set-cookie")).toBeNull();
    expect(await first.text()).toMatch(/unsubscribed/);
    // The page of the same link now says so: nothing kept it from before.
    expect(await pageHeading(link)).toBe("Already unsubscribed");

    const again = await post(link, ONE_CLICK);
    expect(again.status).toBe(200);
  });

  it("takes the multipart body from a webmail page of another site, and only that from there", async () => {
    const { link } = await subscriberLink("webmail");
    const webmail = { origin: "https://mail.example.net", "sec-fetch-site": "cross-site" };
    const token = new URL(link).searchParams.get("token") as string;

    const forged = await post(link, `token=${token}`, { ...FORM, ...webmail });
    expect(forged.status).toBe(403);
    // React Router's own address for the page's data is not the link: no exemption there.
    const dataUrl = link.replace("/newsletter/unsubscribe?", "/newsletter/unsubscribe.data?");
    expect((await post(dataUrl, ONE_CLICK, { ...FORM, ...webmail })).status).toBe(403);
    expect(await pageHeading(link)).toBe("Unsubscribe from our newsletter?");

    const form = new FormData();
    form.append("List-Unsubscribe", "One-Click");
    const taken = await post(link, form, webmail);
    expect(taken.status).toBe(200);
    expect(await pageHeading(link)).toBe("Already unsubscribed");
  });

  it("answers 404 to a link that names no one", async () => {
    const unknown = `${own.url}/newsletter/unsubscribe?token=${"A".repeat(43)}`;
    const answer = await post(unknown, ONE_CLICK);
    expect(answer.status).toBe(404);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
  });
});

describe("the unsubscribe page's button", () => {
  it("still works without JavaScript, posting the token in its body", async () => {
    const { email: address, link } = await subscriberLink("no-js");
    const context = await newClientContext(browser, { baseURL: own.url, javaScriptEnabled: false });
    const noJs = await newPage(context);
    await noJs.goto(link);
    await noJs.getByRole("button", { name: "Unsubscribe" }).click();
    await noJs.getByRole("heading", { level: 1, name: "You're unsubscribed" }).waitFor(SLOW);
    expect(await noJs.getByRole("status").textContent()).toContain(
      `${address} will get no more newsletters from us.`,
    );
    expectCleanPage(noJs);
    await context.close();
  });
});
