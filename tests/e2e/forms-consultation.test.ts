import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formMessages } from "~/schemas/form-messages";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, launchBrowser, newClientContext, newPage } from "../support/browser";
import {
  countRequests,
  expectToast,
  failRequests,
  formState,
  holdRequests,
  SLOW,
  uniqueEmail,
  waitForHydration,
} from "../support/forms";
import { waitForMail } from "../support/mail";
import { sharedServer } from "../support/shared-server";

const { url: baseURL, dataDir } = sharedServer();
const texts = formMessages.consultation;
const API = "/api/schedule-consultation";
const SALES = "sales@aisolutions.example";
/** The default booking setting; there is no internet here, so the tab is answered locally. */
const BOOKING_URL = "https://cal.com/aisolutions/consultation";

const SERVICES = [
  "AI Implementation Strategy",
  "Chatbot Development",
  "Voice AI Integration",
  "Process Automation",
  "Web Development",
  "Marketing Automation",
  "General Consultation",
];
const TIMES = ["Morning (9AM - 12PM)", "Afternoon (12PM - 5PM)", "Evening (5PM - 8PM)", "Flexible"];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A context whose new tabs to the booking site get a small local page instead of the internet. */
async function bookingContext(options: { javaScriptEnabled?: boolean } = {}) {
  const context = await newClientContext(browser, {
    baseURL,
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  await context.route("https://cal.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Booking</title><p>Booking</p>" }),
  );
  return context;
}

function uniqueName() {
  return `Ada Lovelace ${Math.random().toString(36).slice(2, 8)}`;
}

async function fillConsultation(form: ReturnType<Page["locator"]>, name: string, email: string) {
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Phone" }).fill("+1 813 555 0100");
  await form.getByRole("textbox", { name: "Company" }).fill("Analytical Engines Ltd");
  await form
    .getByRole("combobox", { name: "Service of interest" })
    .selectOption("Voice AI Integration");
  await form
    .getByRole("combobox", { name: "Preferred time" })
    .selectOption("Afternoon (12PM - 5PM)");
  await form.getByRole("textbox", { name: "Message" }).fill("We answer 200 calls a day.\nHelp!");
}

it("uses the consultation texts of the error catalogue word for word", () => {
  expect(texts).toEqual({
    success: {
      title: "Consultation Request Submitted",
      description: "We'll contact you shortly to confirm your consultation appointment.",
    },
    failed: {
      title: "Error",
      description: "Failed to schedule consultation. Please try again or contact us directly.",
    },
  });
});

describe("the consultation page form", () => {
  let context: BrowserContext;
  let page: Page;
  let requests: () => number;
  const form = () => page.locator('form[action="/schedule-consultation"]');

  beforeAll(async () => {
    context = await bookingContext();
    page = await newPage(context);
    requests = countRequests(page, API);
    await page.goto("/schedule-consultation");
    // The submission key appears once the form is hydrated.
    await form()
      .locator('input[name="submissionKey"]')
      .waitFor({ state: "attached", ...SLOW });
    await waitForHydration(form());
  });
  afterAll(async () => {
    await context?.close();
  });

  it("offers the seven services and four preferred times, optional, and a four-row message box", async () => {
    const options = (name: string) =>
      form()
        .getByRole("combobox", { name })
        .locator("option")
        .evaluateAll((items) => items.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(await options("Service of interest")).toEqual([
      ["", "Select a service"],
      ...SERVICES.map((s) => [s, s]),
    ]);
    expect(await options("Preferred time")).toEqual([
      ["", "Select a time"],
      ...TIMES.map((t) => [t, t]),
    ]);
    expect(await form().getByRole("textbox", { name: "Message" }).getAttribute("rows")).toBe("4");
    expect(
      await form().getByRole("textbox", { name: "Email", exact: true }).getAttribute("type"),
    ).toBe("email");
  });

  it("requires a name and a valid e-mail address, shown at the fields, without a request", async () => {
    await form().getByRole("button", { name: "Schedule Consultation" }).click();
    const name = form().getByRole("textbox", { name: "Name", exact: true });
    const email = form().getByRole("textbox", { name: "Email", exact: true });
    await form().getByText("Name is required").waitFor(SLOW);
    expect(await form().getByText("Email is required").isVisible()).toBe(true);
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
    // The message is tied to its field for screen readers.
    const describedBy = await name.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Name is required");

    await name.fill("Grace Hopper");
    await email.fill("grace@");
    await form().getByRole("button", { name: "Schedule Consultation" }).click();
    await form().getByText("Enter a valid email address").waitFor(SLOW);
    expect(await form().getByText("Name is required").count()).toBe(0);
    expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(requests()).toBe(0);
    await expectNoAxeViolations(page);
    expectCleanPage(page);
  });

  it("schedules: 'Scheduling...' while busy, then a toast, an empty form, the booking tab and a mail to sales", async () => {
    const name = uniqueName();
    const email = uniqueEmail("consult");
    await fillConsultation(form(), name, email);
    const keyBefore = await form().locator('input[name="submissionKey"]').inputValue();
    const held = await holdRequests(page, API);
    await form().getByRole("button", { name: "Schedule Consultation" }).click();
    await held.arrived;
    const busy = form().getByRole("button", { name: "Scheduling..." });
    await busy.waitFor(SLOW);
    expect(await busy.isDisabled()).toBe(true);
    expect(await form().getByRole("textbox", { name: "Name", exact: true }).isDisabled()).toBe(
      true,
    );
    const popup = context.waitForEvent("page", SLOW);
    held.release();
    await expectToast(page, { type: "success", ...texts.success });

    const tab = await popup;
    await tab.waitForLoadState("domcontentloaded");
    expect(tab.url()).toBe(BOOKING_URL);
    // Opened without a way back to the site's window.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();

    expect(await formState(form())).toEqual({
      name: "",
      email: "",
      phone: "",
      company: "",
      serviceType: "",
      preferredTime: "",
      message: "",
    });
    expect(await form().getByRole("button", { name: "Schedule Consultation" }).isEnabled()).toBe(
      true,
    );
    // A new form, a new key: the next request is not taken for a repeat of this one.
    await expect
      .poll(() => form().locator('input[name="submissionKey"]').inputValue(), SLOW)
      .not.toBe(keyBefore);

    const mail = await waitForMail(dataDir, SALES, new RegExp(`consultation request from ${name}`));
    for (const line of [
      `Name: ${name}`,
      `Email: ${email}`,
      "Phone: +1 813 555 0100",
      "Company: Analytical Engines Ltd",
      "Service: Voice AI Integration",
      "Preferred time: Afternoon (12PM - 5PM)",
      "We answer 200 calls a day.\nHelp!",
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(requests()).toBe(1);
    expectCleanPage(page);
  });

  it("keeps every value and says so when the server fails", async () => {
    const undo = await failRequests(page, API);
    const name = uniqueName();
    const email = uniqueEmail("consult-fail");
    await fillConsultation(form(), name, email);
    const entered = await formState(form());
    await form().getByRole("button", { name: "Schedule Consultation" }).click();
    await expectToast(page, { type: "error", ...texts.failed });
    expect(await formState(form())).toEqual(entered);
    expect(entered.name).toBe(name);
    expect(await form().getByRole("button", { name: "Schedule Consultation" }).isEnabled()).toBe(
      true,
    );
    await undo();
    expectCleanPage(page, [/status of 500/]);
  });
});

describe("the Get Started dialog", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await bookingContext();
    page = await newPage(context);
    await page.goto("/about");
    await waitForHydration(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Get Started" }),
    );
  });
  afterAll(async () => {
    await context?.close();
  });

  const trigger = () =>
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Get Started" });
  const dialog = () => page.getByRole("dialog", { name: "Schedule a Free Consultation" });

  it("opens from the keyboard, keeps the focus inside, and closes with Escape back on the button", async () => {
    await trigger().focus();
    await page.keyboard.press("Enter");
    await dialog().waitFor(SLOW);
    expect(new URL(page.url()).pathname).toBe("/about");
    await dialog().getByRole("textbox", { name: "Name", exact: true }).waitFor(SLOW);
    await expect
      .poll(() => dialog().evaluate((d) => d.contains(document.activeElement)), SLOW)
      .toBe(true);
    // Tabbing round never leaves the dialog.
    for (let i = 0; i < 12; i += 1) await page.keyboard.press("Tab");
    expect(await dialog().evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached", ...SLOW });
    // Radix hands the focus over in a timer after the dialog is gone.
    await expect
      .poll(() => trigger().evaluate((a) => a === document.activeElement), SLOW)
      .toBe(true);
    await expectNoAxeViolations(page);
    expectCleanPage(page);
  });

  it("sends a request from the dialog, closes it and shows the toast", async () => {
    await trigger().click();
    const form = dialog().locator("form");
    await form.locator('input[name="submissionKey"]').waitFor({ state: "attached", ...SLOW });
    const name = uniqueName();
    await fillConsultation(form, name, uniqueEmail("dialog"));
    const popup = context.waitForEvent("page", SLOW);
    await form.getByRole("button", { name: "Schedule Consultation" }).click();
    await dialog().waitFor({ state: "detached", ...SLOW });
    await expectToast(page, { type: "success", ...texts.success });
    // Radix hands the focus over in a timer after the dialog is gone.
    await expect
      .poll(() => trigger().evaluate((a) => a === document.activeElement), SLOW)
      .toBe(true);
    const tab = await popup;
    await tab.waitForLoadState("domcontentloaded");
    expect(tab.url()).toBe(BOOKING_URL);
    await tab.close();
    await waitForMail(dataDir, SALES, new RegExp(`consultation request from ${name}`));
    expectCleanPage(page);
  });

  it("is a plain link to the consultation page when opened in a new tab", async () => {
    expect(await trigger().getAttribute("href")).toBe("/schedule-consultation");
    expect(await trigger().getAttribute("aria-haspopup")).toBe("dialog");
  });
});

describe("the consultation page without JavaScript", () => {
  it("posts the form and shows the outcome, with the booking link", async () => {
    const context = await bookingContext({ javaScriptEnabled: false });
    const page = await newPage(context);
    await page.goto("/schedule-consultation");
    const form = page.locator('form[action="/schedule-consultation"]');

    // Refused first: the typed values and the field message come back with the page.
    await form.getByRole("textbox", { name: "Email", exact: true }).fill("nobody@example.com");
    await form.getByRole("textbox", { name: "Company" }).fill("No Name Inc");
    await form.getByRole("button", { name: "Schedule Consultation" }).click();
    await page.waitForLoadState("domcontentloaded");
    await form.getByText("Name is required").waitFor(SLOW);
    expect(await page.locator("#request").getByRole("alert").textContent()).toBe(
      texts.failed.description,
    );
    expect(await form.getByRole("textbox", { name: "Email", exact: true }).inputValue()).toBe(
      "nobody@example.com",
    );
    expect(await form.getByRole("textbox", { name: "Company" }).inputValue()).toBe("No Name Inc");

    const name = uniqueName();
    await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await form.getByRole("button", { name: "Schedule Consultation" }).click();
    const status = page.locator("#request").getByRole("status");
    await status.waitFor(SLOW);
    expect(await status.locator("p").first().textContent()).toBe(
      `${texts.success.title}. ${texts.success.description}`,
    );
    expect(
      await status
        .getByRole("link", { name: /Pick a time in our booking calendar/ })
        .getAttribute("href"),
    ).toBe(BOOKING_URL);
    // The form is empty again.
    expect(await form.getByRole("textbox", { name: "Email", exact: true }).inputValue()).toBe("");
    await waitForMail(dataDir, SALES, new RegExp(`consultation request from ${name}`));
    await context.close();
  });
});

describe("a form refused before JavaScript loaded, then sent once it has", () => {
  it("comes back empty, without the old refusal, after the successful send", async () => {
    const context = await bookingContext();
    const page = await newPage(context);
    // Hold the scripts back so the first submit is the browser's own form post.
    const held: (() => Promise<void>)[] = [];
    await page.route("**/assets/*.js", (route) => {
      held.push(() => route.continue());
    });
    await page.goto("/schedule-consultation", { waitUntil: "domcontentloaded" });
    const form = page.locator('form[action="/schedule-consultation"]');
    await form.getByRole("textbox", { name: "Company" }).fill("Refused Inc");
    await form.getByRole("button", { name: "Schedule Consultation" }).click();
    await form.getByText("Name is required").waitFor(SLOW);

    await page.unroute("**/assets/*.js");
    // Scripts of the first page load were dropped with it; those of the refused page go on.
    for (const release of held.splice(0)) await release().catch(() => {});
    await waitForHydration(form);
    await form.locator('input[name="submissionKey"]').waitFor({ state: "attached", ...SLOW });
    expect(await form.getByRole("textbox", { name: "Company" }).inputValue()).toBe("Refused Inc");

    await form.getByRole("textbox", { name: "Name", exact: true }).fill(uniqueName());
    await form.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("late"));
    const booking = context.waitForEvent("page");
    await form.getByRole("button", { name: "Schedule Consultation" }).click();
    await expectToast(page, texts.success);
    await (await booking).close();
    expect(await form.getByRole("textbox", { name: "Company" }).inputValue()).toBe("");
    expect(await page.locator("#request").getByRole("alert").count()).toBe(0);
    // The refused post itself answered 400, which the browser reports.
    expectCleanPage(page, [/status of 400/]);
    await context.close();
  });
});
