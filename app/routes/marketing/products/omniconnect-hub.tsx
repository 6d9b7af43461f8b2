import { ArrowRight, CircleCheck, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { ExternalAnchor } from "~/components/external-anchor";
import { CtaBanner } from "~/components/marketing/cta-banner";
import { FeatureGrid } from "~/components/marketing/feature-grid";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { StatCards } from "~/components/marketing/stat-cards";
import { Button } from "~/components/ui/button";
import { getProduct, industryDemos, omniConnect } from "~/content/products";
import { seo } from "~/lib/seo";
import { getExternalLinks } from "~/models/site.server";
import type { Route } from "./+types/omniconnect-hub";

const product = getProduct("omniconnect-hub");

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: `${product.name}: Chat Widget Hub`,
    description: product.description,
    path: product.path,
  });

export async function loader() {
  const links = await getExternalLinks();
  return { appUrl: links.omniconnect_app_url };
}

export default function OmniConnectHubPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        badge={product.category}
        title={product.name}
        description={omniConnect.intro}
        actions={
          <>
            <Button asChild size="lg">
              <ExternalAnchor href={loaderData.appUrl}>Start Free Trial</ExternalAnchor>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/demos">
                <PlayCircle aria-hidden />
                Watch Demo
              </Link>
            </Button>
          </>
        }
      >
        <ul className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted">
          {omniConnect.trialFacts.map((fact) => (
            <li key={fact} className="flex items-center gap-1.5">
              <CircleCheck aria-hidden className="size-4 text-emerald-600" />
              {fact}
            </li>
          ))}
        </ul>
        <StatCards
          stats={omniConnect.stats}
          className="mx-auto mt-12 grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4"
        />
      </PageHero>

      <Section
        id="features"
        eyebrow="Features"
        tightTop
        title={omniConnect.title}
        intro="Chat, call, record and share files with your visitors from a single widget, with voice AI covering the hours your team is away."
      >
        <FeatureGrid
          items={omniConnect.features}
          className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        />
      </Section>

      <Section
        id="industry-flows"
        tone="muted"
        eyebrow="Industry flows"
        title="Start from a flow built for your industry"
        intro="Each flow comes with the questions, hand-offs and bookings a business like yours needs on day one. Try them on our live demo sites."
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {industryDemos.map((demo) => (
            <li
              key={demo.id}
              data-testid="industry-card"
              className="flex gap-4 rounded-2xl border border-line bg-white p-6 shadow-sm"
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-indigo-50 text-primary-strong">
                <demo.icon aria-hidden className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-ink">{demo.title}</h3>
                <p className="mt-1 text-sm text-muted">{demo.highlights.join(" · ")}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Button asChild size="lg" variant="outline">
            <Link to="/demos">
              Explore the industry demos
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </Section>

      <CtaBanner
        title="Start your 14-day free trial"
        description="No credit card required and setup takes about 5 minutes. Prefer a guided start? Book a free consultation and we'll configure the widget with you."
        secondary={{ label: "Watch Demo", to: "/demos" }}
      />
    </>
  );
}
