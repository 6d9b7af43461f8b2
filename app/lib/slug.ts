/**
 * The spec's slug rule: lower case, drop everything but letters, digits, spaces and hyphens,
 * spaces become hyphens, repeated hyphens collapse. Letters and digits of any script count.
 * Browser-safe: the editors preview the slug the server will derive.
 */
export function slugify(title: string): string {
  return hyphenated(title).replace(/^-|-$/g, "");
}

function hyphenated(text: string) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-");
}

/**
 * An element id from a heading's text (a post's, a legal page's section): the slug rule without
 * trimming edge hyphens (ids already linked to stay as they were), at most `maxLength`
 * characters, "section" when nothing is left.
 */
export function headingId(text: string, maxLength: number): string {
  return hyphenated(text).slice(0, maxLength) || "section";
}
