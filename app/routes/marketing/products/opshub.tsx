import { CalendarCheck, Rocket } from "lucide-react";
import { Link } from "react-router";
import { ExternalAnchor } from "~/components/external-anchor";
import { CheckList } from "~/components/marketing/check-list";
import { CtaBanner } from "~/components/marketing/cta-banner";
import { FeatureGrid } from "~/components/marketing/feature-grid";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { Button } from "~/components/ui/button";
import { getProduct, opsHub } from "~/content/products";
import { seo } from "~/lib/seo";
import { getExternalLinks } from "~/models/site.server";
import type { Route } from "./+types/opshub";

const product = getProduct("opshub");

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: `${product.name}: AI Operations Platform`,
    description: product.description,
    path: product.path,
  });

export async function loader() {
  const links = await getExternalLinks();
  return { appUrl: links.opshub_app_url };
}

export default function OpsHubPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        badge={product.category}
        title={product.name}
        description={opsHub.intro}
        actions={
          <>
            <Button asChild size="lg">
              <ExternalAnchor href={loaderData.appUrl}>
                <Rocket aria-hidden />
                Launch OpsHub
              </ExternalAnchor>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/schedule-consultation">
                <CalendarCheck aria-hidden />
                Schedule Demo
              </Link>
            </Button>
          </>
        }
      />

      <Section
        id="features"
        eyebrow="Features"
        title={opsHub.title}
        intro="Nine modules that replace the clipboards, group chats and spreadsheets your managers juggle today."
        tightTop
      >
        <FeatureGrid items={opsHub.features} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
      </Section>

      <Section
        id="agents"
        tone="dark"
        eyebrow="AI agents"
        title="Four AI agents on every shift"
        intro="Each agent owns one part of the operation, works around the clock and hands decisions to your managers with the context attached."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {opsHub.agents.map((agent) => (
            <li
              key={agent.title}
              data-testid="agent-card"
              className="rounded-2xl border border-white/10 bg-white/5 p-6"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-primary/20 text-indigo-200">
                <agent.icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-white">{agent.title}</h3>
              <p className="mt-2 text-slate-300">{agent.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="gamification"
        tone="muted"
        eyebrow="Gamification"
        title="Make great work visible"
        intro="Points, levels and friendly competition turn checklists and training into progress your team can see and be proud of."
      >
        <div
          data-testid="gamification-list"
          className="mx-auto max-w-4xl rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-10"
        >
          <CheckList items={opsHub.gamification} />
        </div>
      </Section>

      <CtaBanner
        title="See OpsHub at your locations"
        description="We'll walk you through OpsHub with your own schedules and checklists and show what the AI agents would take off your managers' plates."
        primary={{ label: "Schedule Demo", to: "/schedule-consultation" }}
      />
    </>
  );
}
