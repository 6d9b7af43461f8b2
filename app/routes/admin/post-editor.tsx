import { data } from "react-router";
import { blogAction } from "~/admin/blog.server";
import { requireSection } from "~/auth/permissions.server";
import { PostEditor } from "~/components/admin/blog/post-form";
import { WritingAssistContext } from "~/components/admin/blog/writing-assist";
import { LinkFactsContext } from "~/components/admin/kit/publish-check";
import { siteTimeZoneFrom } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { loadOpenAiSettings } from "~/integrations/openai.server";
import { logger } from "~/lib/logger.server";
import { type AdminCategory, getAdminPost, listCategories } from "~/models/admin-blog.server";
import { getSettingsMap } from "~/models/site.server";
import { type LinkFactsData, loadLinkFactsData } from "~/pages/link-facts.server";
import { recordIdParam } from "~/schemas/record-id";
import type { Route } from "./+types/post-editor";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.post?.title ?? "New post"} | Blog | Admin dashboard` },
];

/** The post at this address: null for /admin/blog/new, a 404 when there is no such post. */
async function postOf(param: string | undefined) {
  if (param === "new") return null;
  const id = recordIdParam(param);
  const post = id === null ? null : await getAdminPost(getDb(), id);
  if (!post) throw data({ message: "There is no such post." }, { status: 404 });
  return post;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSection(request, "blog");
  const post = await postOf(params.id);
  const db = getDb();
  // Only whether it is on reaches the browser: the editor shows its Suggest buttons.
  const writingAssist = await loadOpenAiSettings(db).then(
    (settings) => settings !== null,
    (error) => {
      logger.warn({ err: error }, "Could not read the OpenAI integration");
      return false;
    },
  );
  // What exists on the site, for the check before publishing; without it no link is judged.
  const linkFacts = await loadLinkFactsData(db, getEnv().SITE_URL).catch(
    (error): LinkFactsData | null => {
      logger.warn(
        { err: error },
        "Could not gather the site's pages for the check before publishing",
      );
      return null;
    },
  );
  let categories: AdminCategory[] = [];
  try {
    categories = await listCategories(db);
  } catch (error) {
    // The spec: a failed category fetch is only logged.
    logger.error({ err: error }, "Could not load the blog categories");
  }
  return {
    post,
    categories,
    timeZone: siteTimeZoneFrom(await getSettingsMap()),
    writingAssist,
    linkFacts,
  };
}

/** Saves, previews and restores of the editor: the Blog tab's action, with its role check. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "blog");
  return blogAction(request, admin);
}

/** The editor saves, previews and restores from the browser: it needs its script. */
export default function PostEditorRoute({ loaderData }: Route.ComponentProps) {
  const { post, categories, timeZone, writingAssist, linkFacts } = loaderData;
  return (
    <WritingAssistContext value={writingAssist}>
      <LinkFactsContext value={linkFacts}>
        <PostEditor
          key={post?.id ?? "new"}
          post={post}
          categories={categories}
          timeZone={timeZone}
        />
      </LinkFactsContext>
    </WritingAssistContext>
  );
}
