import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, launchBrowser, newPage } from "../support/browser";
import { sharedServer } from "../support/shared-server";

const { url: baseURL } = sharedServer();

interface ExpectedPage {
  path: string;
  h1: string;
  /** The page title before " | <site name>". */
  title: string;
  features: number;
  benefits: number;
  /** Page-specific sections by `data-testid`, with their item counts. */
  extras: Record<string, number>;
  /** Texts that must appear in the page-specific lists, by `data-testid`. */
  mentions?: Record<string, string[]>;
}

// Counts from the specification's "Service pages" section.
const pages: ExpectedPage[] = [
  {
    path: "/chatbot-agents-omnichannel",
    h1: "AI Chat Agents on Every Channel Your Customers Use",
    title: "Omnichannel Chatbot Agents",
    features: 4,
    benefits: 8,
    extras: {},
    mentions: {
      "hero-highlights": ["Website", "Messenger", "Instagram", "WhatsApp", "Telegram", "SMS"],
    },
  },
  {
    path: "/voice-driven-ai-agents",
    h1: "AI Voice Agents That Answer Every Call",
    title: "Voice-Driven AI Agents",
    features: 4,
    benefits: 8,
    extras: { "use-cases": 4 },
    mentions: {
      "use-cases": [
        "Inbound and Outbound Calls",
        "Virtual PBX",
        "Information Lines",
        "Appointment Scheduling",
      ],
    },
  },
  {
    path: "/process-automation",
    h1: "Automate the Busywork, Keep the Business Moving",
    title: "Process Automation",
    features: 4,
    benefits: 8,
    extras: { "automation-types": 4 },
  },
  {
    path: "/web-design--development",
    h1: "Websites That Turn Visitors into Customers",
    title: "Web Design & Development",
    features: 4,
    benefits: 8,
    extras: { technologies: 8, "sample-projects": 4 },
  },
  {
    path: "/marketing-automation",
    h1: "Marketing That Runs Itself",
    title: "Marketing Automation",
    features: 6,
    benefits: 8,
    extras: { platforms: 8 },
  },
  {
    path: "/consulting-services",
    h1: "Practical Guidance for Digital Transformation, AI and IoT",
    title: "Consulting Services",
    features: 4,
    benefits: 8,
    extras: { approach: 4, industries: 8 },
    mentions: {
      features: ["Digital Transformation", "AI Implementation", "IoT"],
    },
  },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function expectLinks(scope: ReturnType<Page["locator"]>) {
  const consultation = scope.getByRole("link", { name: "Schedule Consultation" });
  const contact = scope.getByRole("link", { name: "Contact Us" });
  expect(await consultation.count()).toBe(1);
  expect(await contact.count()).toBe(1);
  expect(await consultation.getAttribute("href")).toBe("/schedule-consultation");
  expect(await contact.getAttribute("href")).toBe("/contact");
  expect(await consultation.isVisible()).toBe(true);
  expect(await contact.isVisible()).toBe(true);
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("service pages on a desktop screen", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await context?.close();
  });

  for (const expected of pages) {
    it(`${expected.path}: hero, ${expected.features} features, extras, ${expected.benefits} benefits, CTA, head tags, no axe violations`, async () => {
      const page = await newPage(context);
      const response = await page.goto(expected.path);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState("networkidle");

      // Exactly one h1, the page's own.
      const h1 = page.getByRole("heading", { level: 1 });
      expect(await h1.count()).toBe(1);
      expect((await h1.textContent())?.trim()).toBe(expected.h1);

      // Counts.
      expect(await page.getByTestId("feature-card").count()).toBe(expected.features);
      expect(
        await page.getByTestId("feature-card").getByRole("heading", { level: 3 }).count(),
      ).toBe(expected.features);
      expect(await page.getByTestId("benefits").getByRole("listitem").count()).toBe(
        expected.benefits,
      );
      for (const [id, count] of Object.entries(expected.extras)) {
        expect(await page.getByTestId(id).isVisible(), id).toBe(true);
        expect(await page.getByTestId(`${id}-item`).count(), id).toBe(count);
      }
      // No page-specific section beyond the expected ones.
      const extraItems = await page.locator('[data-testid$="-item"]').count();
      expect(extraItems).toBe(Object.values(expected.extras).reduce((a, b) => a + b, 0));

      for (const [id, texts] of Object.entries(expected.mentions ?? {})) {
        const text = await page.getByTestId(id).textContent();
        for (const mention of texts) expect(text, id).toContain(mention);
      }

      // The hero and the closing call to action both lead to the consultation and contact pages.
      await expectLinks(page.getByTestId("service-hero"));
      await expectLinks(page.locator('section[aria-labelledby="cta-heading"]'));

      // Head tags.
      expect(await page.title()).toMatch(new RegExp(`^${escapeRegExp(expected.title)} \\| \\S`));
      const canonical = page.locator('link[rel="canonical"]');
      expect(await canonical.count()).toBe(1);
      expect(await canonical.getAttribute("href")).toBe(`${baseURL}${expected.path}`);
      expect(
        (await page.locator('meta[name="description"]').getAttribute("content"))?.length,
      ).toBeGreaterThan(50);

      await expectNoAxeViolations(page);
      expectCleanPage(page);
      await page.close();
    });
  }
});

describe("service pages on a phone", () => {
  it("fit a 375 px screen without horizontal scrolling", async () => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await newPage(context);
    for (const { path, h1 } of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await page.getByRole("heading", { level: 1, name: h1 }).isVisible(), path).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      const hero = page.getByTestId("service-hero");
      expect(
        await hero.getByRole("link", { name: "Schedule Consultation" }).isVisible(),
        path,
      ).toBe(true);
    }
    expectCleanPage(page);
    await context.close();
  });
});

describe("service pages without JavaScript", () => {
  it("are rendered on the server with their content", async () => {
    for (const { path, h1 } of pages) {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(h1.replace(/&/g, "&amp;"));
      expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);
    }
  });
});
