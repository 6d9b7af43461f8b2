import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formMessages } from "~/schemas/form-messages";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, launchBrowser, newClientContext, newPage } from "../support/browser";
import {
  countRequests,
  dismissToasts,
  expectToast,
  failRequests,
  formState,
  holdRequests,
  liveToasts,
  SLOW,
  uniqueEmail,
  waitForHydration,
} from "../support/forms";
import { waitForMail } from "../support/mail";
import { sharedServer } from "../support/shared-server";

const { url: baseURL, dataDir } = sharedServer();
const texts = formMessages.contact;
const API = "/api/contact";
const SALES = "sales@aisolutions.example";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const textbox = (form: Locator, name: string) => form.getByRole("textbox", { name, exact: true });

async function fillContact(
  form: Locator,
  values: { firstName: string; lastName: string; email: string; comments: string },
) {
  await textbox(form, "First name").fill(values.firstName);
  await textbox(form, "Last name").fill(values.lastName);
  await textbox(form, "Email").fill(values.email);
  await textbox(form, "Confirm email").fill(values.email);
  await textbox(form, "Phone").fill("+1 813 555 0199");
  await textbox(form, "Comments").fill(values.comments);
  await form.getByRole("checkbox", { name: /I agree to the/ }).check();
}

/** The field messages shown in the form, in document order. */
function shownErrors(form: Locator) {
  return form.locator("p.text-danger").allTextContents();
}

/** Waits for the proof of work, which the visitor's first touch of the form started. */
async function passBotCheck(page: Page) {
  await page.locator("altcha-widget").getByText("Verified").waitFor({ timeout: 30_000 });
}

/**
 * What the form needs only once touched: the bot check (ALTCHA's script, its proof-of-work worker,
 * the challenge) and the fields' check (zod).
 */
function checkRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (/altcha|pbkdf2|zod|contact-check|^\/api\/bot-check$/.test(pathname)) seen.push(pathname);
  });
  return seen;
}

it("uses the contact texts of the spec word for word", () => {
  expect(texts.success).toEqual({
    title: "Message Sent",
    description: "Thank you for your message. We'll get back to you soon!",
  });
  expect(texts.verificationRequired).toEqual({
    title: "Verification Required",
    description: "Please complete the security verification.",
  });
  expect(texts.mismatch).toEqual({
    title: "Email Mismatch",
    description: "Email addresses do not match.",
  });
});

describe("the contact form", () => {
  let context: BrowserContext;
  let page: Page;
  let requests: () => number;
  const form = () => page.locator('form[action="/contact"]');
  const send = () => form().getByRole("button", { name: "Send Message" });

  beforeAll(async () => {
    context = await newClientContext(browser, { baseURL, viewport: { width: 1280, height: 900 } });
    page = await newPage(context);
    requests = countRequests(page, API);
    // The bot check runs under the site's strict CSP; nothing it does may be blocked.
    await page.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { cspViolations: violations });
      document.addEventListener("securitypolicyviolation", (event) =>
        violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto("/contact");
    await form()
      .locator('input[name="submissionKey"]')
      .waitFor({ state: "attached", ...SLOW });
    await waitForHydration(form());
  });
  afterAll(async () => {
    await context?.close();
  });

  it("shows every required-field message word for word, focuses the first, and sends nothing", async () => {
    await send().click();
    await expect
      .poll(() => shownErrors(form()), SLOW)
      .toEqual([
        "First name is required",
        "Last name is required",
        "Email is required",
        "Please confirm your email",
        "Comments are required",
        "You must agree to the terms",
      ]);
    const first = textbox(form(), "First name");
    expect(await first.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await first.getAttribute("aria-invalid")).toBe("true");
    expect(
      await form()
        .getByRole("checkbox", { name: /I agree to the/ })
        .getAttribute("aria-invalid"),
    ).toBe("true");
    expect(await liveToasts(page)).toEqual([]);
    await expectNoAxeViolations(page);
    expect(requests()).toBe(0);
    expectCleanPage(page);
  });

  it("checks the address and its confirmation, with the Email Mismatch toast", async () => {
    await fillContact(form(), {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example",
      comments: "Hello world",
    });
    await send().click();
    await expect.poll(() => shownErrors(form()), SLOW).toEqual(["Invalid email address"]);
    expect(await textbox(form(), "Email").evaluate((i) => i === document.activeElement)).toBe(true);

    await textbox(form(), "Email").fill("ada@example.com");
    await textbox(form(), "Confirm email").fill("ada@example.org");
    await send().click();
    await expectToast(page, { type: "error", ...texts.mismatch });
    expect(await shownErrors(form())).toEqual(["Emails do not match"]);
    expect(
      await textbox(form(), "Confirm email").evaluate((i) => i === document.activeElement),
    ).toBe(true);

    // An empty confirmation is asked for, not called a mismatch.
    await textbox(form(), "Confirm email").fill("");
    await send().click();
    await expect.poll(() => shownErrors(form()), SLOW).toEqual(["Please confirm your email"]);
    expect(await liveToasts(page)).toEqual([]);
    await expectNoAxeViolations(page);
    expect(requests()).toBe(0);
    expectCleanPage(page);
  });

  it("counts the comment's characters as they are typed and refuses more than 600", async () => {
    const comments = textbox(form(), "Comments");
    const counter = form().getByText(/^\d+\/600 characters$/);
    await comments.fill("");
    expect(await counter.textContent()).toBe("0/600 characters");
    await comments.pressSequentially("Hello world");
    expect(await counter.textContent()).toBe("11/600 characters");
    // The counter is the field's description for screen readers.
    const describedBy = (await comments.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${describedBy.split(" ")[0]}"]`).textContent()).toBe(
      "11/600 characters",
    );

    await comments.fill("x".repeat(601));
    expect(await counter.textContent()).toBe("601/600 characters");
    await textbox(form(), "Confirm email").fill("ada@example.com");
    await send().click();
    await expect
      .poll(() => shownErrors(form()), SLOW)
      .toEqual(["Comments must be at most 600 characters"]);
    await comments.fill("x".repeat(600));
    expect(await counter.textContent()).toBe("600/600 characters");
    expect(requests()).toBe(0);
  });

  it("keeps what was typed when the server fails, and sends it once the server answers", async () => {
    const firstName = `Ada${Math.random().toString(36).slice(2, 7)}`;
    const email = uniqueEmail("contact");
    const comments = "Can your voice agent take restaurant bookings?\nThanks.";
    await fillContact(form(), { firstName, lastName: "Lovelace", email, comments });
    await passBotCheck(page);

    const undo = await failRequests(page, API);
    const entered = await formState(form());
    await send().click();
    await expectToast(page, { type: "error", ...texts.failed });
    expect(await formState(form())).toEqual(entered);
    expect(entered).toMatchObject({ firstName, email, comments, consent: true });
    expect(await form().getByText(`${comments.length}/600 characters`).count()).toBe(1);
    await undo();

    // The proof never reached the server, so it is still good for the retry.
    await send().click();
    await expectToast(page, { type: "success", ...texts.success });
    expect(await formState(form())).toEqual({
      firstName: "",
      lastName: "",
      email: "",
      confirmEmail: "",
      phone: "",
      comments: "",
      consent: false,
    });
    expect(
      await form()
        .getByText(/^\d+\/600 characters$/)
        .textContent(),
    ).toBe("0/600 characters");
    // The check starts over: the next message needs a new proof.
    expect(await form().locator('input[name="botCheck"]').inputValue()).toBe("");
    await page.locator("altcha-widget").getByText("I'm not a robot").waitFor(SLOW);
    expect(await page.locator("altcha-widget").getByText("Verified").count()).toBe(0);
    await send().click();
    await expect.poll(() => shownErrors(form()), SLOW).toContain("First name is required");
    await dismissToasts(page);

    const mail = await waitForMail(dataDir, SALES, new RegExp(`New message from ${firstName}`));
    expect(mail.text).toContain(`Name: ${firstName} Lovelace`);
    expect(mail.text).toContain(`Email: ${email}`);
    expect(mail.text).toContain("Phone: +1 813 555 0199");
    expect(mail.text).toContain(comments);
    expect(requests()).toBe(2);
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    expectCleanPage(page, [/status of 500/]);
  });
});

describe("the contact form's bot check", () => {
  let context: BrowserContext;
  beforeEach(async () => {
    context = await newClientContext(browser, { baseURL, viewport: { width: 1280, height: 900 } });
  });
  afterEach(async () => {
    await context?.close();
  });

  /** The contact page, hydrated and settled, and what of the form's checks it has requested. */
  async function openContact() {
    const page = await newPage(context);
    const fetched = checkRequests(page);
    const sent = countRequests(page, API);
    await page.goto("/contact");
    const form = page.locator('form[action="/contact"]');
    await waitForHydration(form);
    await page.waitForLoadState("networkidle");
    return { page, form, fetched, sent };
  }

  it("loads and runs nothing before the form is touched; a quick sender waits for the proof", async () => {
    const { page, form, fetched, sent } = await openContact();
    // A reader who never touches the form pays for none of it.
    expect(fetched).toEqual([]);
    expect(await page.evaluate(() => customElements.get("altcha-widget") === undefined)).toBe(true);

    // The proof cannot finish before Send is clicked: its challenge is held back.
    const challenge = await holdRequests(page, "/api/bot-check");
    const firstName = `Quick${Math.random().toString(36).slice(2, 7)}`;
    await fillContact(form, {
      firstName,
      lastName: "Lovelace",
      email: uniqueEmail("contact-quick"),
      comments: "Sent before the check was done.",
    });
    await challenge.arrived;
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByRole("button", { name: "Sending..." }).waitFor(SLOW);
    await page.locator("altcha-widget").getByText("Verifying...").waitFor(SLOW);
    expect(sent()).toBe(0);
    expect(await liveToasts(page)).toEqual([]);

    challenge.release();
    await expectToast(page, { type: "success", ...texts.success });
    expect(sent()).toBe(1);
    expect(fetched).toContain("/api/bot-check");
    await waitForMail(dataDir, SALES, new RegExp(`New message from ${firstName}`));
    expectCleanPage(page);
  });

  it("asks for the security verification when the check cannot pass, and sends nothing", async () => {
    const { page, form, sent } = await openContact();
    await failRequests(page, "/api/bot-check");
    await fillContact(form, {
      firstName: "Ada",
      lastName: "Lovelace",
      email: uniqueEmail("contact-refused"),
      comments: "Hello world",
    });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, { type: "error", ...texts.verificationRequired });
    expect(await shownErrors(form)).toEqual([]);
    expect(sent()).toBe(0);
    expectCleanPage(page, [/status of 500/]);
  });
});

describe("the contact form without JavaScript", () => {
  it("is refused without the bot check, says why and keeps every typed value", async () => {
    const context = await newClientContext(browser, { baseURL, javaScriptEnabled: false });
    const page = await newPage(context);
    await page.goto("/contact");
    const form = page.locator('form[action="/contact"]');
    const values = {
      firstName: "Grace",
      lastName: "Hopper",
      email: uniqueEmail("contact-nojs"),
      comments: "Without scripts, please.",
    };
    await fillContact(form, values);
    await form.getByRole("button", { name: "Send Message" }).click();
    const alert = page.locator("#message").getByRole("alert");
    await alert.waitFor(SLOW);
    expect(await alert.textContent()).toBe(texts.verificationRequired.description);
    expect(await formState(form)).toMatchObject({
      firstName: "Grace",
      lastName: "Hopper",
      email: values.email,
      confirmEmail: values.email,
      phone: "+1 813 555 0199",
      comments: values.comments,
      consent: true,
    });
    expect(await form.getByText(`${values.comments.length}/600 characters`).count()).toBe(1);
    await context.close();
  });
});
