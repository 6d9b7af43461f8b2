/**
 * The spec's slug rule: lower case, drop everything but letters, digits, spaces and hyphens,
 * spaces become hyphens, repeated hyphens collapse. Letters and digits of any script count.
 * Browser-safe: the editors preview the slug the server will derive.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}
