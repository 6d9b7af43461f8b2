import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderPostHtml } from "~/blog/render.server";
import { hiringHubPost, voiceBlogPost } from "~/content/creator-posts";
import { legalPageSeeds } from "~/content/pages/legal";
import type { Database } from "~/db/client.server";
import { webPosts } from "~/db/schema.server";
import { seedSampleContent } from "~/models/admin-blog.server";
import { blockEditorConfig, type FieldConfig, newBlock } from "~/pages/block-fields";
import { BLOCK_TYPES } from "~/pages/blocks";
import { blocksFromTemplate, PAGE_TEMPLATE_KEYS } from "~/pages/templates";
import { backends, createTestDatabase } from "../../../../tests/support/test-database";
import { fitsRichText, richTextRoundTrip } from "./markdown";

/** Every markdown field's text of a block, found through its field config as the editor does. */
function markdownOf(fields: readonly FieldConfig[], values: Record<string, unknown>): string[] {
  return fields.flatMap((field) => {
    const value = values[field.name];
    if (field.kind === "markdown") return typeof value === "string" ? [value] : [];
    if (field.kind === "list" && Array.isArray(value)) {
      return value.flatMap((item) => markdownOf(field.fields, item as Record<string, unknown>));
    }
    return [];
  });
}

const blockTexts = (blocks: readonly { type: string }[]) =>
  blocks.flatMap((block) =>
    markdownOf(
      blockEditorConfig(block.type as (typeof BLOCK_TYPES)[number]).fields,
      block as unknown as Record<string, unknown>,
    ),
  );

/** Everything a post or block can hold that the editor must keep, in one text. */
const KITCHEN_SINK = `# The title

A paragraph with **bold**, *italic*, \`code\`, ~~struck~~ and [a link](/contact "Talk to us"), and
a [second one](https://example.com/a?b=c#d).

## Lists

* a star bullet
* with [a link](/services)

1. first
2. second
   - nested

### A quote and code

> Quoted words
> on two lines.

\`\`\`ts
const answer = 42;
\`\`\`

![The dashboard, ranking candidates](/media/dashboard.png)

![](/media/no-alt.png)

---

Last words.`;

const SITE = "https://www.example.com";
/** The page's HTML, as the blog and the pages show it (white space between tags aside). */
const rendered = (markdown: string) =>
  renderPostHtml(markdown, { siteUrl: SITE }).replace(/>\s+</g, "><").replace(/\s+/g, " ").trim();

function expectSameReading(markdown: string) {
  const back = richTextRoundTrip(markdown);
  expect(rendered(back)).toBe(rendered(markdown));
  // Opened again, the editor's own text stays as it is: saving twice changes nothing.
  expect(richTextRoundTrip(back)).toBe(back);
  expect(fitsRichText(markdown)).toBe(true);
  return back;
}

describe.each(backends)("the rich-text editor's markdown (%s)", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database.close();
  });

  it("keeps the seeded sample post as readers see it", async () => {
    await seedSampleContent(database.db, null);
    const [post] = await database.db.select({ content: webPosts.content }).from(webPosts);
    const content = post?.content ?? "";
    expect(content).toContain("## What you will find here");
    const back = expectSameReading(content);
    expect(back).toContain("## What you will find here");
    expect(back).toContain("- Practical guides for putting AI to work");
  });
});

describe("the rich-text editor's markdown", () => {
  it("keeps the creator post: headings, lists, bold, links, images with alt and its tables", () => {
    const back = expectSameReading(voiceBlogPost.content);
    const html = rendered(back);
    expect(html).toContain("<h2");
    expect(html).toContain("<ol>");
    expect(html.match(/<table>/g)).toHaveLength(2);
    expect(html).toContain('alt="Chart comparing monthly revenue recovered');
    expect(html).toContain('href="/schedule-consultation"');
  });

  it("keeps every block's default text and every page template's", () => {
    const texts = [
      ...blockTexts(BLOCK_TYPES.map((type) => newBlock(type))),
      ...PAGE_TEMPLATE_KEYS.flatMap((key) => blockTexts(blocksFromTemplate(key))),
    ];
    expect(texts.length).toBeGreaterThan(5);
    expect(texts).toContain("## A heading\n\nWrite your text here.");
    for (const text of texts) expectSameReading(text);
  });

  it("keeps the legal pages' texts, their conditions, inserts and mailto links with values", () => {
    const texts = legalPageSeeds.flatMap((page) =>
      blockTexts(page.blocks as unknown as { type: string }[]),
    );
    expect(texts.length).toBeGreaterThan(40);
    for (const text of texts) expectSameReading(text);
  });

  it("keeps headings, lists, links with titles, quotes, code and images with or without alt", () => {
    const back = expectSameReading(KITCHEN_SINK);
    const html = rendered(back);
    for (const part of [
      // The post page's title is its only H1: the renderer makes a text's H1 an H2, before and after.
      '<h2 id="the-title">The title</h2>',
      "<strong>bold</strong>",
      "<em>italic</em>",
      "<code>code</code>",
      "<del>struck</del>",
      '<a title="Talk to us" href="/contact">a link</a>',
      'href="https://example.com/a?b=c#d"',
      "<li>nested</li>",
      "<blockquote><p>Quoted words on two lines.</p></blockquote>",
      "const answer = 42;",
      '<img alt="The dashboard, ranking candidates" src="/media/dashboard.png"',
      "<hr",
    ]) {
      expect(html).toContain(part);
    }
    // The image without alt text stays without it: the check before publishing still flags it.
    expect(back).toContain("![](/media/no-alt.png)");
    // The editor writes every bullet with "-": a different text, the same list on the page.
    expect(back).toContain("- a star bullet");
    expect(back).not.toContain("* a star bullet");
  });

  it("leaves HTML posts and raw HTML to the Markdown view, where nothing is rewritten", () => {
    expect(fitsRichText(hiringHubPost.content)).toBe(false);
    expect(fitsRichText("Words. <script>window.pwned = 1</script>")).toBe(false);
    expect(fitsRichText('<div class="note">A box</div>\n\nText.')).toBe(false);
    // Aligned table columns are kept too.
    expect(fitsRichText("| a | b |\n|:--|--:|\n| 1 | 2 |")).toBe(true);
    expect(fitsRichText("")).toBe(true);
    expect(fitsRichText("Plain words.")).toBe(true);
  });
});
