import { Suspense } from "react";
import { data } from "react-router";
import { BlockList } from "~/components/blocks/block-view";
import { PostedFormProvider, postedFormBlock } from "~/components/blocks/form-result";
import { PageJsonLd } from "~/components/blocks/page-json-ld";
import { notFoundMeta } from "~/components/not-found-meta";
import { preloadImage } from "~/components/responsive-image";
import { type Db, getDb, isDatabaseUnavailable } from "~/db/client.server";
import { pageFormAction } from "~/forms/page-form.server";
import { submitConsultation, submitContact } from "~/forms/submissions.server";
import { noteDatabaseFallback } from "~/lib/database-fallbacks.server";
import { drawnLazy } from "~/lib/drawn-lazy";
import { logger } from "~/lib/logger.server";
import { withoutTrailingSlash } from "~/lib/redirect-paths";
import { rootData } from "~/lib/seo";
import { IMAGE_SIZES } from "~/media/responsive";
import { cachedWhileFound } from "~/models/site.server";
import { builtInPageBlocks, showBuiltInPage } from "~/pages/built-in-pages.server";
import { type LegalFacts, parseLegalVersionPath } from "~/pages/legal-versions";
import { getLegalVersion, legalFactsOf, versionFactsOf } from "~/pages/legal-versions.server";
import { pageMeta } from "~/pages/page-meta";
import { HOME_ADDRESS, pageAddressProblem } from "~/pages/page-schema";
import { getPublishedPageByPath } from "~/pages/pages.server";
import { pageHead, renderPageView } from "~/pages/render.server";
import type { Route } from "./+types/page";

/**
 * Every address no other route answers: a published page built from blocks at that address, an
 * earlier version of a published legal document (/<address>/versions/<YYYY-MM-DD>, noindex), or
 * the not-found page (status 404) as before pages existed. A page is an ordinary public page for
 * the page cache (a 200 without cookies); a 404 is never stored.
 */
/**
 * The page address a request names, as the router matches its own routes: in any case, with or
 * without a trailing slash. Null when it cannot be a page's address, or a version of one (no
 * lookup is needed then).
 */
function pageAddressOf(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    return null;
  }
  const address = withoutTrailingSlash(decoded.toLowerCase());
  const page = parseLegalVersionPath(address)?.path ?? address;
  // The home page's address is no other page's to take, but it is the home page's own.
  return page === HOME_ADDRESS || pageAddressProblem(page) === null ? address : null;
}

/** The published page at `address`, drawn; a legal document with its version facts. */
async function showPage(db: Db, address: string) {
  const page = await getPublishedPageByPath(db, address);
  if (!page) return null;
  const legal = page.kind === "legal" ? await legalFactsOf(db, page) : null;
  const [view, head] = await Promise.all([renderPageView(db, { ...page, legal }), pageHead(page)]);
  return { view, head, banner: null as LegalFacts | null };
}

/**
 * An earlier version of a published legal document, drawn from what was published then with the
 * same components, under a banner leading to the current one; kept out of search engines.
 */
async function showLegalVersion(db: Db, address: string) {
  const named = parseLegalVersionPath(address);
  if (!named) return null;
  const current = await getPublishedPageByPath(db, named.path);
  if (current?.kind !== "legal") return null;
  const version = await getLegalVersion(db, current.id, named.date);
  if (!version) return null;
  const facts = versionFactsOf(current.path, version);
  // Drawn with the values it was published with (its texts hold them already).
  const frozen = version.frozen ?? {};
  const [view, head] = await Promise.all([
    renderPageView(db, { title: version.title, blocks: version.blocks, legal: facts, ...frozen }),
    pageHead({
      ...current,
      ...frozen,
      title: `${version.title} (effective from ${facts.dateLabel})`,
      metaTitle: null,
      blocks: version.blocks,
      path: address,
      canonicalUrl: null,
      noindex: true,
    }),
  ]);
  return { view, head, banner: facts };
}

export async function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const address = pageAddressOf(path);
  try {
    const db = getDb();
    // Through the site's short-lived cache, as the other public pages read their content: every
    // content write (a page, a shared section, a post the post list shows, an image) clears it.
    const shown = address
      ? await cachedWhileFound(
          `page:${address}`,
          async () => (await showPage(db, address)) ?? (await showLegalVersion(db, address)),
        )
      : null;
    if (!shown) {
      logger.warn({ path }, "404: page not found");
      return data({ found: false as const, unavailable: false }, { status: 404 });
    }
    return { found: true as const, ...shown };
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    noteDatabaseFallback();
    // A page the site comes with is drawn from its built-in copy meanwhile; nothing may keep it.
    const builtIn = address ? await showBuiltInPage(getDb(), address) : null;
    if (builtIn) {
      logger.error(
        { err: error, path },
        "the database is unavailable: a page shows its built-in copy",
      );
      return data(
        { found: true as const, ...builtIn, banner: null as LegalFacts | null },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    // Whether a page lives here cannot be known: a passing fault, not a 404 that would tell
    // search engines the address is gone; nothing may keep it.
    logger.error({ err: error, path }, "could not look up a page: the database is unavailable");
    return data(
      { found: false as const, unavailable: true },
      { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "30" } },
    );
  }
}

/**
 * The published page's first contact or consultation form at `address`; from the page's built-in
 * copy while the database cannot be reached (the submission then says what it can).
 */
async function postedFormAt(address: string) {
  try {
    const page = await getPublishedPageByPath(getDb(), address);
    return page ? postedFormBlock(page.blocks) : undefined;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    const blocks = builtInPageBlocks(address);
    return blocks ? postedFormBlock(blocks) : undefined;
  }
}

/**
 * A contact or consultation form posted without JavaScript: the forms post to /contact and
 * /schedule-consultation, and the page there sends the submission as the JSON API does and shows
 * the outcome in that form (the page's first such form). 404 where no page has one.
 */
export async function action({ request }: Route.ActionArgs) {
  const address = pageAddressOf(new URL(request.url).pathname);
  const block = address ? await postedFormAt(address) : undefined;
  if (block?.type !== "form") return data(null, { status: 404 });
  return pageFormAction(request, block.form === "contact" ? submitContact : submitConsultation);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (loaderData?.found) {
    // A hero image at the top is the page's largest paint: the browser fetches it with the head.
    const [first] = loaderData.view.blocks;
    const lcp =
      first?.type === "hero" && first.picture
        ? [
            preloadImage(
              first.picture,
              first.variant === "split" ? IMAGE_SIZES.half : IMAGE_SIZES.wide,
            ),
          ]
        : [];
    return [...pageMeta(matches, loaderData.head), ...lcp];
  }
  if (loaderData?.unavailable) {
    return [
      { title: `Temporarily unavailable | ${rootData(matches).siteName}` },
      { name: "robots", content: "noindex" },
    ];
  }
  return notFoundMeta;
};

// A legal document's version facts: only legal pages have them (the home page does not load them).
const LegalVersionBanner = drawnLazy(
  async () => (await import("~/components/blocks/legal-versions")).LegalVersionBanner,
);
const LegalVersionFacts = drawnLazy(
  async () => (await import("~/components/blocks/legal-versions")).LegalVersionFacts,
);

/** What an address no page answers shows: its code loads only on such a page. */
const NotFoundView = drawnLazy(async () => (await import("~/components/not-found")).NotFoundView);

export default function PublicPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) {
    if (loaderData.unavailable) {
      return (
        <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
          <h1 className="text-6xl font-extrabold tracking-tight text-ink">503</h1>
          <p className="text-xl text-muted">
            This page cannot be shown right now. Please try again in a few minutes.
          </p>
        </section>
      );
    }
    return (
      <Suspense fallback={null}>
        <NotFoundView />
      </Suspense>
    );
  }
  const { view, banner } = loaderData;
  const postedTo = actionData ? postedFormBlock(view.blocks) : undefined;
  return (
    <PostedFormProvider
      value={postedTo && actionData ? { blockId: postedTo.id, result: actionData } : undefined}
    >
      {banner ? (
        <Suspense fallback={null}>
          <LegalVersionBanner facts={banner} />
        </Suspense>
      ) : null}
      <PageJsonLd items={view.jsonLd} />
      <BlockList blocks={view.blocks} title={view.title} />
      {view.legal ? (
        <Suspense fallback={null}>
          <LegalVersionFacts facts={view.legal} />
        </Suspense>
      ) : null}
    </PostedFormProvider>
  );
}
