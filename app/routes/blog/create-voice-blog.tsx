import { ChartColumn, FileText, Images, Scale, Search } from "lucide-react";
import { CreatorPage, useBlogCreator } from "~/components/blog/creator-page";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { voiceBlogPost } from "~/content/creator-posts";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/create-voice-blog";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Create Voice AI Blog Post",
    description: "Publishes the business case for voice AI agents on the blog.",
    path: "/create-voice-blog",
    noindex: true,
  });

const CREATES = [
  { icon: FileText, label: "A business-case article on voice AI agents for small businesses" },
  { icon: Images, label: "3 images: the agent at work, the ROI chart and the market map" },
  { icon: ChartColumn, label: "ROI metrics: a 12-month model with payback period" },
  { icon: Scale, label: "Competitive analysis against answering services, staff and voicemail" },
  { icon: Search, label: "SEO content: meta title, meta description and excerpt" },
];

/** One-off creator: publishes the voice AI business case as soon as the page loads. */
export default function CreateVoiceBlog() {
  const { state, create } = useBlogCreator(voiceBlogPost, "Blog post created successfully");
  const busy = state.kind === "busy";
  return (
    <CreatorPage
      title="Create Voice AI Blog Post"
      description="Publishes our business case for voice AI agents on the blog. Running it again updates the same post."
      state={state}
    >
      <h2 className="mt-6 text-sm font-semibold tracking-wide text-muted uppercase">
        What it creates
      </h2>
      <ul className="mt-3 space-y-3">
        {CREATES.map(({ icon: Icon, label }) => (
          <li key={label} className="flex items-start gap-3 text-ink">
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-strong" />
            <span>{label}</span>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        size="lg"
        className="mt-8 w-full sm:w-auto"
        disabled={busy || state.kind === "success"}
        onClick={() => void create()}
      >
        {busy ? <Spinner className="size-4" label="Working" /> : null}
        {busy ? "Creating Blog Post..." : "Create Blog Post"}
      </Button>
    </CreatorPage>
  );
}
