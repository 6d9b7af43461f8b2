import { data } from "react-router";
import { adminFailure } from "~/admin/mutation.server";
import { pageEditorAction } from "~/admin/pages.server";
import { requireSection } from "~/auth/permissions.server";
import { PlaceholderValuesProvider } from "~/components/admin/editor/insert-value";
import { PageEditor } from "~/components/admin/editor/page-editor";
import { siteTimeZoneFrom } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { getSettingsMap } from "~/models/site.server";
import { loadLinkFactsData } from "~/pages/link-facts.server";
import { getPage } from "~/pages/pages.server";
import { placeholderValuesFrom } from "~/pages/placeholders";
import { recordIdParam } from "~/schemas/record-id";
import type { Route } from "./+types/page-editor";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.page.title ?? "Page"} | Pages | Admin dashboard` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireSection(request, "pages");
  const id = recordIdParam(params.id);
  const db = getDb();
  const page = id === null ? null : await getPage(db, id);
  if (!page) throw data({ message: "There is no such page." }, { status: 404 });
  const settings = await getSettingsMap();
  return {
    page,
    // The settings' values, for the fields' "Insert value" menu and "Shows: …" lines.
    placeholderValues: placeholderValuesFrom(settings),
    // What exists on the site, for the check before publishing (its links).
    linkFacts: await loadLinkFactsData(db, getEnv().SITE_URL),
    timeZone: siteTimeZoneFrom(settings),
    role: user.role === "admin" ? ("admin" as const) : ("editor" as const),
    origin: new URL(request.url).origin,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireSection(request, "pages");
  const id = recordIdParam(params.id);
  if (id === null) {
    return adminFailure("Failed to save the page", "There is no such page.", { status: 404 });
  }
  return pageEditorAction(request, admin, id);
}

/** The editor saves, previews and restores as JSON from the browser: it needs its script. */
export default function PageEditorRoute({ loaderData }: Route.ComponentProps) {
  const { page, timeZone, role, origin, linkFacts, placeholderValues } = loaderData;
  return (
    <PlaceholderValuesProvider values={placeholderValues}>
      <PageEditor
        key={page.id}
        page={page}
        timeZone={timeZone}
        role={role}
        origin={origin}
        linkFacts={linkFacts}
      />
    </PlaceholderValuesProvider>
  );
}
