import { logger } from "~/lib/logger.server";
import { type Block, isLinkTarget } from "./blocks";
import { type PlaceholderValues, resolvePlaceholders } from "./placeholders";

/**
 * The settings' values ({company_name}, app/pages/placeholders.ts) put in a page's blocks: when
 * a page is drawn (render.server.ts) and when a legal version is frozen (legal-versions.server.ts).
 */

/** The fields whose text is markdown (the rest of a block's texts are shown as they are). */
const MARKDOWN_FIELDS: { [T in Block["type"]]?: ReadonlySet<string> } = {
  richText: new Set(["markdown"]),
  imageText: new Set(["markdown"]),
  legal: new Set(["intro", "markdown"]),
  form: new Set(["after"]),
};

/** Links that resolve to no address a block may have: each is logged once, not on every render. */
const badLinksLogged = new Set<string>();

/**
 * A copy of `value` with the settings' values ({company_name}, app/pages/placeholders.ts) put in
 * every text: escaped for markdown in markdown fields, as addresses in links. A link that does
 * not resolve to an address a block may have (a setting holding something odd) is left out.
 */
function withValues<T>(
  value: T,
  values: PlaceholderValues,
  markdownFields: ReadonlySet<string> | undefined,
  field?: string,
): T {
  if (typeof value === "string") {
    if (!value.includes("{")) return value;
    if (field === "href") {
      const link = resolvePlaceholders(value, values, "link");
      if (isLinkTarget(link)) return link as T;
      if (!badLinksLogged.has(value)) {
        badLinksLogged.add(value);
        logger.warn(
          { link: value },
          "A block's link with settings values is not a valid address; it is left out",
        );
      }
      return "" as T;
    }
    return resolvePlaceholders(
      value,
      values,
      field && markdownFields?.has(field) ? "markdown" : "text",
    ) as T;
  }
  if (Array.isArray(value)) {
    return value.map((item) => withValues(item, values, markdownFields)) as T;
  }
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        withValues(item, values, markdownFields, key),
      ]),
    ) as T;
  }
  return value;
}

export function blocksWithValues<B extends Block>(
  blocks: B[],
  values: PlaceholderValues | null,
): B[] {
  if (!values) return blocks;
  return blocks.map((block) => withValues(block, values, MARKDOWN_FIELDS[block.type]));
}
