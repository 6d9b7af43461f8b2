import { ArrowRight } from "lucide-react";
import { data, Link } from "react-router";
import { CheckList } from "~/components/marketing/check-list";
import { CtaBanner } from "~/components/marketing/cta-banner";
import { FeatureGrid } from "~/components/marketing/feature-grid";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { contentIconComponents } from "~/components/service-icon";
import { Button } from "~/components/ui/button";
import { findServicePage, type ServiceExtraSection } from "~/content/services";
import { seo } from "~/lib/seo";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/service";

const icons = contentIconComponents;

export function loader({ request }: Route.LoaderArgs) {
  // Six routes share this module; the path says which page it is.
  const page = findServicePage(new URL(request.url).pathname);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: "Page not found" }];
  const { page } = loaderData;
  return seo(matches, {
    title: page.seoTitle,
    description: page.seoDescription,
    path: page.path,
  });
};

type Tone = "plain" | "muted";
const toneAt = (index: number): Tone => (index % 2 === 0 ? "plain" : "muted");

function ExtraSection({ section, tone }: { section: ServiceExtraSection; tone: Tone }) {
  const head = {
    id: section.id,
    eyebrow: section.eyebrow,
    title: section.title,
    intro: section.intro,
    tone,
  };

  if (section.kind === "cards") {
    return (
      <Section {...head}>
        <ul data-testid={section.id} className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
          {section.items.map((item) => {
            const Icon = icons[item.icon];
            return (
              <li
                key={item.title}
                data-testid={`${section.id}-item`}
                className="flex gap-5 rounded-2xl border border-line bg-white p-6 shadow-sm"
              >
                <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-primary to-accent text-white">
                  <Icon aria-hidden className="size-6" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
                  <p className="mt-2 text-muted">{item.description}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>
    );
  }

  if (section.kind === "tiles") {
    return (
      <Section {...head}>
        <ul data-testid={section.id} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {section.items.map((item) => {
            const Icon = icons[item.icon];
            return (
              <li
                key={item.name}
                data-testid={`${section.id}-item`}
                className="flex items-start gap-4 rounded-xl border border-line bg-white p-5"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-indigo-50 text-primary-strong">
                  <Icon aria-hidden className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold text-ink">{item.name}</h3>
                  <p className="mt-1 text-sm text-muted">{item.description}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>
    );
  }

  return (
    <Section {...head}>
      <ol data-testid={section.id} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {section.items.map((step, index) => (
          <li
            key={step.title}
            data-testid={`${section.id}-item`}
            className="relative rounded-2xl border border-line bg-white p-6 shadow-sm"
          >
            <span
              aria-hidden
              className="grid size-12 place-items-center rounded-full bg-gradient-to-br from-primary to-accent text-lg font-bold text-white"
            >
              {String(index + 1).padStart(2, "0")}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-ink">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-muted">{step.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { hero, features, extras, benefits, cta } = page;
  const benefitsTone = toneAt(extras.length + 1);

  return (
    <>
      <div data-testid="service-hero">
        <PageHero
          badge={hero.badge}
          title={hero.title}
          description={hero.description}
          actions={
            <>
              <Button asChild size="lg">
                <Link to="/schedule-consultation">
                  Schedule Consultation <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/contact">Contact Us</Link>
              </Button>
            </>
          }
        >
          {hero.highlights ? (
            <div className="mt-12">
              <p id="hero-highlights-label" className="text-sm font-medium text-muted">
                {hero.highlights.label}
              </p>
              <ul
                aria-labelledby="hero-highlights-label"
                data-testid="hero-highlights"
                className="mt-3 flex flex-wrap justify-center gap-2"
              >
                {hero.highlights.items.map((item) => (
                  <li
                    key={item}
                    className="rounded-full border border-line bg-white px-3 py-1 text-sm font-medium text-ink shadow-sm"
                  >
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </PageHero>
      </div>

      <Section
        id={features.id}
        eyebrow={features.eyebrow}
        title={features.title}
        intro={features.intro}
      >
        <FeatureGrid
          items={features.items.map((item) => ({ ...item, icon: icons[item.icon] }))}
          className={cn(
            "grid gap-6 sm:grid-cols-2",
            features.items.length % 3 === 0 ? "lg:grid-cols-3" : "xl:grid-cols-4",
          )}
          testId="features"
        />
      </Section>

      {extras.map((section, index) => (
        <ExtraSection key={section.id} section={section} tone={toneAt(index + 1)} />
      ))}

      <Section
        id={benefits.id}
        eyebrow={benefits.eyebrow}
        title={benefits.title}
        intro={benefits.intro}
        tone={benefitsTone}
      >
        <div
          data-testid="benefits"
          className={cn(
            "mx-auto max-w-4xl rounded-2xl border border-line p-6 shadow-sm sm:p-10",
            benefitsTone === "muted" ? "bg-white" : "bg-surface",
          )}
        >
          <CheckList items={benefits.items} spacing="wide" />
        </div>
      </Section>

      <CtaBanner title={cta.title} description={cta.description} />
    </>
  );
}
