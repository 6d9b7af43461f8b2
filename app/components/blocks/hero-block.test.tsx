import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type BlockOf, blockSchema, readBlocks } from "~/pages/blocks";
import type { HeroView } from "~/pages/view";
import before from "../../../tests/fixtures/hero-v2-html.json";
import { HeroBlock } from "./hero-block";

function html(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "*", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

function heroView(
  fields: Record<string, unknown>,
  statistics: HeroView["statistics"] = null,
): HeroView {
  const block = blockSchema.parse({ id: "h", type: "hero", v: 3, ...fields }) as BlockOf<"hero">;
  return { ...block, picture: null, statistics };
}

const hero = (fields: Record<string, unknown>, statistics: HeroView["statistics"] = null) =>
  html(<HeroBlock block={heroView(fields, statistics)} isPageHeading />);

/** The element that opens with `open` (its first tag), up to its closing `</tag>`. */
function element(markup: string, open: RegExp): string {
  const start = markup.search(open);
  if (start === -1) throw new Error(`no ${open} in ${markup}`);
  const tag = /^<(\w+)/.exec(markup.slice(start))?.[1] ?? "";
  const end = markup.indexOf(`</${tag}>`, start);
  return markup.slice(start, end + tag.length + 3);
}

describe("a hero stored before its v3 options", () => {
  it.each(before.cases.map((c) => [c.stored.variant ?? "centred", c] as const))(
    "draws a %s hero as it did before",
    (_, { stored, isPageHeading, html: drawn }) => {
      const { blocks, unreadable } = readBlocks([stored]);
      expect(unreadable).toEqual([]);
      const [block] = blocks;
      if (block?.type !== "hero") throw new Error("not a hero");
      const now = html(
        <HeroBlock
          block={{ ...block, picture: null, statistics: null }}
          isPageHeading={isPageHeading}
        />,
      )
        // Since v3 a block's buttons carry the Button's data-slot, and an anchored hero its test id.
        .replaceAll(' data-slot="button"', "")
        .replace(/ data-testid="[^"]*"/, "");
      expect(now).toBe(drawn);
    },
  );
});

describe("the hero's v3 options", () => {
  it("marks an anchored hero's root for the tests, as the service pages' wrapper was", () => {
    const markup = hero({ title: "AI Chatbots", anchor: "service-hero" });
    expect(markup).toMatch(/^<section id="service-hero" data-testid="service-hero"/);
    expect(hero({ title: "No anchor" })).not.toContain("data-testid");
  });

  it("draws the service pages' highlights: pills under their label, after the buttons", () => {
    const markup = hero({
      title: "AI Chatbots",
      primary: {
        label: "Schedule Consultation",
        href: "/schedule-consultation",
        icon: "arrow-right",
      },
      secondary: { label: "Contact Us", href: "/contact" },
      highlights: { label: "Works on every channel", items: ["Website", "WhatsApp", "SMS"] },
    });
    expect(markup).toContain(
      '<p id="hero-highlights-label" class="text-sm font-medium text-muted">Works on every channel</p>',
    );
    const list = element(markup, /<ul aria-labelledby="hero-highlights-label"/);
    expect(list).toContain('data-testid="hero-highlights"');
    expect(list.match(/<li class="rounded-full /g)).toHaveLength(3);
    expect(text(list)).toBe("Website WhatsApp SMS");
    expect(markup.indexOf("Contact Us")).toBeLessThan(markup.indexOf("hero-highlights-label"));
    // The arrow follows the words.
    const button = element(markup, /<a [^>]*href="\/schedule-consultation"/);
    expect(button).toMatch(/^<a [^>]*>Schedule Consultation<svg[^>]*lucide-arrow-right/);
  });

  it("draws the OmniConnect hero: checks after the buttons, then four figures in the product pages' grid", () => {
    const markup = hero({
      title: "OmniConnect Hub",
      primary: { label: "Start Free Trial", href: "https://app.example.com" },
      secondary: { label: "Watch Demo", href: "/demos", icon: "play" },
      highlights: { style: "checks", items: ["14-day free trial", "No credit card required"] },
      figures: [
        { value: "10+", label: "Channels" },
        { value: "24/7", label: "Voice AI" },
        { value: "5 min", label: "Setup" },
        { value: "99.9%", label: "Uptime" },
      ],
    });
    const checks = element(markup, /<ul data-testid="hero-highlights"/);
    expect(checks).toContain("flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted justify-center");
    expect(checks.match(/lucide-circle-check[^"]*text-emerald-600/g)).toHaveLength(2);
    const figures = element(markup, /<dl data-testid="product-stats"/);
    expect(figures).toContain(
      'class="grid mt-12 mx-auto max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4"',
    );
    expect(figures.match(/data-testid="product-stat"/g)).toHaveLength(4);
    expect(text(figures)).toBe("Channels 10+ Voice AI 24/7 Setup 5 min Uptime 99.9%");
    // Buttons, then checks, then figures.
    const order = ["Watch Demo", 'data-testid="hero-highlights"', 'data-testid="product-stats"'];
    const at = order.map((part) => markup.indexOf(part));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // The play icon comes before the words; the outbound button keeps its new-tab icon and words.
    expect(element(markup, /<a [^>]*href="\/demos"/)).toMatch(
      /lucide-circle-play[\s\S]*Watch Demo<\/a>$/,
    );
    const outbound = element(markup, /<a [^>]*href="https:\/\/app.example.com"/);
    expect(outbound).toContain('target="_blank"');
    expect(outbound).toMatch(
      /Start Free Trial<svg[^>]*lucide-external-link[\s\S]*\(opens in a new tab\)/,
    );
  });

  it("draws three figures three to a row, as the Studio page", () => {
    const markup = hero({
      title: "Studio",
      figures: [
        { value: "3x", label: "Faster" },
        { value: "50%", label: "Cheaper" },
        { value: "1", label: "Place" },
      ],
    });
    expect(element(markup, /<dl data-testid="product-stats"/)).toContain(
      'class="grid mt-14 mx-auto max-w-3xl grid-cols-3 gap-3 sm:gap-4"',
    );
  });

  it("draws the home page's hero: Sparkles badge, the last word in the gradient, Content's figures", () => {
    const markup = hero(
      {
        variant: "spotlight",
        anchor: "home",
        badge: "AI-Powered Business Solutions",
        title: "Artificial Intelligence and Creativity",
        text: "We build it.",
        primary: { label: "Explore Our Products", href: "#products", icon: "arrow-right" },
        secondary: { label: "Schedule Consultation", href: "/schedule-consultation" },
        // The block's own figures are not shown while the figures come from Content.
        figures: [{ value: "1", label: "Not shown" }],
        figuresFrom: "statistics",
      },
      [
        { value: "500+", label: "Businesses Transformed" },
        { value: "98%", label: "Client Satisfaction" },
      ],
    );
    expect(markup).toContain('<section id="home" data-testid="home"');
    expect(element(markup, /<span class="inline-flex items-center gap-2/)).toMatch(
      /lucide-sparkles[\s\S]*AI-Powered Business Solutions/,
    );
    const h1 = element(markup, /<h1/);
    expect(text(h1)).toBe("Artificial Intelligence and Creativity");
    expect(h1).toMatch(/sm:text-6xl/);
    expect(h1).toMatch(/<span class="bg-gradient-to-r [^"]*">Creativity<\/span>/);
    // An in-page anchor stays a plain link to it (through the router it would become /#products).
    expect(markup).toMatch(/<a [^>]*href="#products"[^>]*>Explore Our Products<svg/);
    const stats = element(markup, /<dl class="[^"]*" data-testid="hero-stats"/);
    expect(stats).toContain("bg-white/80");
    expect(text(stats)).toBe("Businesses Transformed 500+ Client Satisfaction 98%");
    expect(stats).toMatch(/<dt [^>]*>Businesses Transformed<\/dt><dd [^>]*>500\+<\/dd>/);
    expect(markup).not.toContain("Not shown");
    expect(markup).not.toContain("product-stats");
  });

  it("shows a Back button only when asked", () => {
    const markup = hero({ title: "Privacy Policy", badge: "Legal", backButton: true });
    const button = element(markup, /<button /);
    expect(button).toContain('type="button"');
    expect(button).toMatch(/lucide-arrow-left[\s\S]*Back<\/button>$/);
    // Under the heading, centred, as on the legal pages.
    expect(markup).toMatch(/<div class="mt-8 flex justify-center"><button /);
    expect(hero({ title: "Privacy Policy" })).not.toContain("<button");
  });

  it("gives a button the look staff chose, else the look of its place", () => {
    const markup = hero({
      title: "Looks",
      primary: { label: "Book", href: "/a", style: "outline", icon: "calendar" },
      secondary: { label: "Email us", href: "mailto:hi@example.com", style: "plain", icon: "mail" },
    });
    const main = element(markup, /<a [^>]*href="\/a"/);
    expect(main).toContain("border border-line bg-white");
    expect(main).toMatch(/lucide-calendar-check[\s\S]*Book<\/a>$/);
    const mail = element(markup, /<a [^>]*href="mailto:hi@example.com"/);
    expect(mail).toContain("text-ink hover:bg-surface");
    expect(mail).not.toContain("border");
    expect(mail).toMatch(/lucide-mail[\s\S]*Email us<\/a>$/);
    const byPlace = hero({
      title: "By place",
      primary: { label: "One", href: "/one" },
      secondary: { label: "Two", href: "/two", style: "solid" },
    });
    expect(element(byPlace, /<a [^>]*href="\/one"/)).toContain("bg-primary-strong");
    expect(element(byPlace, /<a [^>]*href="\/two"/)).toContain("bg-primary-strong");
  });
});
