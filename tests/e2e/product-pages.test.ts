import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ExternalLinkKey, externalLinkDefaults } from "~/content/external-links";
import { expectNoAxeViolations } from "../support/axe";
import {
  expectCleanPage,
  launchBrowser,
  newPage,
  waitForRouterHydration,
} from "../support/browser";
import { sharedServer } from "../support/shared-server";

const { url: baseURL } = sharedServer();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface PageCase {
  path: string;
  h1: string;
  /** CSS selector → exact number of matches. */
  counts: Record<string, number>;
  /** Static copy that must be on the page. */
  texts: string[];
  /** Links that open an external site: accessible name → the settings key of their address. */
  outbound: { name: string; key: ExternalLinkKey }[];
  /** In-app links: every link in <main> with this exact visible label goes to `to`. */
  internal: { name: string; to: string }[];
}

const cases: PageCase[] = [
  {
    path: "/products/hiring-hub",
    h1: "Hiring Hub",
    counts: {
      '[data-testid="product-stat"]': 4,
      '[data-testid="feature-card"]': 5,
      '[data-testid="benefit-list"] li': 8,
    },
    texts: ["HR Tech", "75%", "94%", "1000+", "30+", "AI Voice Interviews"],
    outbound: [{ name: "Launch Hiring Hub", key: "hiring_hub_app_url" }],
    internal: [{ name: "Schedule Consultation", to: "/schedule-consultation" }],
  },
  {
    path: "/products/opshub",
    h1: "OpsHub",
    counts: {
      '[data-testid="feature-card"]': 9,
      '[data-testid="agent-card"]': 4,
      '[data-testid="gamification-list"] li': 7,
    },
    texts: [
      "Operations Tech",
      "Scheduling Agent",
      "Compliance Agent",
      "Task Agent",
      "Analytics Agent",
      "Levels from Beginner to Legend",
      "50+ achievements and badges",
      "Daily, weekly and monthly leaderboards",
    ],
    outbound: [{ name: "Launch OpsHub", key: "opshub_app_url" }],
    internal: [{ name: "Schedule Demo", to: "/schedule-consultation" }],
  },
  {
    path: "/products/studio",
    h1: "Studio",
    counts: {
      '[data-testid="product-stat"]': 3,
      '[data-testid="feature-card"]': 4,
      '[data-testid="step-card"]': 3,
    },
    texts: ["6", "Platforms", "10+", "Posts per week", "5x", "Faster", "Team Collaboration"],
    outbound: [{ name: "Get Started", key: "studio_app_url" }],
    internal: [{ name: "Schedule Demo", to: "/schedule-consultation" }],
  },
  {
    path: "/products/omniconnect-hub",
    h1: "OmniConnect Hub",
    counts: {
      '[data-testid="product-stat"]': 4,
      '[data-testid="feature-card"]': 9,
      '[data-testid="industry-card"]': 3,
    },
    texts: [
      "Communication Tech",
      "14-day free trial",
      "No credit card required",
      "Setup in 5 minutes",
      "99.9%",
      "500+",
      "24/7",
      "CRM Integrations",
      "Industry Flows",
    ],
    outbound: [{ name: "Start Free Trial", key: "omniconnect_app_url" }],
    internal: [{ name: "Watch Demo", to: "/demos" }],
  },
  {
    path: "/demos",
    h1: "See AI Conversations in Action",
    counts: { '[data-testid="demo-card"]': 3 },
    texts: ["Restaurant", "Tax and Financial Services", "Legal Services"],
    outbound: [
      { name: "Open Restaurant Demo", key: "demo_restaurant_url" },
      { name: "Open Tax and Financial Demo", key: "demo_tax_url" },
      { name: "Open Legal Demo", key: "demo_legal_url" },
    ],
    internal: [{ name: "Learn More", to: "/products/omniconnect-hub" }],
  },
];

/** Heading levels of the whole document, in order. */
function headingLevels(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6")).map((h) =>
      Number(h.tagName.slice(1)),
    ),
  );
}

interface RouterWindow {
  __reactRouterDataRouter?: { navigate: (to: string) => Promise<void> };
}

describe("product pages and /demos", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({ baseURL });
  });
  afterAll(async () => {
    await context?.close();
  });

  for (const c of cases) {
    describe(c.path, () => {
      it("renders on the server with status 200, a canonical link and one h1", async () => {
        const response = await fetch(`${baseURL}${c.path}`);
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
        expect(html).toMatch(/<link rel="canonical" href="[^"]*"/);
      });

      it("shows the content with the exact counts, links and headings, and passes axe", async () => {
        const page = await newPage(context);
        const response = await page.goto(c.path);
        expect(response?.status()).toBe(200);
        const main = page.locator("main");

        const h1 = page.locator("h1");
        expect(await h1.count()).toBe(1);
        expect((await h1.textContent())?.trim()).toBe(c.h1);

        const levels = await headingLevels(page);
        expect(levels[0]).toBe(1);
        for (let i = 1; i < levels.length; i++) {
          expect(levels[i], `heading ${i} skips a level: ${levels.join(",")}`).toBeLessThanOrEqual(
            (levels[i - 1] ?? 1) + 1,
          );
        }

        for (const [selector, count] of Object.entries(c.counts)) {
          expect(await main.locator(selector).count(), selector).toBe(count);
        }
        for (const text of c.texts) {
          expect(await main.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
        }

        for (const link of c.outbound) {
          const anchor = main.getByRole("link", { name: link.name });
          expect(await anchor.count(), link.name).toBe(1);
          expect(await anchor.getAttribute("href")).toBe(externalLinkDefaults[link.key]);
          expect(await anchor.getAttribute("target")).toBe("_blank");
          const rel = (await anchor.getAttribute("rel")) ?? "";
          expect(rel.split(/\s+/)).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
        }
        // Nothing else in the page body leaves the site.
        expect(await main.locator('a[target="_blank"]').count()).toBe(c.outbound.length);

        for (const link of c.internal) {
          const anchors = main.getByRole("link", { name: link.name, exact: true });
          const count = await anchors.count();
          expect(count, link.name).toBeGreaterThan(0);
          for (let i = 0; i < count; i++) {
            expect(await anchors.nth(i).getAttribute("href")).toBe(link.to);
            expect(await anchors.nth(i).getAttribute("target")).toBeNull();
          }
        }

        const canonical = page.locator('link[rel="canonical"]');
        expect(await canonical.count()).toBe(1);
        expect(new URL((await canonical.getAttribute("href")) ?? "").pathname).toBe(c.path);

        await expectNoAxeViolations(page);
        expectCleanPage(page);
        await page.close();
      });
    });
  }

  it("fits a 375 px phone screen without horizontal scrolling, and passes axe there", async () => {
    const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
    try {
      for (const c of cases) {
        const page = await newPage(phone);
        await page.goto(c.path);
        const [scrollWidth, innerWidth] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          window.innerWidth,
        ]);
        expect(scrollWidth, c.path).toBeLessThanOrEqual(innerWidth);
        await expectNoAxeViolations(page);
        expectCleanPage(page);
        await page.close();
      }
    } finally {
      await phone.close();
    }
  });

  it("moves between OmniConnect Hub and the demos in the app", async () => {
    const page = await newPage(context);
    await page.goto("/products/omniconnect-hub");
    await waitForRouterHydration(page);
    await page
      .locator("main")
      .getByRole("link", { name: "Watch Demo", exact: true })
      .first()
      .click();
    await page.waitForURL(`${baseURL}/demos`);
    await expect
      .poll(() => page.locator("h1").textContent())
      .toBe("See AI Conversations in Action");

    await page.locator("main").getByRole("link", { name: "Learn More", exact: true }).click();
    await page.waitForURL(`${baseURL}/products/omniconnect-hub`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("OmniConnect Hub");
    expectCleanPage(page);
    await page.close();
  });
});

describe("old product addresses", () => {
  const redirects = [
    { from: "/products/restaurant-ops", to: "/products/opshub", h1: "OpsHub" },
    { from: "/products/chat-widget", to: "/products/omniconnect-hub", h1: "OmniConnect Hub" },
  ];

  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({ baseURL });
  });
  afterAll(async () => {
    await context?.close();
  });

  for (const r of redirects) {
    it(`${r.from} answers with a permanent redirect to ${r.to}`, async () => {
      const response = await fetch(`${baseURL}${r.from}`, { redirect: "manual" });
      expect(response.status).toBe(301);
      const location = response.headers.get("location") ?? "";
      expect(new URL(location, baseURL).href).toBe(`${baseURL}${r.to}`);
      await response.arrayBuffer();
    });

    it(`${r.from} opened directly lands on ${r.to}`, async () => {
      const page = await newPage(context);
      await page.goto(r.from);
      expect(page.url()).toBe(`${baseURL}${r.to}`);
      expect(await page.locator("h1").textContent()).toBe(r.h1);
      expectCleanPage(page);
      await page.close();
    });

    it(`${r.from} reached in the app leaves no history entry for itself`, async () => {
      const page = await newPage(context);
      await page.goto("/products/hiring-hub");
      await waitForRouterHydration(page);
      const before = await page.evaluate(() => history.length);
      // What a <Link> click does: a client-side push navigation through the router.
      await page.evaluate(
        (to) => (window as unknown as RouterWindow).__reactRouterDataRouter?.navigate(to),
        r.from,
      );
      await page.waitForURL(`${baseURL}${r.to}`);
      await expect.poll(() => page.locator("h1").textContent()).toBe(r.h1);
      // One new entry (the target), not two (the old address and the target).
      expect(await page.evaluate(() => history.length)).toBe(before + 1);

      // Back returns to the page the move started from; forward to the target again.
      await page.goBack();
      await page.waitForURL(`${baseURL}/products/hiring-hub`);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Hiring Hub");
      await page.goForward();
      await page.waitForURL(`${baseURL}${r.to}`);
      await expect.poll(() => page.locator("h1").textContent()).toBe(r.h1);
      expectCleanPage(page);
      await page.close();
    });
  }
});
