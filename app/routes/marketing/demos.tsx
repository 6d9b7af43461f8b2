import { ArrowRight, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { ExternalAnchor } from "~/components/external-anchor";
import { CtaBanner } from "~/components/marketing/cta-banner";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { Button } from "~/components/ui/button";
import { getProduct, industryDemos } from "~/content/products";
import { seo } from "~/lib/seo";
import { getExternalLinks } from "~/models/site.server";
import type { Route } from "./+types/demos";

const omniConnect = getProduct("omniconnect-hub");

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Industry Demos",
    description:
      "Try OmniConnect Hub on live demo websites for a restaurant, a tax and financial firm and a law office.",
    path: "/demos",
  });

export async function loader() {
  const links = await getExternalLinks();
  return {
    demoUrls: {
      restaurant: links.demo_restaurant_url,
      tax: links.demo_tax_url,
      legal: links.demo_legal_url,
    },
  };
}

export default function DemosPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        badge="Industry Demos"
        title="See AI Conversations in Action"
        description="Three live demo websites show how OmniConnect Hub greets visitors, answers their questions and books appointments, each with a flow tailored to its industry."
      />

      <Section
        id="demos"
        eyebrow="Live demos"
        title="Pick your industry"
        intro="Each demo opens in a new tab. Chat with the assistant the way your own customers would."
        tightTop
      >
        <ul className="grid gap-6 lg:grid-cols-3">
          {industryDemos.map((demo) => (
            <li
              key={demo.id}
              data-testid="demo-card"
              className="flex flex-col rounded-2xl border border-line bg-white p-6 shadow-sm"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-indigo-50 text-primary-strong">
                <demo.icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-4 text-xl font-semibold text-ink">{demo.title}</h3>
              <p className="mt-2 text-muted">{demo.description}</p>
              <ul className="mt-4 flex-1 space-y-2">
                {demo.highlights.map((highlight) => (
                  <li key={highlight} className="flex gap-2 text-sm text-ink">
                    <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                    {highlight}
                  </li>
                ))}
              </ul>
              <Button asChild size="wrap" className="mt-6 w-full">
                <ExternalAnchor href={loaderData.demoUrls[demo.id]}>
                  Open {demo.shortTitle} Demo
                </ExternalAnchor>
              </Button>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="platform" tone="muted">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 rounded-2xl border border-line bg-white p-8 text-center shadow-sm sm:p-10 md:flex-row md:text-left">
          <div className="flex-1">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary-strong">
              {omniConnect.category}
            </p>
            <h2 className="mt-2 text-2xl font-bold tracking-tight text-ink">
              All three demos run on {omniConnect.name}
            </h2>
            <p className="mt-3 text-muted">{omniConnect.description}</p>
          </div>
          <Button asChild size="lg" className="shrink-0">
            <Link to={omniConnect.path}>
              Learn More
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </Section>

      <CtaBanner
        title="Want a demo for your own business?"
        description="Tell us about your customers and we'll show you the conversation flow we would build for them."
      />
    </>
  );
}
