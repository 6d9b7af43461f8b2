import { CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { ExternalAnchor } from "~/components/external-anchor";
import { CheckList } from "~/components/marketing/check-list";
import { CtaBanner } from "~/components/marketing/cta-banner";
import { FeatureGrid } from "~/components/marketing/feature-grid";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { StatCards } from "~/components/marketing/stat-cards";
import { Button } from "~/components/ui/button";
import { getProduct, hiringHub } from "~/content/products";
import { seo } from "~/lib/seo";
import { getExternalLinks } from "~/models/site.server";
import type { Route } from "./+types/hiring-hub";

const product = getProduct("hiring-hub");

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: `${product.name}: AI Recruiting Platform`,
    description: product.description,
    path: product.path,
  });

export async function loader() {
  const links = await getExternalLinks();
  return { appUrl: links.hiring_hub_app_url };
}

export default function HiringHubPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        badge={product.category}
        title={product.name}
        description={hiringHub.intro}
        actions={
          <>
            <Button asChild size="lg">
              <ExternalAnchor href={loaderData.appUrl}>Launch Hiring Hub</ExternalAnchor>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/schedule-consultation">
                <CalendarCheck aria-hidden />
                Schedule Consultation
              </Link>
            </Button>
          </>
        }
      >
        <StatCards
          stats={hiringHub.stats}
          className="mx-auto mt-14 grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4"
        />
      </PageHero>

      <Section
        id="features"
        eyebrow="Features"
        tightTop
        title={hiringHub.title}
        intro="Five AI tools that take a vacancy from first application to signed offer."
      >
        <FeatureGrid
          items={hiringHub.features}
          className="flex flex-wrap justify-center gap-6"
          itemClassName="w-full sm:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)]"
        />
      </Section>

      <Section
        id="benefits"
        tone="muted"
        eyebrow="Benefits"
        title="Why teams choose Hiring Hub"
        intro="Less time sorting applications, more time with the candidates you want to hire."
      >
        <div
          data-testid="benefit-list"
          className="mx-auto max-w-4xl rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-10"
        >
          <CheckList items={hiringHub.benefits} />
        </div>
      </Section>

      <CtaBanner
        title="Ready to hire faster?"
        description="Book a free consultation and we'll show you how Hiring Hub fits your hiring process, from job post to offer."
      />
    </>
  );
}
