import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formMessages } from "~/schemas/form-messages";
import { createAdmin } from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, launchBrowser, newClientContext, newPage } from "../support/browser";
import { expectToast, SLOW, uniqueEmail, waitForHydration } from "../support/forms";
import { waitForMail } from "../support/mail";
import { sharedServer } from "../support/shared-server";
import { adminWriter, signInCookie } from "../support/site-content";

/**
 * Pages built from blocks as visitors see them: made through the page editor's own actions
 * (POST /admin/pages, /admin/pages/:id), then read at their addresses like any other page.
 */

const { url: baseURL, dataDir } = sharedServer();
// Unique per run: the server is shared with the other files.
const run = Date.now().toString(36);
const FULL = `/e2e-blocks-${run}`;
const HIDDEN = `/e2e-hidden-${run}`;
const DRAFT = `/e2e-draft-${run}`;

let writer: ReturnType<typeof adminWriter>;
let browser: Browser;

let blockIds = 0;
const id = () => {
  blockIds += 1;
  return `e2e${blockIds}`;
};

/** One of every block, each with a text that shows it is there. */
function everyBlock(sharedId: number) {
  return [
    {
      id: id(),
      type: "hero",
      v: 3,
      anchor: "",
      variant: "split",
      badge: "Spring offer",
      title: `Hero heading ${run}`,
      text: "Hero text about the spring offer.",
      primary: { label: "Book now", href: "#faq" },
      secondary: { label: "Read more", href: "/about" },
      image: "/images/products/opshub.svg",
      imageAlt: "The OpsHub dashboard",
    },
    {
      id: id(),
      type: "richText",
      v: 2,
      anchor: "",
      markdown: "## Rich text heading\n\nRich text **body**. <script>window.pwned = 1</script>",
    },
    {
      id: id(),
      type: "image",
      v: 1,
      anchor: "",
      src: "/images/products/hiring-hub.svg",
      alt: "The Hiring Hub",
      caption: "Image caption text",
    },
    {
      id: id(),
      type: "imageText",
      v: 1,
      anchor: "",
      title: "Image and text heading",
      markdown: "Image and text body.",
      src: "/images/products/omniconnect-hub.svg",
      alt: "OmniConnect Hub",
      imageSide: "right",
      link: { label: "Image text link", href: "/contact" },
    },
    {
      id: id(),
      type: "cardGrid",
      v: 3,
      anchor: "",
      eyebrow: "Cards eyebrow",
      title: "Card grid heading",
      intro: "",
      columns: 3,
      cards: [
        { icon: "Bot", title: "Card one", text: "Card one text.", href: "/about" },
        { icon: "", title: "Card two", text: "Card two text.", href: "" },
      ],
    },
    {
      id: id(),
      type: "featureList",
      v: 2,
      anchor: "",
      title: "Feature list heading",
      intro: "",
      items: ["Feature alpha", "Feature beta"],
    },
    {
      id: id(),
      type: "stats",
      v: 2,
      anchor: "",
      title: "Stats heading",
      items: [
        { value: "98%", label: "Stat label one" },
        { value: "24/7", label: "Stat label two" },
      ],
    },
    {
      id: id(),
      type: "steps",
      v: 2,
      anchor: "",
      title: "Steps heading",
      intro: "",
      steps: [
        { title: "Step one", text: "First we talk." },
        { title: "Step two", text: "Then we build." },
      ],
    },
    // The band and card options, each drawn once.
    {
      id: id(),
      type: "cardGrid",
      v: 3,
      anchor: "partners",
      eyebrow: "Dark eyebrow",
      title: "Dark card grid heading",
      intro: "Cards on a dark band.",
      tone: "dark",
      tightTop: false,
      style: "beside",
      columns: 2,
      linkStyle: "text",
      cards: [
        {
          icon: "Bot",
          badge: "Partner badge",
          title: "Partner one",
          text: "Partner one text.",
          checks: ["Check alpha", "Check beta"],
          href: "/about",
          linkLabel: "Learn more",
        },
        {
          icon: "Gauge",
          badge: "",
          title: "Partner two",
          text: "Partner two text.",
          checks: [],
          href: "",
          linkLabel: "Learn more",
        },
      ],
      primary: { label: "Grid main button", href: "/contact" },
      secondary: { label: "Grid second button", href: "/demos" },
    },
    {
      id: id(),
      type: "cardGrid",
      v: 3,
      anchor: "",
      eyebrow: "",
      title: "Tile grid heading",
      intro: "",
      tone: "muted",
      tightTop: true,
      style: "tile",
      columns: 4,
      linkStyle: "button",
      cards: [
        {
          icon: "Zap",
          badge: "",
          title: "Tile one",
          text: "Tile one text.",
          checks: [],
          href: "/contact",
          linkLabel: "Open tile one",
        },
      ],
    },
    {
      id: id(),
      type: "featureList",
      v: 2,
      anchor: "benefits",
      eyebrow: "Boxed eyebrow",
      title: "Boxed feature list heading",
      intro: "",
      tone: "muted",
      tightTop: false,
      boxed: true,
      items: ["Boxed gamma", "Boxed delta", "Boxed epsilon"],
    },
    {
      id: id(),
      type: "steps",
      v: 2,
      anchor: "approach",
      eyebrow: "",
      title: "Card steps heading",
      intro: "",
      tone: "plain",
      tightTop: false,
      style: "card",
      numbering: "01",
      steps: [
        { title: "Discover", text: "We listen." },
        { title: "Deliver", text: "We ship." },
      ],
    },
    {
      id: id(),
      type: "faq",
      v: 2,
      anchor: "faq",
      title: "FAQ heading",
      items: [
        { question: "How long does it take?", answer: "About two weeks." },
        { question: "Is there a contract?", answer: "No, cancel any month." },
      ],
    },
    {
      id: id(),
      type: "cta",
      v: 3,
      anchor: "",
      title: "CTA heading",
      text: "CTA text.",
      primary: { label: "CTA button", href: "/schedule-consultation" },
    },
    {
      id: id(),
      type: "testimonials",
      v: 1,
      anchor: "",
      title: "Testimonials heading",
      items: [{ quote: "Testimonial quote text.", name: "Grace Hopper", role: "Admiral" }],
    },
    {
      id: id(),
      type: "logos",
      v: 1,
      anchor: "",
      title: "Logos heading",
      items: [{ name: "Logo Company", src: "", href: "" }],
    },
    {
      id: id(),
      type: "productShowcase",
      v: 1,
      anchor: "",
      eyebrow: "",
      title: "Products heading",
      intro: "",
      products: [
        {
          badge: "New",
          name: "Product name one",
          description: "Product description.",
          features: ["Product feature"],
          href: "/products/opshub",
          linkLabel: "See the product",
          src: "/images/products/opshub.svg",
          alt: "OpsHub",
        },
      ],
    },
    {
      id: id(),
      type: "postList",
      v: 1,
      anchor: "",
      title: "Post list heading",
      category: "",
      count: 3,
    },
    {
      id: id(),
      type: "form",
      v: 2,
      anchor: "message",
      form: "contact",
      title: "Contact form heading",
      intro: "Write to us.",
    },
    {
      id: id(),
      type: "legal",
      v: 2,
      anchor: "",
      intro: "Legal intro text.",
      sections: [
        { heading: "Legal section one", markdown: "Legal one body." },
        { heading: "Legal section two", markdown: "Legal two body." },
      ],
    },
    { id: id(), type: "shared", v: 1, anchor: "", sharedId },
  ];
}

/** What each block shows, in page order (the shared section is a new call to action's defaults). */
const VISIBLE = [
  `Hero heading ${run}`,
  "Rich text heading",
  "Image caption text",
  "Image and text heading",
  "Card grid heading",
  "Card one text.",
  "Feature alpha",
  "Stats heading",
  "Stat label one",
  "Step two",
  "Dark card grid heading",
  "Check alpha",
  "Tile grid heading",
  "Boxed gamma",
  "Card steps heading",
  "FAQ heading",
  "How long does it take?",
  "CTA heading",
  "Testimonial quote text.",
  "Logo Company",
  "Product name one",
  "Post list heading",
  "Contact form heading",
  "Legal section two",
  "Legal two body.",
  "Tell us about your project; we answer within a day.",
];

async function savePage(
  path: string,
  fields: { title: string; blocks: unknown[]; status?: string; noindex?: boolean } & Record<
    string,
    unknown
  >,
) {
  const created = await writer.action(
    "/admin/pages",
    { intent: "create", title: fields.title, path, template: "blank" },
    true,
  );
  const pageId = (created.result as { id: number }).id;
  await writer.action(
    `/admin/pages/${pageId}`,
    { intent: "save", kind: "landing", status: "published", noindex: false, path, ...fields },
    true,
  );
  return pageId;
}

beforeAll(async () => {
  const admin = await createAdmin(dataDir);
  writer = adminWriter(baseURL, await signInCookie(baseURL, admin));
  browser = await launchBrowser();
  const shared = await writer.action(
    "/admin/pages",
    { intent: "create-shared", name: `Shared ${run}`, type: "cta" },
    true,
  );
  await savePage(FULL, {
    title: "Every block",
    blocks: everyBlock((shared.result as { id: number }).id),
    metaTitle: `Every block ${run}`,
    metaDescription: "A page with one of every block.",
  });
  await savePage(HIDDEN, {
    title: `Hidden page ${run}`,
    noindex: true,
    blocks: [{ id: id(), type: "richText", v: 2, anchor: "", markdown: "Only for links." }],
  });
  await savePage(DRAFT, {
    title: "Draft page",
    status: "draft",
    blocks: [{ id: id(), type: "richText", v: 2, anchor: "", markdown: "Not yet." }],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function visit(context: BrowserContext, path: string) {
  const page = await newPage(context);
  const response = await page.goto(path);
  return { page, response };
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe("a published page", () => {
  it("shows every block, one h1, its FAQ as structured data, and passes axe at 1280 px", async () => {
    const context = await newClientContext(browser, {
      baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const { page, response } = await visit(context, FULL);
    expect(response?.status()).toBe(200);
    for (const text of VISIBLE) {
      expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    const h1 = page.locator("h1");
    expect(await h1.count()).toBe(1);
    expect(await h1.textContent()).toBe(`Hero heading ${run}`);
    // Markdown reaches the page sanitized.
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator("main script:not([type])").count()).toBe(0);

    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const faq = jsonLd.map((text) => JSON.parse(text)).find((d) => d["@type"] === "FAQPage");
    expect(faq).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        {
          "@type": "Question",
          name: "How long does it take?",
          acceptedAnswer: { "@type": "Answer", text: "About two weeks." },
        },
        {
          "@type": "Question",
          name: "Is there a contract?",
          acceptedAnswer: { "@type": "Answer", text: "No, cancel any month." },
        },
      ],
    });

    // The hero's button goes to the FAQ block's anchor, which opens to its answers.
    expect(await page.locator("#faq").count()).toBe(1);
    await page.getByText("How long does it take?").click();
    expect(await page.getByText("About two weeks.").isVisible()).toBe(true);

    expect(await page.title()).toMatch(new RegExp(`^Every block ${run} \\| `));
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(
      "A page with one of every block.",
    );
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
      new RegExp(`${FULL}$`),
    );
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    expectCleanPage(page);
    await context.close();
  });

  it("draws the band and card options: dark cards with checks and links, boxes, numbered cards", async () => {
    const context = await newClientContext(browser, {
      baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const { page } = await visit(context, FULL);

    // A dark band: its heading is white on the site's dark colour, its cards see-through.
    const partners = page.getByRole("region", { name: "Dark card grid heading" });
    const colours = await partners.evaluate((section) => ({
      band: getComputedStyle(section).backgroundColor,
      heading: getComputedStyle(section.querySelector("h2") as Element).color,
      card: getComputedStyle(section.querySelector("li > div") as Element).backgroundColor,
    }));
    expect(colours.heading).toBe("rgb(255, 255, 255)");
    expect(colours.band).not.toMatch(/^rgba?\(255, 255, 255/);
    // White at 5 % opacity, in whatever colour notation the browser reports it.
    expect(colours.card).toMatch(/[ ,/] ?0\.05\)$/);
    // The anchor names the list and its cards for the site's tests.
    expect(await page.getByTestId("partners").getByTestId("partners-item").count()).toBe(2);
    const first = page.getByTestId("partners-item").first();
    expect(await first.getByRole("listitem").allTextContents()).toEqual([
      "Check alpha",
      "Check beta",
    ]);
    expect(await first.getByText("Partner badge").isVisible()).toBe(true);
    // A text link says which card it is about; a card without a link has none.
    const more = partners.getByRole("link", { name: "Learn more about Partner one" });
    expect(await more.getAttribute("href")).toBe("/about");
    expect(await partners.getByRole("link", { name: /Partner two/ }).count()).toBe(0);
    // The buttons under the grid.
    expect(
      await partners.getByRole("link", { name: "Grid main button" }).getAttribute("href"),
    ).toBe("/contact");
    expect(
      await partners.getByRole("link", { name: "Grid second button" }).getAttribute("href"),
    ).toBe("/demos");

    // A tile's link is a full-width button with the card's own words.
    // Without an anchor a band is no named region: found by its heading.
    const tiles = page.locator("section", {
      has: page.getByRole("heading", { name: "Tile grid heading" }),
    });
    const button = tiles.getByRole("link", { name: "Open tile one", exact: true });
    expect(await button.getAttribute("href")).toBe("/contact");
    const [buttonBox, cardBox] = await Promise.all([
      button.boundingBox(),
      tiles.getByRole("listitem").first().boundingBox(),
    ]);
    expect(buttonBox?.width ?? 0).toBeGreaterThan((cardBox?.width ?? 0) / 2);

    // The boxed feature list, with its checks inside the box.
    const box = page.getByTestId("benefits");
    expect(await box.getByRole("listitem").allTextContents()).toEqual([
      "Boxed gamma",
      "Boxed delta",
      "Boxed epsilon",
    ]);
    expect(await page.getByTestId("benefit-list").getByRole("listitem").count()).toBe(3);

    // Numbered cards with "01": the number shows, and screen readers hear "Step 1: ".
    const steps = page.getByTestId("approach");
    expect(await steps.getByTestId("approach-item").count()).toBe(2);
    expect(await steps.getByText("01", { exact: true }).isVisible()).toBe(true);
    expect(await steps.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Step 1: Discover",
      "Step 2: Deliver",
    ]);
    // The other grids and steps, without an anchor, carry no test id.
    expect(await page.locator('[data-testid$="-item"]').count()).toBe(4);
    expectCleanPage(page);
    await context.close();
  });

  it("fits a 375 px screen without scrolling sideways and passes axe there", async () => {
    const context = await newClientContext(browser, {
      baseURL,
      viewport: { width: 375, height: 800 },
    });
    const { page } = await visit(context, FULL);
    await page.getByText("Legal two body.").waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    expectCleanPage(page);
    await context.close();
  });

  it("answers at its address in any case and with a trailing slash, as other pages do", async () => {
    const response = await fetch(`${baseURL}${FULL.toUpperCase()}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`Hero heading ${run}`);
  });

  it("is kept by the page cache like other public pages", async () => {
    await fetch(`${baseURL}${FULL}`).then((r) => r.text());
    const response = await fetch(`${baseURL}${FULL}`);
    await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBeTruthy();
    expect(response.headers.get("cache-control")).toContain("s-maxage");
  });

  it("sends a contact form block's message like the contact page does", async () => {
    const context = await newClientContext(browser, {
      baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const { page } = await visit(context, `${FULL}#message`);
    const form = page.locator("#message form");
    await form.locator('input[name="submissionKey"]').waitFor({ state: "attached", ...SLOW });
    await waitForHydration(form);
    const firstName = `Page${Math.random().toString(36).slice(2, 7)}`;
    const email = uniqueEmail("page-contact");
    const box = (name: string) => form.getByRole("textbox", { name, exact: true });
    await box("First name").fill(firstName);
    await box("Last name").fill("Lovelace");
    await box("Email").fill(email);
    await box("Confirm email").fill(email);
    await box("Comments").fill("Sent from a landing page.");
    await form.getByRole("checkbox", { name: /I agree to the/ }).check();
    // Typing in the form started the proof of work.
    await page.locator("altcha-widget").getByText("Verified").waitFor({ timeout: 30_000 });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, { type: "success", ...formMessages.contact.success });
    const mail = await waitForMail(
      dataDir,
      "sales@aisolutions.example",
      new RegExp(`New message from ${firstName}`),
    );
    expect(mail.text).toContain(`Email: ${email}`);
    expect(mail.text).toContain("Sent from a landing page.");
    expectCleanPage(page);
    await context.close();
  });
});

describe("what search engines are told", () => {
  it("lists published pages in the sitemap, but not one marked noindex or a draft", async () => {
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${FULL}</loc>`);
    expect(sitemap).not.toContain(HIDDEN);
    expect(sitemap).not.toContain(DRAFT);
  });

  it("marks a noindex page so, and gives a page without a hero its title as the h1", async () => {
    const context = await newClientContext(browser, { baseURL });
    const { page, response } = await visit(context, HIDDEN);
    expect(response?.status()).toBe(200);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(await page.locator("h1").allTextContents()).toEqual([`Hidden page ${run}`]);
    expectCleanPage(page);
    await context.close();
  });

  it("answers an unknown address and a draft's address with the not-found page", async () => {
    for (const path of [`/no-such-page-${run}`, DRAFT]) {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain("Oops! Page not found");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
  });
});

describe("a preview", () => {
  it("shows the editor's unsaved blocks at a private, unindexed address with a banner", async () => {
    const created = await writer.action(
      "/admin/pages",
      { intent: "create", title: "Preview me", path: `/e2e-preview-${run}`, template: "blank" },
      true,
    );
    const pageId = (created.result as { id: number }).id;
    const answer = (await writer.action(
      `/admin/pages/${pageId}`,
      {
        intent: "preview",
        title: "Preview me",
        path: `/e2e-preview-${run}`,
        kind: "page",
        status: "draft",
        noindex: false,
        blocks: [
          { id: id(), type: "richText", v: 2, anchor: "", markdown: `Unsaved words ${run}.` },
        ],
      },
      true,
    )) as { url?: string };
    const url = answer.url ?? "";
    expect(url).toMatch(/^\/preview\/[\w-]{43}$/);

    const direct = await fetch(`${baseURL}${url}`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("cache-control")).toBe("private, no-store");
    expect(direct.headers.get("x-robots-tag")).toBe("noindex");
    await direct.text();

    const context = await newClientContext(browser, { baseURL });
    const { page } = await visit(context, url);
    expect(await page.getByRole("status").filter({ hasText: "not published" }).count()).toBe(1);
    expect(await page.getByText(`Unsaved words ${run}.`).isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(await page.locator("h1").allTextContents()).toEqual(["Preview me"]);
    // Nothing of it is published.
    expect((await fetch(`${baseURL}/e2e-preview-${run}`)).status).toBe(404);
    expectCleanPage(page);
    await context.close();

    const unknown = await fetch(`${baseURL}/preview/${"x".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).toBe("private, no-store");
    expect(await unknown.text()).toContain("Oops! Page not found");
  });
});
