import { hasControlCharacter } from "~/schemas/text";

/**
 * The link rules of the dashboard's editors. Each editor allows its own set (the menu anchors,
 * the footer mailto: links, integrations no user name in the address), built from these.
 */

/** An http: or https: address with a host. */
export function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A path on this site: one leading slash (two would be another host). */
export function isSitePath(value: string) {
  return /^\/(?!\/)[^\s\\]*$/.test(value);
}

/**
 * Where a menu item or service may point: a page of this site (`/about`, `/#services`), an anchor
 * on the current page (`#contact`) or an http(s) address. Everything else (`javascript:`,
 * `data:`, protocol-relative `//host`) is refused, because the public pages render it as a link.
 */
export function isSafeLink(value: string) {
  if (/[\s\\]/.test(value) || hasControlCharacter(value)) return false;
  if (value.startsWith("#")) return value.length > 1;
  if (value.startsWith("/")) return isSitePath(value);
  return isHttpUrl(value);
}
