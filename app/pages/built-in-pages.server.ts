import { builtInPageSeeds } from "~/content/pages";
import type { Db } from "~/db/client.server";
import { formatLegalDate } from "~/lib/dates";
import { type Block, blocksSchema } from "./blocks";
import type { LegalFacts } from "./legal-versions";
import { pageHead, renderPageView } from "./render.server";

const byAddress = new Map(builtInPageSeeds.map((seed) => [seed.address, seed]));

/**
 * A page the site comes with (the home page, a product, service or legal page, About, Contact,
 * the consultation page), drawn from its built-in copy with the settings' built-in values, for
 * when the database cannot be reached: the marketing pages keep
 * answering through an outage, as they did when they were code, like the rest of the site's
 * defaults. What staff changed since shows again once the database answers. Null for any other
 * address. Reads nothing from the database (the seeds hold no shared section, post list or library
 * image; the settings and the home page's Content figures and services fall back to their defaults).
 */
export async function showBuiltInPage(db: Db, address: string) {
  const seed = byAddress.get(address);
  if (!seed) return null;
  const blocks = blocksSchema.parse(seed.blocks);
  const page = {
    title: seed.title,
    path: seed.address,
    blocks,
    metaTitle: seed.metaTitle ?? null,
    metaDescription: seed.metaDescription ?? null,
    ogImageUrl: seed.ogImageUrl ?? null,
    noindex: seed.noindex ?? false,
  };
  // A legal document says when it was last updated, as its seeded version.
  const legal: LegalFacts | null =
    seed.kind === "legal" && seed.legalEffectiveDate
      ? {
          effectiveDate: seed.legalEffectiveDate,
          dateLabel: formatLegalDate(seed.legalEffectiveDate),
          legalVersion: seed.legalVersion ?? "",
          summary: seed.changeSummary ?? "",
          previous: [],
          currentHref: null,
        }
      : null;
  const [view, head] = await Promise.all([
    renderPageView(db, { title: page.title, path: page.path, blocks, legal }),
    pageHead(page),
  ]);
  return { view, head };
}

/** The blocks of the page the site comes with at `address` (for its form's action during an outage). */
export function builtInPageBlocks(address: string): Block[] | null {
  const seed = byAddress.get(address);
  return seed ? blocksSchema.parse(seed.blocks) : null;
}
