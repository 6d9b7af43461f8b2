import type { Block } from "./blocks";
import {
  hasConditions,
  type LegalConditions,
  legalWhenHolds,
  resolveConditions,
} from "./placeholders";

/**
 * A legal document's conditions decided for a site (app/pages/placeholders.ts): used when a page
 * is drawn, when a legal version is frozen, and by the tests of the seeded policies. Browser-safe.
 */

/**
 * The blocks with the legal conditions decided: a legal section shown only under a condition
 * that does not hold is left out, and every `{if …}…{else}…{end}` in a legal text or a hero's
 * text keeps the part that applies.
 */
export function blocksWithConditions<B extends Block>(
  blocks: B[],
  conditions: LegalConditions,
): B[] {
  return blocks.map((block) => {
    if (block.type === "hero") {
      return { ...block, text: resolveConditions(block.text, conditions) };
    }
    if (block.type !== "legal") return block;
    return {
      ...block,
      intro: decidedMarkdown(block.intro, conditions),
      sections: block.sections
        .filter((section) => legalWhenHolds(section.when, conditions))
        .map((section) => ({
          ...section,
          heading: resolveConditions(section.heading, conditions),
          markdown: decidedMarkdown(section.markdown, conditions),
        })),
    };
  });
}

/**
 * A legal text's markdown with its conditions decided. A list item whose words are all in a
 * condition that does not hold ("- {if google_analytics}…{end}") is left out, not shown empty.
 */
function decidedMarkdown(text: string, conditions: LegalConditions): string {
  if (!hasConditions(text)) return text;
  return resolveConditions(text, conditions)
    .split("\n")
    .filter((line) => !/^\s*(?:[-*+]|\d+[.)])\s*$/.test(line))
    .join("\n");
}
