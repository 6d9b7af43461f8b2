import { getSchema } from "@tiptap/core";
import { MarkdownManager } from "@tiptap/markdown";
import { Node } from "@tiptap/pm/model";
import { Marked } from "marked";
import { richTextExtensions } from "./extensions";

/**
 * Markdown through the rich-text editor's document and back, without an editor (and without a
 * DOM): what `editor.getMarkdown()` gives for a text opened with `contentType: "markdown"`. The
 * editor writes markdown its own way (`-` for every bullet, padded table cells, one blank line
 * between blocks), so the text may change while what the page shows does not.
 */

let converter: { manager: MarkdownManager; schema: ReturnType<typeof getSchema> } | null = null;

function theConverter() {
  if (!converter) {
    const extensions = richTextExtensions();
    converter = { manager: new MarkdownManager({ extensions }), schema: getSchema(extensions) };
  }
  return converter;
}

export function richTextRoundTrip(markdown: string): string {
  const { manager, schema } = theConverter();
  // Through the schema, as the editor does: what it cannot hold is dropped here, as it would be.
  const doc = Node.fromJSON(schema, manager.parse(markdown));
  return manager.serialize(doc.toJSON());
}

/** A post from the creator pages is HTML (app/blog/render.server's test): not ours to reshape. */
const HTML_DOCUMENT =
  /^\s*<(p|h[1-6]|div|section|article|header|ul|ol|table|figure|blockquote|img|pre|hr|br|!--)[\s>/]/i;

// The blog's and the pages' renderer parses markdown with these options (render.server.ts).
const marked = new Marked({ gfm: true, breaks: false, async: false });

/** HTML with the white space between and inside tags that no reader sees taken out. */
function normalised(html: string) {
  return html
    .replace(/\s+/g, " ")
    .replace(/>\s+</g, "><")
    .replace(/\s+</g, "<")
    .replace(/>\s+/g, ">")
    .trim();
}

export function renderedMarkdown(markdown: string) {
  return normalised(marked.parse(markdown, { async: false }) as string);
}

/**
 * Whether the editor shows this text without changing what readers get: HTML posts, raw HTML,
 * aligned table columns and anything else it cannot hold stay in the Markdown view, untouched.
 */
export function fitsRichText(markdown: string): boolean {
  if (!markdown.trim()) return true;
  if (HTML_DOCUMENT.test(markdown)) return false;
  try {
    return renderedMarkdown(richTextRoundTrip(markdown)) === renderedMarkdown(markdown);
  } catch {
    return false;
  }
}
