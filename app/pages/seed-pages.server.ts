import type { Db } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import type { Saver } from "~/models/post-writes.server";
import type { z } from "~/schemas/zod";
import { type blockSchema, blocksSchema } from "./blocks";
import { isIsoDate } from "./legal-versions";
import { HOME_ADDRESS, type PageKind, pageAddressProblem } from "./page-schema";
import { createPage, type PageInput } from "./pages.server";

/**
 * The pages a site comes with (the marketing pages), written by the seed steps of
 * app/db/seed.server.ts once per database, through the same createPage staff's "New page" uses:
 * published, with a first revision, the address's redirect released and a legal document's
 * version kept. From then on they are staff's pages like any other.
 */

/** Who the History panel names for a page's first revision. */
export const SEED_SAVER: Saver = { id: null, name: "Site setup", source: "seed" };

/** `T` with every field that may be undefined made optional, all the way down. */
type Omissible<T> = T extends readonly (infer Item)[]
  ? Omissible<Item>[]
  : T extends object
    ? {
        [K in keyof T as undefined extends T[K] ? K : never]?: Omissible<Exclude<T[K], undefined>>;
      } & { [K in keyof T as undefined extends T[K] ? never : K]: Omissible<T[K]> }
    : T;

/**
 * A block as a seed writes it, typed so that the compiler already finds a misspelt field or a
 * missing required one: the fields the schema has a default for may be left out (zod's input
 * type keeps them as keys that must be given, if only as undefined).
 */
export type BlockSeed = Omissible<z.input<typeof blockSchema>>;

export interface PageSeed {
  address: string;
  title: string;
  kind: PageKind;
  /**
   * At their current versions, each with a fixed id ("about-3"): the same on every install, so
   * a later seed step or a test can name a block.
   */
  blocks: BlockSeed[];
  metaTitle?: string;
  metaDescription?: string;
  ogImageUrl?: string;
  noindex?: boolean;
  /** A legal document's "Last updated" (YYYY-MM-DD); a legal page is not published without one. */
  legalEffectiveDate?: string;
  legalVersion?: string;
  changeSummary?: string;
}

export type SeedOutcome =
  | { address: string; status: "created"; id: number }
  | { address: string; status: "skipped" };

/**
 * The seed as a page input, its blocks validated as a staff save's are. Mistakes in seed content
 * throw, naming the page and the block, so they fail the seed's tests instead of reaching a site.
 */
function inputOf(seed: PageSeed): PageInput {
  // createPage stores any address; one the page editor refuses could not be saved by staff. The
  // home page is the one page only the seed makes: staff keep it at its address.
  const addressProblem = pageAddressProblem(
    seed.address,
    seed.address === HOME_ADDRESS ? HOME_ADDRESS : null,
  );
  if (addressProblem) {
    throw new Error(
      `The seed page ${seed.address} has an address that is not valid: ${addressProblem}`,
    );
  }
  const parsed = blocksSchema.safeParse(seed.blocks);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => issue.message).join("; ");
    throw new Error(`The seed page ${seed.address} has blocks that are not valid: ${problems}`);
  }
  if (seed.kind === "legal" && !(seed.legalEffectiveDate && isIsoDate(seed.legalEffectiveDate))) {
    throw new Error(`The seed page ${seed.address} is a legal document without an effective date`);
  }
  return {
    title: seed.title,
    path: seed.address,
    kind: seed.kind,
    status: "published",
    blocks: parsed.data,
    metaTitle: seed.metaTitle,
    metaDescription: seed.metaDescription,
    ogImageUrl: seed.ogImageUrl,
    noindex: seed.noindex ?? false,
    legalVersion: seed.legalVersion ?? "",
    effectiveDate: seed.kind === "legal" ? seed.legalEffectiveDate : null,
    changeSummary: seed.changeSummary ?? "",
  };
}

/**
 * Writes each seed as a published page, in `tx` (a seed step's transaction; each page in a
 * savepoint of its own, so one refused page leaves the others). A page whose address another page already has (staff made
 * one there first) is logged and skipped: the seed runs at the server's start, which must not
 * fail over it. Every seed is validated before any is written.
 */
export async function seedPages(tx: Db, seeds: readonly PageSeed[]): Promise<SeedOutcome[]> {
  const inputs = seeds.map(inputOf);
  const outcomes: SeedOutcome[] = [];
  for (const input of inputs) {
    const outcome = await createPage(tx, input, { saver: SEED_SAVER });
    if (outcome.status === "duplicate-path") {
      logger.warn(
        { path: input.path },
        "A page the site comes with was not added: another page already has its address",
      );
      outcomes.push({ address: input.path, status: "skipped" });
    } else {
      outcomes.push({ address: input.path, status: "created", id: outcome.id });
    }
  }
  return outcomes;
}
