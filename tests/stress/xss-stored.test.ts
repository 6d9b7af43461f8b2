import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationType } from "~/content/integrations";
import {
  businessDays,
  integrationNames,
  serviceIcons,
  socialNetworks,
} from "~/content/site-defaults";
import { fieldPresentation } from "~/schemas/admin/integrations";
import { createAdmin, signedInContext } from "../support/admin";
import { launchBrowser, newClientContext, waitForRouterHydration } from "../support/browser";
import { newSubmissionKey, solveBotCheck } from "../support/forms";
import { adminCookie, startFuzzServer } from "../support/fuzz/fuzz-server";
import { rotatingAddress } from "../support/fuzz/runner";
import { scriptableAttributes, watchForXss, type XssFinding } from "../support/fuzz/xss-detector";
import { XSS_PAYLOAD_COUNT, xssPayload } from "../support/fuzz/xss-payloads";
import { PNG } from "../support/media-fixtures";
import { confirmItsMe } from "../support/step-up";
import { scaled } from "../support/stress-scale";

/**
 * Stored XSS: about 100 payloads (tests/support/fuzz/xss-payloads.ts) written into every stored
 * text field an admin or a visitor can write, through the real endpoints, over ROUNDS rounds; after
 * each round every page that shows those fields (public pages, admin tabs and dialogs) is opened in
 * Chromium. No payload may run (marker or alert), be blocked by the CSP (the markup got through)
 * or leave a handler attribute or script URL in the DOM.
 */

// 8 at full size; at CI size (STRESS_SCALE) fewer rounds carry the same payloads.
const ROUNDS = Number(process.env.XSS_ROUNDS ?? scaled(8, 2));
const PER_ROUND = Math.ceil(XSS_PAYLOAD_COUNT / ROUNDS);

type Kind = "line" | "multiline" | "email" | "url" | "path";

/** Per field: the payload numbers it has been sent and how many were stored (answer 2xx). */
const tally = new Map<string, { sent: Set<number>; stored: Set<number> }>();
const cursor = new Map<string, number>();

/** Control characters as spaces (line breaks kept when the field is multi-line). */
function withoutControls(value: string, keepLineBreaks: boolean) {
  return Array.from(value)
    .map((c) => {
      const code = c.charCodeAt(0);
      if (keepLineBreaks && (code === 9 || code === 10 || code === 13)) return c;
      return code < 32 || code === 127 ? " " : c;
    })
    .join("");
}

/** How a payload is made to fit a field's format (its validation would refuse it otherwise). */
function shaped(kind: Kind, payload: string) {
  const oneLine = withoutControls(payload, false);
  const noSpaces = oneLine.replace(/[\s\\]+/g, "/");
  switch (kind) {
    case "line":
      return oneLine;
    case "multiline":
      return withoutControls(payload, true);
    case "email":
      return `${noSpaces.replaceAll("@", "")}@x.co`;
    case "url":
      return `https://x.test/${noSpaces}`;
    case "path":
      return `/x/${noSpaces}`;
  }
}

interface Pending {
  field: string;
  numbers: number[];
}

/**
 * The next payloads for `field` that fit in `max` characters (at most `count`), joined; the
 * numbers are remembered so the write's answer can credit them.
 */
function take(field: string, max: number, kind: Kind, pending: Pending[], count = PER_ROUND) {
  let at = cursor.get(field) ?? 0;
  const numbers: number[] = [];
  const parts: string[] = [];
  const separator = kind === "multiline" ? "\n\n" : kind === "line" ? " " : "/";
  // Look at each payload once per call; one too long for the field is skipped for good.
  for (let looked = 0; looked < XSS_PAYLOAD_COUNT && numbers.length < count; looked += 1) {
    const n = (at % XSS_PAYLOAD_COUNT) + 1;
    const part = shaped(kind, xssPayload(n));
    // Longer than the field on its own: skipped for good. Only too long for what is left: the
    // next call (the next round) starts with it.
    if (part.length > max) {
      at += 1;
      continue;
    }
    const next =
      kind === "email" || kind === "url" || kind === "path"
        ? shaped(kind, [...numbers, n].map((m) => xssPayload(m)).join(" "))
        : [...parts, part].join(separator);
    if (next.length > max) break;
    at += 1;
    numbers.push(n);
    parts.push(part);
  }
  cursor.set(field, at);
  const entry = tally.get(field) ?? { sent: new Set(), stored: new Set() };
  for (const n of numbers) entry.sent.add(n);
  tally.set(field, entry);
  pending.push({ field, numbers });
  if (kind === "email" || kind === "url" || kind === "path") {
    return shaped(kind, numbers.map((n) => xssPayload(n)).join(" "));
  }
  return parts.join(separator) || "plain";
}

function credit(pending: Pending[], ok: boolean) {
  if (!ok) return;
  for (const { field, numbers } of pending) {
    const entry = tally.get(field);
    for (const n of numbers) entry?.stored.add(n);
  }
}

let fuzz: Awaited<ReturnType<typeof startFuzzServer>>;
let cookie = "";
let adminPassword = "";
let browser: Browser;
let adminContext: BrowserContext;
let visitorContext: BrowserContext;
const findings: XssFinding[] = [];
const refusals: string[] = [];

async function write(
  label: string,
  path: string,
  body: Record<string, unknown>,
  pending: Pending[],
  as: "admin" | "visitor" = "admin",
  encoding: "json" | "form" = "json",
) {
  const headers: Record<string, string> = {
    Origin: fuzz.server.url,
    "X-Forwarded-For": rotatingAddress(),
    "Content-Type": encoding === "json" ? "application/json" : "application/x-www-form-urlencoded",
  };
  if (as === "admin") headers.Cookie = cookie;
  const response = await fetch(`${fuzz.server.url}${path}`, {
    method: "POST",
    headers,
    body:
      encoding === "json"
        ? JSON.stringify(body)
        : new URLSearchParams(body as Record<string, string>).toString(),
    redirect: "manual",
  });
  const text = await response.text();
  const ok = response.status < 300;
  if (!ok && refusals.length < 40)
    refusals.push(`${label}: ${response.status} ${text.slice(0, 300)}`);
  credit(pending, ok);
  expect(response.status, `${label} answered ${response.status}`).toBeLessThan(500);
  return ok;
}

/** Writes one round of payloads into every field. */
async function writeRound(round: number) {
  const siteName = (p: Pending[]) => take("settings.siteName", 80, "line", p);
  const tagline = (p: Pending[]) => take("settings.tagline", 160, "line", p);

  let p: Pending[] = [];
  await write(
    "site settings",
    "/admin/settings",
    {
      intent: "settings",
      siteName: siteName(p),
      tagline: tagline(p),
      contactEmail: take("settings.contactEmail", 254, "email", p),
      contactPhone: take("settings.contactPhone", 40, "line", p),
      contactAddress: take("settings.contactAddress", 300, "line", p),
      hiring_hub_app_url: take("settings.hiring_hub_app_url", 500, "url", p),
      opshub_app_url: take("settings.opshub_app_url", 500, "url", p),
      studio_app_url: take("settings.studio_app_url", 500, "url", p),
      omniconnect_app_url: take("settings.omniconnect_app_url", 500, "url", p),
      demo_restaurant_url: take("settings.demo_restaurant_url", 500, "url", p),
      demo_tax_url: take("settings.demo_tax_url", 500, "url", p),
      demo_legal_url: take("settings.demo_legal_url", 500, "url", p),
      booking_url: take("settings.booking_url", 500, "url", p),
    },
    p,
    "admin",
    "form",
  );

  p = [];
  await write(
    "branding",
    "/admin/settings",
    {
      intent: "branding",
      siteName: siteName(p),
      tagline: tagline(p),
      logoUrl: take("branding.logoUrl", 500, "path", p),
      primaryColor: "#6366f1",
      accentColor: "#22d3ee",
      description: take("branding.description", 300, "multiline", p),
    },
    p,
  );

  p = [];
  await write(
    "footer",
    "/admin/settings",
    {
      intent: "footer",
      description: take("footer.description", 500, "multiline", p),
      copyright: take("footer.copyright", 160, "line", p),
      email: take("settings.contactEmail", 254, "email", p),
      phone: take("settings.contactPhone", 40, "line", p),
      address: take("settings.contactAddress", 300, "line", p),
      links: Array.from({ length: 24 }, (_, i) => ({
        label: take("footer.links.label", 60, "line", p, 1),
        url:
          i % 2
            ? take("footer.links.url", 500, "path", p, 1)
            : take("footer.links.url", 500, "url", p, 1),
        section: ["products", "company", "support", "legal"][i % 4],
      })),
    },
    p,
  );

  p = [];
  await write(
    "contact info",
    "/admin/settings",
    {
      intent: "contact-info",
      email: take("settings.contactEmail", 254, "email", p),
      phone: take("settings.contactPhone", 40, "line", p),
      alternatePhone: take("contactInfo.alternatePhone", 40, "line", p),
      address: take("settings.contactAddress", 300, "line", p),
      city: take("contactInfo.city", 100, "line", p),
      state: take("contactInfo.state", 100, "line", p),
      zipCode: take("contactInfo.zipCode", 20, "line", p),
      country: take("contactInfo.country", 100, "line", p),
      businessHours: Object.fromEntries(
        businessDays.map((day) => [day, take("contactInfo.businessHours", 60, "line", p, 2)]),
      ),
      socialMedia: Object.fromEntries(
        socialNetworks.map(({ id }) => [id, take("contactInfo.socialMedia", 500, "url", p, 4)]),
      ),
      website: take("contactInfo.website", 500, "url", p),
      emergencyContact: take("contactInfo.emergencyContact", 200, "line", p),
      supportEmail: take("contactInfo.supportEmail", 254, "email", p),
      salesEmail: take("contactInfo.salesEmail", 254, "email", p),
    },
    p,
  );

  p = [];
  await write(
    "hero",
    "/admin/content",
    {
      intent: "saveHero",
      heroTitle: take("hero.title", 120, "line", p),
      heroSubtitle: take("hero.subtitle", 400, "line", p),
      heroCtaText: take("hero.ctaText", 40, "line", p),
    },
    p,
    "admin",
    "form",
  );

  for (let i = 0; i < 6; i += 1) {
    p = [];
    await write(
      "statistic",
      "/admin/content",
      {
        intent: "createStat",
        statKey: `xss_${round}_${i}`,
        statValue: take("stats.value", 40, "line", p, 2),
        statLabel: take("stats.label", 80, "line", p, 3),
        displayOrder: String(round * 6 + i),
      },
      p,
    );
  }

  p = [];
  await write(
    "navigation",
    "/admin/content",
    {
      intent: "saveNav",
      items: Array.from({ length: 20 }, () => ({
        label: take("nav.label", 40, "line", p, 1),
        url: take("nav.url", 500, "path", p, 1),
      })),
    },
    p,
  );

  p = [];
  await write(
    "services",
    "/admin/content",
    {
      intent: "saveServices",
      items: Array.from({ length: 12 }, (_, i) => ({
        title: take("services.title", 80, "line", p, 2),
        description: take("services.description", 400, "line", p),
        icon: serviceIcons[i % serviceIcons.length],
        link: take("services.link", 500, "path", p, 2),
        featured: i === 0,
      })),
    },
    p,
  );

  for (let i = 0; i < 3; i += 1) {
    p = [];
    await write(
      "category",
      "/admin/blog",
      {
        intent: "create-category",
        name: take("category.name", 100, "line", p),
        slug: i === 0 ? `xss-cat-${round}` : `xss-cat-${round}-${i}`,
        description: take("category.description", 500, "line", p),
      },
      p,
      "admin",
      "form",
    );
  }

  p = [];
  await write(
    "blog post",
    "/admin/blog",
    {
      intent: "create-post",
      title: take("post.title", 200, "line", p),
      slug: `xss-round-${round}`,
      excerpt: take("post.excerpt", 500, "line", p),
      content: take("post.content", 60_000, "multiline", p, XSS_PAYLOAD_COUNT),
      status: "published",
      featuredImageUrl: take("post.featuredImageUrl", 2000, "path", p),
      metaTitle: take("post.metaTitle", 200, "line", p),
      metaDescription: take("post.metaDescription", 500, "line", p),
    },
    p,
    "admin",
    "form",
  );

  p = [];
  await write(
    "post through the API",
    "/api/create-blog-post",
    {
      title: take("apiPost.title", 200, "line", p),
      slug: `xss-api-${round}`,
      excerpt: take("apiPost.excerpt", 1000, "line", p),
      content: take("apiPost.content", 60_000, "multiline", p, XSS_PAYLOAD_COUNT),
      featured_image: take("apiPost.featured_image", 2000, "url", p),
      published: true,
      meta_title: take("apiPost.meta_title", 200, "line", p),
      meta_description: take("apiPost.meta_description", 500, "line", p),
    },
    p,
  );

  // Media alt text, with a real image upload.
  for (let i = 0; i < 3; i += 1) {
    p = [];
    const form = new FormData();
    form.append("altText", take("media.altText", 300, "line", p));
    form.append("file", new Blob([PNG], { type: "image/png" }), `round-${round}-${i}.png`);
    const upload = await fetch(`${fuzz.server.url}/admin/media/upload`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: fuzz.server.url },
      body: form,
    });
    expect(upload.status).toBeLessThan(500);
    credit(p, upload.ok);
  }

  for (let i = 0; i < 5; i += 1) {
    p = [];
    await write(
      "API key",
      "/admin/api-keys",
      { intent: "create", name: take("apiKey.name", 80, "line", p) },
      p,
      "admin",
      "form",
    );
  }

  // Integration settings the admin sees again (non-secret text fields; the custom-code script
  // is JavaScript by design and stays switched off).
  for (const name of integrationNames) {
    p = [];
    const body: Record<string, string> = { intent: "save-config", integration: name };
    for (const field of integrationType(name).fields) {
      const input = fieldPresentation(name, field.key).input;
      const id = `integration.${name}.${field.key}`;
      if (field.secret) {
        if (field.required) {
          body[field.key] = input === "url" ? "https://hooks.example.com/x" : "a-secret-value";
        }
      } else if (name === "custom-code" && field.key === "script") {
        body[field.key] = "console.log('switched off')";
      } else if (input === "text" || input === "textarea") {
        body[field.key] = take(id, 500, input === "textarea" ? "multiline" : "line", p);
      } else if (input === "email") {
        // A strict address check (z.email) lets no markup through; a valid one keeps the save.
        body[field.key] = "from@example.com";
      } else if (input === "url" || input === "base-url") {
        body[field.key] = "https://chat.example.com";
      } else if (input === "measurement-id") {
        // Letters and digits only: no markup can get through, and a valid one keeps the save.
        body[field.key] = "G-XSSCHECK1";
      }
    }
    await write(`integration ${name}`, "/admin/integrations", body, p, "admin", "form");
  }

  // Visitors: a consultation request, a contact message and a newsletter address.
  p = [];
  await write(
    "consultation request",
    "/api/schedule-consultation",
    {
      name: take("consultation.name", 200, "line", p),
      email: `visitor-${round}@example.com`,
      phone: take("consultation.phone", 50, "line", p),
      company: take("consultation.company", 200, "line", p),
      message: take("consultation.message", 5000, "multiline", p),
      serviceType: "",
      preferredTime: "",
      submissionKey: newSubmissionKey(),
    },
    p,
    "visitor",
  );

  p = [];
  const contactEmail = take("contact.email", 254, "email", p);
  await write(
    "contact message",
    "/api/contact",
    {
      firstName: take("contact.firstName", 100, "line", p),
      lastName: take("contact.lastName", 100, "line", p),
      email: contactEmail,
      confirmEmail: contactEmail,
      phone: take("contact.phone", 50, "line", p),
      comments: take("contact.comments", 600, "multiline", p),
      consent: true,
      botCheck: await solveBotCheck(fuzz.server.url),
      submissionKey: newSubmissionKey(),
    },
    p,
    "visitor",
  );

  p = [];
  await write(
    "newsletter address",
    "/api/newsletter-subscribe",
    { email: take("newsletter.email", 254, "email", p, 1) },
    p,
    "visitor",
  );
}

/** Opens `path`, lets its scripts run, opens `dialogs` (button name → dialog), checks the DOM. */
async function inspect(context: BrowserContext, path: string, dialogs: [RegExp, RegExp][] = []) {
  const page = await context.newPage();
  try {
    const response = await page.goto(path);
    expect(response?.status(), `${path} answered`).toBeLessThan(500);
    await waitForRouterHydration(page);
    await settle(page);
    await record(page, path);
    for (const [button, dialog] of dialogs) {
      await page.getByRole("button", { name: button }).first().click();
      const opened = page.getByRole("dialog", { name: dialog });
      await opened.waitFor();
      await settle(page);
      await record(page, `${path} (${dialog.source} dialog)`);
      await page.keyboard.press("Escape");
      await opened.waitFor({ state: "detached" });
    }
  } finally {
    await page.close();
  }
}

/** Gives handlers (onerror of a failed image, autofocus, animations) time to fire. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.waitForTimeout(300);
}

async function record(page: Page, where: string) {
  for (const attribute of await scriptableAttributes(page)) {
    findings.push({ kind: "dom", page: where, detail: attribute });
  }
}

const publicPages = (round: number) => [
  "/",
  "/about",
  "/contact",
  "/schedule-consultation",
  "/newsletter",
  "/demos",
  "/chatbot-agents-omnichannel",
  "/blog",
  `/blog/xss-round-${round}`,
  `/blog/xss-api-${round}`,
  `/blog?category=xss-cat-${round}`,
];

const adminPages = (round: number): [string, [RegExp, RegExp][]][] => [
  ["/admin", []],
  [
    "/admin/content",
    [
      [/^Main-page statistics$/, /^Main-page statistics$/],
      [/^Navigation menu$/, /^Navigation menu$/],
      [/^Services$/, /^Services$/],
    ],
  ],
  [
    "/admin/settings",
    [
      [/Logo & Branding/, /^Logo and Branding$/],
      [/Footer Content/, /^Footer Content$/],
      [/Contact Info/, /^Contact Information$/],
    ],
  ],
  ["/admin/blog", []],
  ["/admin/blog?view=categories", []],
  ["/admin/media", []],
  ["/admin/leads", []],
  [`/admin/leads?lead=consultation-${round + 1}`, []],
  [`/admin/leads?lead=contact-${round + 1}`, []],
  ["/admin/newsletter", []],
  ["/admin/integrations", []],
  ["/admin/api-keys", []],
  ["/admin/audit-log", []],
];

beforeAll(async () => {
  fuzz = await startFuzzServer();
  const signedIn = await adminCookie(fuzz.server);
  cookie = signedIn.cookie;
  adminPassword = signedIn.admin.password;
  browser = await launchBrowser();
  const admin = await createAdmin(fuzz.server.dataDir);
  adminContext = await signedInContext(browser, fuzz.server.url, admin, {
    viewport: { width: 1280, height: 900 },
  });
  visitorContext = await newClientContext(browser, { baseURL: fuzz.server.url });
  await watchForXss(adminContext, findings);
  await watchForXss(visitorContext, findings);
});

afterAll(async () => {
  await adminContext?.close();
  await visitorContext?.close();
  await browser?.close();
  await fuzz?.close();
});

describe("stored XSS in every text field", () => {
  for (let round = 0; round < ROUNDS; round += 1) {
    it(`round ${round + 1} of ${ROUNDS}: payloads stored everywhere run on no page`, async () => {
      // Its writes make API keys, which ask the admin to confirm it's them (for ten minutes):
      // each round confirms, so a slow machine's long run never outlasts it.
      await confirmItsMe(fuzz.server.url, cookie, adminPassword);
      await writeRound(round);
      for (const path of publicPages(round)) await inspect(visitorContext, path);
      for (const [path, dialogs] of adminPages(round)) await inspect(adminContext, path, dialogs);
      expect(findings).toEqual([]);
    });
  }

  it("every field received about 100 payloads over the run, and stored them", () => {
    const rows = [...tally.entries()].map(([field, { sent, stored }]) => ({
      field,
      sent: sent.size,
      stored: stored.size,
    }));
    console.log(rows.map((r) => `${r.field}: sent ${r.sent}, stored ${r.stored}`).join("\n"));
    if (refusals.length)
      console.log(`refusals (first ${refusals.length}):\n${refusals.join("\n")}`);
    console.log(`payloads: ${XSS_PAYLOAD_COUNT}, rounds: ${ROUNDS}`);
    expect(rows.length).toBeGreaterThan(60);
  });
});
