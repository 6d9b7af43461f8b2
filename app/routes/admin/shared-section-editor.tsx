import { data } from "react-router";
import { adminFailure } from "~/admin/mutation.server";
import { sharedSectionEditorAction } from "~/admin/shared-sections.server";
import { requireSection } from "~/auth/permissions.server";
import { SharedSectionEditor } from "~/components/admin/pages/shared-section-editor";
import { Alert } from "~/components/ui/alert";
import { getDb } from "~/db/client.server";
import { getSharedSection, pagesUsingSharedSection } from "~/pages/shared-sections.server";
import { recordIdParam } from "~/schemas/record-id";
import type { Route } from "./+types/shared-section-editor";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.section.name ?? "Shared section"} | Pages | Admin dashboard` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSection(request, "pages");
  const id = recordIdParam(params.id);
  const db = getDb();
  const section = id === null ? null : await getSharedSection(db, id);
  if (!section) throw data({ message: "There is no such shared section." }, { status: 404 });
  return { section, pages: await pagesUsingSharedSection(db, section.id) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireSection(request, "pages");
  const id = recordIdParam(params.id);
  if (id === null) {
    return adminFailure("Failed to save the shared section", "There is no such shared section.", {
      status: 404,
    });
  }
  return sharedSectionEditorAction(request, admin, id);
}

/** The editor saves as JSON from the browser: it needs its script. */
export default function SharedSectionEditorRoute({ loaderData }: Route.ComponentProps) {
  const { section, pages } = loaderData;
  if (!section.block) {
    return (
      <Alert className="mt-6">
        The block of “{section.name}” cannot be read ({section.unreadable}). It shows on no page
        until a developer repairs it.
      </Alert>
    );
  }
  const { block, ...rest } = section;
  return <SharedSectionEditor key={section.id} section={rest} block={block} pages={pages} />;
}
