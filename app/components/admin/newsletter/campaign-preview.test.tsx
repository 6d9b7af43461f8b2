import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CampaignPreview } from "./campaign-preview";

const html =
  '<!DOCTYPE html><html lang="en"><body><p class="x">Hello &amp; welcome</p></body></html>';
const text = "Hello & welcome\n\nUnsubscribe: https://example.test/u?token=<t>";

const markup = () => renderToStaticMarkup(<CampaignPreview html={html} text={text} />);

describe("the campaign preview", () => {
  it("offers the wide, phone and plain-text views as named tabs, wide first", () => {
    const page = markup();
    expect(page).toMatch(
      /role="tablist"[^>]*aria-label="Preview the mail as"|aria-label="Preview the mail as"[^>]*role="tablist"/,
    );
    const tabs = [
      ...page.matchAll(/<button[^>]*role="tab"[^>]*aria-selected="(true|false)"[^>]*>([^<]+)</g),
    ].map((match) => [match[2], match[1]]);
    expect(tabs).toEqual([
      ["Wide", "true"],
      ["Phone", "false"],
      ["Plain text", "false"],
    ]);
  });

  it("shows the mail in sandboxed frames that run nothing, one at a phone's width", () => {
    const page = markup();
    const frames = [...page.matchAll(/<iframe[^>]*>/g)].map((match) => match[0]);
    expect(frames).toHaveLength(2);
    for (const frame of frames) {
      expect(frame).toContain('sandbox=""');
      expect(frame).toContain(
        `srcDoc="${html.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}"`,
      );
    }
    expect(frames[0]).toContain('title="The mail, wide"');
    expect(frames[1]).toContain('title="The mail at a phone&#x27;s width (375 px)"');
    expect(page).toMatch(/<div class="mx-auto w-\[375px\] max-w-full"><iframe[^>]*phone/);
  });

  it("shows the text part as written, escaped, in a focusable block", () => {
    const page = markup();
    expect(page).toMatch(
      /<pre tabindex="0"[^>]*>Hello &amp; welcome\n\nUnsubscribe: https:\/\/example.test\/u\?token=&lt;t&gt;<\/pre>/,
    );
    // Only the chosen view is shown; the others wait, hidden.
    expect(page.match(/role="tabpanel"[^>]*hidden=""|hidden=""[^>]*role="tabpanel"/g)).toHaveLength(
      2,
    );
  });
});
