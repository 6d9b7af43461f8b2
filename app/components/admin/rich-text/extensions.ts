import type { AnyExtension } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import { Markdown } from "@tiptap/markdown";
import StarterKit from "@tiptap/starter-kit";

/**
 * What the rich-text editor knows: the markdown the blog and the pages render (app/blog/render.server
 * with marked, GFM), no more. Underline has no markdown, so it is left out; tables are kept (the
 * creator posts have them) though the toolbar makes none.
 */
export function richTextExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      underline: false,
      // The text's headings are the post's or block's, not the admin page's: kept out of the
      // page's outline (heading navigation, axe's heading order), shown by the toolbar instead.
      heading: { HTMLAttributes: { role: "presentation" } },
      link: {
        openOnClick: false,
        autolink: false,
        linkOnPaste: true,
        // Our own addresses stay as written ("/contact"); the renderer decides the rest.
        HTMLAttributes: { rel: null, target: null },
      },
    }),
    Image.configure({ inline: false, allowBase64: false }),
    TableKit.configure({ table: { resizable: false } }),
    Markdown,
  ];
}
