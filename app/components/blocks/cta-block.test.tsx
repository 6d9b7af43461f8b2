import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { CtaBanner } from "~/components/marketing/cta-banner";
import { type BlockOf, readBlocks } from "~/pages/blocks";
import { CtaBlock } from "./cta-block";

function html(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "*", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** A call to action as stored, read as the page reads it (upgraded, defaults filled in). */
function read(stored: Record<string, unknown>): BlockOf<"cta"> {
  const [block] = readBlocks([{ id: "c", type: "cta", ...stored }]).blocks;
  if (block?.type !== "cta") throw new Error("not read");
  return block;
}

describe("a call to action", () => {
  it("stored at v2, draws the closing banner of the routes, with the routes' heading id", () => {
    const block = read({
      v: 2,
      anchor: "cta",
      title: "Ready to automate your customer conversations?",
      text: "Book a free consultation.",
      primary: { label: "Schedule Consultation", href: "/schedule-consultation" },
      secondary: { label: "Contact Us", href: "/contact" },
    });
    expect(html(<CtaBlock block={block} />)).toBe(
      html(
        <CtaBanner
          id="cta"
          title="Ready to automate your customer conversations?"
          description="Book a free consultation."
        />,
      ),
    );
    expect(html(<CtaBlock block={block} />)).toContain('aria-labelledby="cta-heading"');
  });

  it("without an anchor, is labelled by a heading id of its own", () => {
    const markup = html(
      <CtaBlock
        block={read({ v: 3, title: "Ready?", primary: { label: "Go", href: "/contact" } })}
      />,
    );
    const labelledBy = /<section aria-labelledby="([^"]+)"/.exec(markup)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(markup).toContain(`<h2 id="${labelledBy}"`);
  });

  it("as a card, draws the demos page's white card on the grey band, with its eyebrow", () => {
    const markup = html(
      <CtaBlock
        block={read({
          v: 3,
          style: "card",
          anchor: "platform",
          eyebrow: "Omnichannel Communication",
          title: "All three demos run on OmniConnect Hub",
          text: "One widget for chat, voice and video.",
          primary: { label: "Learn More", href: "/products/omniconnect-hub", icon: "arrow-right" },
        })}
      />,
    );
    expect(markup).toMatch(/^<section id="platform" class="[^"]*bg-surface"/);
    expect(markup).toContain(
      'class="mx-auto flex max-w-4xl flex-col items-center gap-6 rounded-2xl border border-line bg-white p-8 text-center shadow-sm sm:p-10 md:flex-row md:text-left"',
    );
    expect(markup).toMatch(
      /<p class="text-sm font-semibold uppercase tracking-wider text-primary-strong">Omnichannel Communication<\/p><h2 id="platform-heading"/,
    );
    expect(markup).toMatch(
      /<a [^>]*class="[^"]*bg-primary-strong[^"]*shrink-0"[^>]*href="\/products\/omniconnect-hub"[^>]*>Learn More<svg[^>]*lucide-arrow-right/,
    );
    expect(markup).not.toContain("bg-gradient-to-r");
  });

  it("on the band, keeps a chosen style in the band's colours and shows an eyebrow over the heading", () => {
    const markup = html(
      <CtaBlock
        block={read({
          v: 3,
          eyebrow: "Next step",
          title: "Ready?",
          primary: { label: "Book", href: "/book", icon: "calendar", style: "outline" },
          secondary: { label: "Write to us", href: "mailto:hi@example.com", style: "plain" },
        })}
      />,
    );
    expect(markup).toMatch(/>Next step<\/p><h2 [^>]*class="[^"]*mt-2/);
    expect(markup).toMatch(
      /<a [^>]*border-white\/70[^>]*href="\/book"[^>]*><svg[^>]*lucide-calendar-check/,
    );
    const mail = /<a [^>]*href="mailto:[^>]*>/.exec(markup)?.[0] ?? "";
    expect(mail).toContain("text-white hover:bg-white/10");
    // Not the ghost's dark text, nor an outline.
    expect(mail).not.toMatch(/text-ink|border/);
  });
});
