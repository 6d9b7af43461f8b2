import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formMessages } from "~/schemas/form-messages";
import { CONFIRM_FROM_INBOX } from "~/schemas/newsletter-messages";
import { expectCleanPage, launchBrowser, newClientContext, newPage } from "../support/browser";
import {
  countRequests,
  expectToast,
  failRequests,
  holdRequests,
  SLOW,
  uniqueEmail,
  waitForHydration,
} from "../support/forms";
import { mailsTo, waitForMail } from "../support/mail";
import { projectRoot } from "../support/server";
import { sharedServer } from "../support/shared-server";

const { url: baseURL, dataDir } = sharedServer();
const texts = formMessages.newsletter;
const API = "/api/newsletter-subscribe";
const confirmToast = {
  title: texts.success.title,
  description: `${texts.success.description}\n${CONFIRM_FROM_INBOX}`,
};

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The spec's texts, checked here once so a typo in the shared constants cannot hide. */
it("uses the newsletter texts of the error catalogue word for word", () => {
  expect(texts).toEqual({
    invalid: { title: "Invalid Email", description: "Please enter a valid email address." },
    success: { title: "Success!", description: "You've been subscribed to our newsletter." },
    already: {
      title: "Subscription Failed",
      description: "You're already subscribed to our newsletter!",
    },
    failed: {
      title: "Subscription Failed",
      description: "Failed to subscribe. Please try again later.",
    },
  });
});

describe("the footer newsletter form", () => {
  let context: BrowserContext;
  let page: Page;
  let requests: () => number;
  const email = uniqueEmail("news");

  const footer = () => page.locator("footer");
  const field = () => footer().getByRole("textbox", { name: "Email address" });
  const button = () => footer().getByRole("button", { name: /^Subscrib/ });

  beforeAll(async () => {
    context = await newClientContext(browser, { baseURL });
    page = await newPage(context);
    requests = countRequests(page, API);
    await page.goto("/about");
    await waitForHydration(footer().locator("form"));
  });
  afterAll(async () => {
    await context?.close();
  });

  it("refuses an empty address and one without '@' with a toast, without calling the server", async () => {
    await button().click();
    await expectToast(page, { type: "error", ...texts.invalid });
    await field().fill("name.example.com");
    await button().click();
    await expectToast(page, { type: "error", ...texts.invalid });
    expect(await field().inputValue()).toBe("name.example.com");
    // The field gets the focus back, so the visitor can correct it at once.
    expect(await field().evaluate((input) => input === document.activeElement)).toBe(true);
    expect(requests()).toBe(0);
    expectCleanPage(page);
  });

  it("reads 'Subscribing...' with field and button disabled while busy, then says Success!, asks to confirm and clears the field", async () => {
    const held = await holdRequests(page, API);
    await field().fill(email);
    await button().click();
    await held.arrived;
    await expect.poll(() => button().textContent(), SLOW).toBe("Subscribing...");
    expect(await button().isDisabled()).toBe(true);
    expect(await field().isDisabled()).toBe(true);
    held.release();
    // Double opt-in is on by default: the spec's toast, and a line of its own asking to confirm.
    await expectToast(page, { type: "success", ...confirmToast });
    expect(await field().inputValue()).toBe("");
    expect(await field().isDisabled()).toBe(false);
    expect(await button().textContent()).toBe("Subscribe");
    expect(requests()).toBe(1);
    expectCleanPage(page);
  });

  it("answers a second sign-up before confirming the same way, without a second mail, and 'already subscribed' once confirmed", async () => {
    const mail = await waitForMail(dataDir, email, /^Confirm your subscription/);
    await field().fill(email);
    await button().click();
    await expectToast(page, { type: "success", ...confirmToast });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(dataDir, email, /^Confirm your subscription/)).toHaveLength(1);

    const link = mail.links.find((l) => l.includes("/newsletter/confirm?token="));
    expect(link, mail.text).toBeDefined();
    const stranger = await newClientContext(browser, { baseURL });
    const visit = await newPage(stranger);
    await visit.goto(link as string);
    await waitForHydration(visit.locator("main form"));
    await visit.getByRole("button", { name: "Confirm subscription" }).click();
    await visit.getByRole("heading", { level: 1, name: "You're subscribed" }).waitFor(SLOW);
    await stranger.close();

    // Typed differently: addresses are compared without case.
    await field().fill(email.toUpperCase());
    await button().click();
    await expectToast(page, { type: "error", ...texts.already });
    expectCleanPage(page, [/status of 409/]);
  });

  it("keeps the typed address when the server fails", async () => {
    const undo = await failRequests(page, API);
    const other = uniqueEmail("news-fail");
    await field().fill(other);
    await button().click();
    await expectToast(page, { type: "error", ...texts.failed });
    expect(await field().inputValue()).toBe(other);
    expect(await button().isDisabled()).toBe(false);
    await undo();
    expectCleanPage(page, [/status of 409/, /status of 500/]);
  });
});

/** The client build's scripts that hold an npm package (the build lists each script's sources). */
function scriptsWith(pkg: string) {
  const chunks: Record<string, Record<string, number>> = JSON.parse(
    fs.readFileSync(path.join(projectRoot, "build", "client-chunks.json"), "utf8"),
  );
  return Object.keys(chunks)
    .filter((file) => pkg in (chunks[file] ?? {}))
    .map((file) => `/${file}`);
}

describe("the footer newsletter form's code", () => {
  it("loads its check only when the visitor turns to the form, which then subscribes from the keyboard", async () => {
    const context = await newClientContext(browser, { baseURL });
    const page = await newPage(context);
    // The check and the request (app/components/forms/newsletter-subscribe.ts) and zod, which it
    // brings: scripts of their own, fetched by the browser from /assets/.
    const fetched: string[] = [];
    // The toast library: fetched with the first toast, not with the page.
    const toastScripts = scriptsWith("sonner");
    expect(toastScripts.length).toBeGreaterThan(0);
    const toastFetched: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/assets\/(newsletter-subscribe|zod)-[\w-]+\.js$/.test(pathname))
        fetched.push(pathname);
      if (toastScripts.includes(pathname)) toastFetched.push(pathname);
    });
    await page.goto("/");
    const form = page.locator("footer form");
    await waitForHydration(form);
    await page.waitForLoadState("networkidle");
    expect(fetched).toEqual([]);
    expect(toastFetched).toEqual([]);

    // Reached with the Tab key alone, as a keyboard user reaches it.
    const field = form.getByRole("textbox", { name: "Email address" });
    const focused = () => field.evaluate((input) => input === document.activeElement);
    for (let presses = 0; presses < 100 && !(await focused()); presses++) {
      await page.keyboard.press("Tab");
    }
    expect(await focused()).toBe(true);
    await expect.poll(() => fetched.length, SLOW).toBeGreaterThan(0);
    expect(fetched.some((file) => file.startsWith("/assets/newsletter-subscribe-"))).toBe(true);

    await page.keyboard.type(uniqueEmail("news-keys"));
    await page.keyboard.press("Enter");
    await expectToast(page, { type: "success", ...confirmToast });
    expect(toastFetched.length).toBeGreaterThan(0);
    expect(await field.inputValue()).toBe("");
    expectCleanPage(page);
    await context.close();
  });
});

describe("the newsletter form without JavaScript", () => {
  it("posts the footer form to /newsletter, which shows the outcome, and keeps a refused address", async () => {
    const context = await newClientContext(browser, { baseURL, javaScriptEnabled: false });
    const page = await newPage(context);
    await page.goto("/");
    const email = uniqueEmail("news-nojs");
    await page.locator("footer").getByRole("textbox", { name: "Email address" }).fill(email);
    await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(`${baseURL}/newsletter`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Our newsletter");
    expect(await page.locator("main").getByRole("status").textContent()).toBe(
      `${texts.success.title} ${texts.success.description} ${CONFIRM_FROM_INBOX}`,
    );

    // The confirmation works without JavaScript too (the button is a plain form).
    const mail = await waitForMail(dataDir, email, /^Confirm your subscription/);
    const link = mail.links.find((l) => l.includes("/newsletter/confirm?token=")) as string;
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await page.getByRole("heading", { level: 1, name: "You're subscribed" }).waitFor(SLOW);

    // The same address again from the newsletter page's own form: refused, and the address stays.
    await page.goto("/newsletter");
    const form = page.locator("main form");
    await form.getByRole("textbox", { name: "Email address" }).fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    // Polled: on a busy machine the alert is found while the rest of the page still arrives.
    await expect
      .poll(() => page.locator("main").getByRole("alert").textContent(), SLOW)
      .toBe(`${texts.already.title}: ${texts.already.description}`);
    expect(
      await page.locator("main form").getByRole("textbox", { name: "Email address" }).inputValue(),
    ).toBe(email);
    await context.close();
  });
});
