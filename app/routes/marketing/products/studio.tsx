import { CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { ExternalAnchor } from "~/components/external-anchor";
import { CtaBanner } from "~/components/marketing/cta-banner";
import { FeatureGrid } from "~/components/marketing/feature-grid";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { StatCards } from "~/components/marketing/stat-cards";
import { Button } from "~/components/ui/button";
import { getProduct, studio } from "~/content/products";
import { seo } from "~/lib/seo";
import { getExternalLinks } from "~/models/site.server";
import type { Route } from "./+types/studio";

const product = getProduct("studio");

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: `${product.name}: AI Social Media Studio`,
    description: product.description,
    path: product.path,
  });

export async function loader() {
  const links = await getExternalLinks();
  return { appUrl: links.studio_app_url };
}

export default function StudioPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        badge={product.category}
        title={product.name}
        description={studio.intro}
        actions={
          <>
            <Button asChild size="lg">
              <ExternalAnchor href={loaderData.appUrl}>Get Started</ExternalAnchor>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/schedule-consultation">
                <CalendarCheck aria-hidden />
                Schedule Demo
              </Link>
            </Button>
          </>
        }
      >
        <StatCards
          stats={studio.stats}
          className="mx-auto mt-14 grid max-w-3xl grid-cols-3 gap-3 sm:gap-4"
        />
      </PageHero>

      <Section
        id="features"
        eyebrow="Features"
        tightTop
        title={studio.title}
        intro="Everything a small marketing team needs to post consistently without living in six different apps."
      >
        <FeatureGrid items={studio.features} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" />
      </Section>

      <Section
        id="how-it-works"
        tone="muted"
        eyebrow="How it works"
        title="From idea to published post in three steps"
      >
        <ol className="grid gap-6 md:grid-cols-3">
          {studio.steps.map((step, index) => (
            <li
              key={step.title}
              data-testid="step-card"
              className="rounded-2xl border border-line bg-white p-6 shadow-sm"
            >
              <span
                aria-hidden
                className="grid size-10 place-items-center rounded-full bg-primary-strong text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-muted">{step.description}</p>
            </li>
          ))}
        </ol>
      </Section>

      <CtaBanner
        title="Put your social media on autopilot"
        description="See Studio plan, write and publish a week of posts for your business in a short demo."
        primary={{ label: "Schedule Demo", to: "/schedule-consultation" }}
      />
    </>
  );
}
