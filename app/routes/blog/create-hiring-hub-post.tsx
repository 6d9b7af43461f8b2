import { CreatorPage, useBlogCreator } from "~/components/blog/creator-page";
import { hiringHubPost } from "~/content/creator-posts";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/create-hiring-hub-post";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Create Hiring Hub Blog Post",
    description: "Publishes the Hiring Hub article on the blog.",
    path: "/create-hiring-hub-post",
    noindex: true,
  });

/** One-off creator: publishes the Hiring Hub article as soon as the page loads. */
export default function CreateHiringHubPost() {
  const { state, create } = useBlogCreator(
    hiringHubPost,
    "Hiring Hub blog post created successfully",
  );
  return (
    <CreatorPage
      title="Create Hiring Hub Blog Post"
      description="Publishes the article introducing Hiring Hub, our AI-powered recruiting platform, on the blog. Running it again updates the same post."
      state={state}
      onRetry={() => void create()}
    />
  );
}
