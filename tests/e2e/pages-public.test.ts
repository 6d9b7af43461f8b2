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
      v: 2,
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
      v: 1,
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
      v: 1,
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
      v: 1,
      anchor: "",
      title: "Feature list heading",
      intro: "",
      items: ["Feature alpha", "Feature beta"],
    },
    {
      id: id(),
      type: "stats",
      v: 1,
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
      v: 1,
      anchor: "",
      title: "Steps heading",
      intro: "",
      steps: [
        { title: "Step one", text: "First we talk." },
        { title: "Step two", text: "Then we build." },
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
      v: 2,
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
      v: 1,
      anchor: "message",
      form: "contact",
      title: "Contact form heading",
      intro: "Write to us.",
    },
    {
      id: id(),
      type: "legal",
      v: 1,
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
    blocks: [{ id: id(), type: "richText", v: 1, anchor: "", markdown: "Only for links." }],
  });
  await savePage(DRAFT, {
    title: "Draft page",
    status: "draft",
    blocks: [{ id: id(), type: "richText", v: 1, anchor: "", markdown: "Not yet." }],
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
    const widget = page.locator("altcha-widget");
    await widget.getByText("I'm not a robot").click();
    await widget.getByText("Verified").waitFor({ timeout: 30_000 });
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
          { id: id(), type: "richText", v: 1, anchor: "", markdown: `Unsaved words ${run}.` },
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
