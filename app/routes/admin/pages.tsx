import { pagesListAction } from "~/admin/pages.server";
import { requireSection } from "~/auth/permissions.server";
import { NoScriptOutcome } from "~/components/admin/integrations/no-script-outcome";
import { PageList } from "~/components/admin/pages/page-list";
import { SharedSectionList } from "~/components/admin/pages/shared-section-list";
import { TabHeader } from "~/components/admin/tab-header";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { Alert } from "~/components/ui/alert";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { readSiteMenus } from "~/pages/page-links.server";
import { listPages } from "~/pages/pages.server";
import { listSharedSections } from "~/pages/shared-sections.server";
import type { Route } from "./+types/pages";

export const meta: Route.MetaFunction = () => [{ title: "Pages | Admin dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireSection(request, "pages");
  try {
    const db = getDb();
    const [pages, sharedSections, menus] = await Promise.all([
      listPages(db),
      listSharedSections(db),
      readSiteMenus(db),
    ]);
    return { pages, sharedSections, menus, role: staff.role, loadFailed: false };
  } catch (error) {
    logger.error({ err: error }, "Could not load the pages");
    return { pages: [], sharedSections: [], menus: null, role: staff.role, loadFailed: true };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "pages");
  return pagesListAction(request, admin);
}

export default function PagesTab({ loaderData, actionData }: Route.ComponentProps) {
  const { pages, sharedSections, menus, role, loadFailed } = loaderData;
  useLoadFailureToast(loadFailed, "Error", "Failed to load the pages.");
  return (
    <section>
      <TabHeader
        title="Pages"
        description="Landing pages, offers and legal documents built from blocks: hero, text, cards, questions, forms."
      />
      <NoScriptOutcome result={actionData} />
      {loadFailed ? (
        <Alert className="mt-6">
          Failed to load the pages.{" "}
          <a href="/admin/pages" className="font-semibold underline">
            Try again
          </a>
        </Alert>
      ) : (
        <>
          <PageList pages={pages} menus={menus} role={role} />
          <SharedSectionList sections={sharedSections} />
        </>
      )}
    </section>
  );
}
