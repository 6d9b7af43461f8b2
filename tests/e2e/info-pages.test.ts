import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { externalLinkDefaults } from "../../app/content/external-links";
import { defaultSettings, defaultSiteName } from "../../app/content/site-defaults";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, launchBrowser, newPage } from "../support/browser";
import { sharedServer } from "../support/shared-server";

const { url: baseURL } = sharedServer();

/** The values the seed writes on a new site. */
const seeded = (key: string) => {
  const value = defaultSettings.find((s) => s.key === key)?.value;
  if (!value) throw new Error(`no seeded setting ${key}`);
  return value;
};

const pages = [
  { path: "/about", h1: `About ${defaultSiteName}` },
  { path: "/contact", h1: "Contact Us" },
  { path: "/schedule-consultation", h1: "Schedule a Free Consultation" },
  { path: "/privacy-policy", h1: "Privacy Policy" },
  { path: "/terms-of-service", h1: "Terms of Service" },
  { path: "/cookie-policy", h1: "Cookie Policy" },
  { path: "/data-deletion", h1: "Data Deletion Request" },
];

const legalDates = [
  { path: "/privacy-policy", date: "Last updated: September 9, 2024" },
  { path: "/terms-of-service", date: "Last updated: January 3, 2025" },
  { path: "/cookie-policy", date: "Last updated: January 3, 2025" },
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a page, expects 200 and exactly one h1 with the given text. */
async function open(context: BrowserContext, path: string, h1: string) {
  const page = await newPage(context);
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const headings = page.getByRole("heading", { level: 1 });
  expect(await headings.count(), `${path}: h1 count`).toBe(1);
  expect((await headings.textContent())?.trim()).toBe(h1);
  return page;
}

/** Waits until React has hydrated an element (its event handlers are attached). */
async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const element = document.querySelector(sel);
      return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps"));
    },
    selector,
    { timeout: 15_000 },
  );
}

/** The levels of all headings in document order. */
function headingLevels(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6")).map((h) =>
      Number(h.tagName.slice(1)),
    ),
  );
}

describe("information pages on a desktop screen", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await context?.close();
  });

  for (const expected of pages) {
    it(`${expected.path}: 200, one h1, ordered headings, canonical link, no axe violations`, async () => {
      const page = await open(context, expected.path, expected.h1);

      const levels = await headingLevels(page);
      expect(levels[0], "the first heading is the h1").toBe(1);
      for (let i = 1; i < levels.length; i++) {
        expect(
          (levels[i] as number) - (levels[i - 1] as number),
          `heading ${i} skips a level: ${levels.join(",")}`,
        ).toBeLessThanOrEqual(1);
      }

      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical).toMatch(/^https?:\/\//);
      expect(new URL(canonical as string).pathname).toBe(expected.path);

      const width = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(width.scroll, "no horizontal scrolling").toBeLessThanOrEqual(width.client);

      await expectNoAxeViolations(page);
      expectCleanPage(page);
      await page.close();
    });
  }

  it("/about tells the story, mission, capabilities, vision, reach and technology focus", async () => {
    const page = await open(context, "/about", `About ${defaultSiteName}`);
    for (const heading of [
      "Our Story",
      "Make AI practical for every growing business",
      "What we do",
      "Where we are headed",
      "Where we work",
      "Technology we focus on",
    ]) {
      expect(
        await page.getByRole("heading", { level: 2, name: heading }).isVisible(),
        heading,
      ).toBe(true);
    }
    for (const eyebrow of ["Our Mission", "Capabilities", "Our Vision", "Our Reach"]) {
      expect(await page.getByText(eyebrow, { exact: true }).isVisible(), eyebrow).toBe(true);
    }
    // The six services, each linking to its page.
    for (const path of [
      "/chatbot-agents-omnichannel",
      "/voice-driven-ai-agents",
      "/process-automation",
      "/web-design--development",
      "/marketing-automation",
      "/consulting-services",
    ]) {
      expect(await page.locator(`main a[href="${path}"]`).count(), path).toBe(1);
    }
    expect(await page.getByText("Headquartered in Ruskin, FL").isVisible()).toBe(true);
    expectCleanPage(page);
    await page.close();
  });

  for (const { path, date } of legalDates) {
    it(`${path} shows "${date}" and the company's contact details`, async () => {
      const page = await open(context, path, pages.find((p) => p.path === path)?.h1 ?? "");
      expect(await page.getByText(date, { exact: true }).isVisible()).toBe(true);
      expect(await page.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const contact = page.locator("main address").last();
      expect(await contact.getByText(defaultSiteName, { exact: true }).isVisible()).toBe(true);
      expect(
        await contact.getByRole("link", { name: seeded("contact_email") }).getAttribute("href"),
      ).toMatch(new RegExp(`^mailto:${seeded("contact_email")}`));
      expect(await contact.getByText(seeded("contact_address")).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Back" }).isVisible()).toBe(true);
      expectCleanPage(page);
      await page.close();
    });
  }

  it("/data-deletion shows its three steps and the three ways to submit", async () => {
    const page = await open(context, "/data-deletion", "Data Deletion Request");
    const steps = page.locator("main ol > li");
    expect(await steps.count()).toBe(3);
    const titles = await steps.getByRole("heading", { level: 3 }).allTextContents();
    expect(titles).toEqual([
      "Verify your identity",
      "Submit your request by e-mail, phone or mail",
      "Processing",
    ]);
    const submit = steps.nth(1);
    expect(
      await submit.getByRole("link", { name: seeded("contact_email") }).getAttribute("href"),
    ).toBe(`mailto:${seeded("contact_email")}?subject=Data%20Deletion%20Request`);
    expect(
      await submit.getByRole("link", { name: seeded("contact_phone") }).getAttribute("href"),
    ).toBe("tel:+18135550142");
    expect(await submit.getByText(seeded("contact_address")).isVisible()).toBe(true);
    expect(await page.getByText(/^Last updated:/).count()).toBe(0);
    expectCleanPage(page);
    await page.close();
  });

  it("the legal Back button returns to the previous page", async () => {
    const page = await newPage(context);
    await page.goto("/");
    await waitForHydration(page, 'footer a[href="/privacy-policy"]');
    await page.locator('footer a[href="/privacy-policy"]').click();
    await page.waitForURL("**/privacy-policy");
    await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(new URL(page.url()).pathname).toBe("/");

    // From another page too: it is history, not a fixed link home.
    await page.goto("/about");
    await waitForHydration(page, 'footer a[href="/cookie-policy"]');
    await page.locator('footer a[href="/cookie-policy"]').click();
    await page.waitForURL("**/cookie-policy");
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL("**/about");
    await page.getByRole("heading", { level: 1, name: `About ${defaultSiteName}` }).waitFor();
    expectCleanPage(page);
    await page.close();
  });

  it("the legal Back button returns to our page after a full page load too", async () => {
    const page = await newPage(context);
    await page.goto("/about");
    await page.getByRole("heading", { level: 1, name: `About ${defaultSiteName}` }).waitFor();
    // A full load (a link opened without the app's router), as a visitor gets from a bookmark
    // bar, a reload or a page whose JavaScript had not loaded yet.
    await page.evaluate(() => {
      window.location.href = "/privacy-policy";
    });
    await page.waitForURL("**/privacy-policy");
    await waitForHydration(page, "main button");
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL("**/about");
    await page.getByRole("heading", { level: 1, name: `About ${defaultSiteName}` }).waitFor();
    expectCleanPage(page);
    await page.close();
  });

  it("the legal Back button goes home when the page was opened directly", async () => {
    const page = await newPage(context);
    await page.goto("/terms-of-service");
    await waitForHydration(page, "main button");
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(new URL(page.url()).pathname).toBe("/");
    expectCleanPage(page);
    await page.close();
  });

  it("/contact shows the seeded e-mail, phone and address, the default hours and no social links", async () => {
    const page = await open(context, "/contact", "Contact Us");
    const details = page.getByRole("region", { name: "Contact details" });
    expect(
      await details.getByRole("link", { name: seeded("contact_email") }).getAttribute("href"),
    ).toBe(`mailto:${seeded("contact_email")}`);
    expect(
      await details.getByRole("link", { name: seeded("contact_phone") }).getAttribute("href"),
    ).toBe("tel:+18135550142");
    expect(await details.getByText(seeded("contact_address")).isVisible()).toBe(true);

    const hours = page.getByRole("region", { name: "Business hours" });
    const rows = await hours
      .locator("dl > div")
      .evaluateAll((divs) =>
        divs.map((div) => [
          div.querySelector("dt")?.textContent?.trim(),
          div.querySelector("dd")?.textContent?.trim(),
        ]),
      );
    expect(rows).toEqual([
      ["Monday – Friday", "9:00 AM – 6:00 PM"],
      ["Saturday", "Closed"],
      ["Sunday", "Closed"],
    ]);

    // A new site has no social settings, so there is nothing to follow.
    expect(await page.getByRole("region", { name: "Follow us" }).count()).toBe(0);

    // The message form has its own section and heading, and names the other ways to write.
    // (The form itself is covered by forms-contact.test.ts.)
    const message = page.getByRole("region", { name: "Send us a message" });
    expect(await message.getByRole("heading", { level: 2 }).textContent()).toBe(
      "Send us a message",
    );
    expect(
      await message.getByRole("link", { name: seeded("contact_email") }).getAttribute("href"),
    ).toBe(`mailto:${seeded("contact_email")}`);
    expect(await message.locator('form[action="/contact"]').count()).toBe(1);
    expectCleanPage(page);
    await page.close();
  });

  it("/schedule-consultation shows the three value cards and Book Directly in a new tab", async () => {
    const page = await open(context, "/schedule-consultation", "Schedule a Free Consultation");
    const cards = page.getByRole("region", { name: "What you get" }).getByRole("heading", {
      level: 3,
    });
    expect(await cards.allTextContents()).toEqual([
      "Expert Guidance",
      "Custom Solutions",
      "Implementation Plan",
    ]);

    const request = page.getByRole("region", { name: "Request a Consultation" });
    expect(await request.getByRole("heading", { level: 2 }).textContent()).toBe(
      "Request a Consultation",
    );
    const book = request.getByRole("link", { name: "Book Directly" });
    expect(await book.count()).toBe(1);
    expect(await book.getAttribute("href")).toBe(externalLinkDefaults.booking_url);
    expect(await book.getAttribute("target")).toBe("_blank");
    expect(await book.getAttribute("rel")).toBe("noopener noreferrer");
    // The request form itself is covered by forms-consultation.test.ts.
    expect(await request.locator('form[action="/schedule-consultation"]').count()).toBe(1);
    expectCleanPage(page);
    await page.close();
  });
});

describe("information pages on a phone", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  for (const expected of pages) {
    it(`${expected.path} fits a 375 px screen without horizontal scrolling`, async () => {
      const page = await open(context, expected.path, expected.h1);
      const overflow = await page.evaluate(() => {
        const limit = document.documentElement.clientWidth;
        return {
          scroll: document.documentElement.scrollWidth,
          client: limit,
          wide: Array.from(document.querySelectorAll("main *"))
            .filter((el) => el.getBoundingClientRect().right > limit + 1)
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
        };
      });
      expect(overflow.wide, "elements wider than the screen").toEqual([]);
      expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
      expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      expectCleanPage(page);
      await page.close();
    });
  }
});
