import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPagePaths, servicePages } from "~/content/service-paths";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, launchBrowser, newPage } from "../support/browser";
import { sharedServer } from "../support/shared-server";

const { url: baseURL } = sharedServer();

let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  desktop = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  phone = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 740 },
    isMobile: true,
  });
});
afterAll(async () => {
  await browser?.close();
});

async function inViewport(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const rect = document.querySelector(sel)?.getBoundingClientRect();
    return rect !== undefined && rect.top < window.innerHeight && rect.bottom > 0;
  }, selector);
}

describe("home page", () => {
  it("shows the hero with its badge, headline, two buttons and the three default stats", async () => {
    const page = await newPage(desktop);
    await page.goto("/");
    expect(await page.getByText("AI-Powered Business Solutions").first().isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Artificial Intelligence and Creativity",
    );
    expect(
      await page.getByRole("link", { name: "Explore Our Products" }).getAttribute("href"),
    ).toBe("#products");
    const consult = page.locator("#home").getByRole("link", { name: "Schedule Consultation" });
    expect(await consult.getAttribute("href")).toBe("/schedule-consultation");
    const stats = page.getByTestId("hero-stats");
    expect((await stats.innerText()).replace(/\s+/g, " ")).toBe(
      "Businesses Transformed 500+ Client Satisfaction 98% AI Support 24/7",
    );
    expectCleanPage(page);
    await page.close();
  });

  it("lists three products in alternating rows, without Studio, each with a Learn More link", async () => {
    const page = await newPage(desktop);
    await page.goto("/");
    const rows = page.getByTestId("home-product");
    expect(await rows.count()).toBe(3);
    expect(await rows.locator("h3").allTextContents()).toEqual([
      "OmniConnect Hub",
      "Hiring Hub",
      "OpsHub",
    ]);
    expect(await rows.locator("span.rounded-full").allTextContents()).toEqual([
      "Communication Tech",
      "HR Tech",
      "Operations Tech",
    ]);
    expect(await page.locator("#products").getByText("Studio", { exact: true }).count()).toBe(0);
    const learnMore = rows.getByRole("link", { name: /Learn More/ });
    expect(
      await learnMore.evaluateAll((links) => links.map((l) => l.getAttribute("href"))),
    ).toEqual(["/products/omniconnect-hub", "/products/hiring-hub", "/products/opshub"]);
    for (const img of await rows.locator("img").all()) {
      expect(await img.getAttribute("width")).toBeTruthy();
      expect(await img.getAttribute("height")).toBeTruthy();
    }
    await page.close();
  });

  it("numbers six service cards whose links are derived from their titles and all open", async () => {
    const page = await newPage(desktop);
    await page.goto("/");
    const cards = page.getByTestId("home-service");
    expect(await cards.count()).toBe(6);
    const numbers = await cards.evaluateAll((items) =>
      items.map((i) => i.querySelector("span[aria-hidden]:not(.grid)")?.textContent),
    );
    expect(numbers).toEqual(["01", "02", "03", "04", "05", "06"]);
    const hrefs = await cards
      .locator("a")
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(hrefs).toEqual(servicePages.map((p) => `/${p}`));
    for (const href of hrefs) {
      expect((await fetch(`${baseURL}${href}`)).status, href as string).toBe(200);
    }
    const services = page.locator("#services");
    expect(
      await services.getByRole("link", { name: "View Case Studies" }).getAttribute("href"),
    ).toBe("/demos");
    expect(
      await services
        .getByRole("link", { name: "Schedule a Free Consultation" })
        .getAttribute("href"),
    ).toBe("/schedule-consultation");
    await page.close();
  });

  it("scrolls smoothly to the products when Explore Our Products is pressed", async () => {
    const page = await newPage(desktop);
    await page.goto("/");
    expect(await inViewport(page, "#products h2")).toBe(false);
    await page.getByRole("link", { name: "Explore Our Products" }).click();
    await expect.poll(() => inViewport(page, "#products h2")).toBe(true);
    await page.close();
  });

  it("publishes Organization data for search engines", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const block = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)?.[1];
    const data = JSON.parse(block ?? "{}");
    expect(data["@type"]).toBe("Organization");
    expect(data.name).toBe("AI Solutions");
    expect(data.url).toBe(baseURL);
  });
});

describe("navigation bar", () => {
  it("goes home first and then scrolls to the section when an anchor is used on another page", async () => {
    const page = await newPage(desktop);
    await page.goto("/about");
    // A slow network: the home page's data arrives well after the 100 ms scroll delay.
    await page.route("**/*.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Services" })
      .click();
    await page.waitForURL(`${baseURL}/`);
    await expect.poll(() => inViewport(page, "#services h2"), { timeout: 5_000 }).toBe(true);
    expectCleanPage(page);
    await page.close();
  });

  it("scrolls on the home page itself without leaving it", async () => {
    const page = await newPage(desktop);
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Products" })
      .click();
    await expect.poll(() => inViewport(page, "#products h2")).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/");
    await page.close();
  });

  it("offers Get Started and Sign In, and on a phone a menu that opens and closes", async () => {
    const wide = await newPage(desktop);
    await wide.goto("/");
    const nav = wide.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe(
      "/schedule-consultation",
    );
    expect(await nav.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
    expect(await nav.getByRole("link").allTextContents()).toEqual(
      expect.arrayContaining(["Home", "Products", "Services", "Blog", "About", "Contact"]),
    );
    await wide.close();

    const page = await newPage(phone);
    await page.goto("/");
    const menu = page.locator("#mobile-menu");
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: "About" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Close menu" }).click();
    expect(await menu.isVisible()).toBe(false);
    // Following a link closes it too.
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "About" }).click();
    await page.waitForURL(`${baseURL}/about`);
    expect(await menu.isVisible()).toBe(false);
    expectCleanPage(page);
    await page.close();
  });
});

describe("footer", () => {
  it("shows contact details, the link groups, legal links and the current year on every page", async () => {
    const page = await newPage(desktop);
    for (const path of ["/", "/about", "/no-such-page"]) {
      await page.goto(path);
      const footer = page.locator("footer");
      expect(await footer.getByRole("link", { name: "hello@aisolutions.example" }).count()).toBe(1);
      expect(await footer.getByText("Ruskin, FL").count()).toBe(1);
      for (const group of ["Products", "Services", "Company"]) {
        expect(await footer.getByRole("heading", { name: group }).count()).toBe(1);
      }
      for (const legal of [
        "Privacy Policy",
        "Terms of Service",
        "Cookie Policy",
        "Data Deletion",
      ]) {
        expect(await footer.getByRole("link", { name: legal }).count()).toBe(1);
      }
      expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()}`);
    }
    const hiring = page.locator("footer").getByRole("link", { name: /Hiring Hub/ });
    expect(await hiring.getAttribute("target")).toBe("_blank");
    expect(await hiring.getAttribute("rel")).toContain("noopener");
    expect(
      await page
        .locator("footer")
        .getByRole("link", { name: "OmniConnect Hub" })
        .getAttribute("href"),
    ).toBe("/products/omniconnect-hub");
    await page.close();
  });
});

describe("search engines", () => {
  it("serves robots.txt with the sitemap, and a sitemap listing every public page", async () => {
    const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).toContain("Disallow: /admin");
    const sitemap = await fetch(`${baseURL}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of publicPagePaths) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  });

  it("gives every public page its own title, description, canonical URL and social tags", async () => {
    const titles = new Set<string>();
    for (const path of publicPagePaths) {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const title = html.match(/<title>(.*?)<\/title>/)?.[1] ?? "";
      expect(title, path).not.toBe("");
      titles.add(title);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{30,}"/);
      expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);
      expect(html, path).toContain('property="og:title"');
      expect(html, path).toContain('property="og:image"');
      expect(html, path).toContain('name="twitter:card"');
    }
    expect(titles.size).toBe(publicPagePaths.length);
  });
});

describe("accessibility", () => {
  it("has no axe-core violation on any public route, on desktop and on a phone", async () => {
    for (const context of [desktop, phone]) {
      const page = await newPage(context);
      for (const path of [...publicPagePaths, "/auth", "/no-such-page"]) {
        await page.goto(path);
        await expectNoAxeViolations(page);
      }
      await page.close();
    }
  });

  it("starts every page with a skip link to the main content", async () => {
    const page = await newPage(desktop);
    await page.goto("/about");
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    expect(await focused.textContent()).toBe("Skip to content");
    expect(await focused.getAttribute("href")).toBe("#main");
    await page.close();
  });
});

describe("blog link", () => {
  it("leads to the blog", async () => {
    const page = await newPage(desktop);
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Blog" })
      .click();
    await page.waitForURL(`${baseURL}/blog`);
    // Other tests may have published posts on this shared server: the page itself is what counts.
    await expect
      .poll(() =>
        page.getByRole("heading", { level: 1, name: "Insights on AI and automation" }).isVisible(),
      )
      .toBe(true);
    expectCleanPage(page);
    await page.close();
  });
});
