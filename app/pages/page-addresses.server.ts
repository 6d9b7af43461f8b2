import { asc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webPages } from "~/db/schema.server";
import type { PageStatus } from "./page-schema";

export type PageAddress = { path: string; status: PageStatus; noindex: boolean; updatedAt: string };

/**
 * Every page's address with what the sitemap, the overview, the link audit and the check before
 * publishing need to know of it: whether it is published, hidden from search engines, and when it
 * last changed. One small query (no blocks), ordered by address.
 */
export async function listPageAddresses(db: Db): Promise<PageAddress[]> {
  const rows = await db
    .select({
      path: webPages.path,
      status: webPages.status,
      noindex: webPages.noindex,
      updatedAt: webPages.updatedAt,
    })
    .from(webPages)
    .orderBy(asc(webPages.path));
  return rows.map((row) => ({
    ...row,
    status: row.status as PageStatus,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** A page visitors can read (published), and search engines may list (not hidden from them). */
export const isListedPage = (page: PageAddress) => page.status === "published" && !page.noindex;
