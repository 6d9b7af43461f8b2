// Placeholder of the blog's first commit: the post-page work replaces it with the real markdown /
// HTML rendering and sanitizing. Until then it shows the text, escaped, in paragraphs.
const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** A post's content (markdown, or HTML from the creator pages) as safe HTML for the page. */
export function renderPostHtml(content: string): string {
  return content
    .split(/\n{2,}/)
    .map((block) => `<p>${block.replace(/[&<>"']/g, (c) => escapes[c] ?? c)}</p>`)
    .join("\n");
}
