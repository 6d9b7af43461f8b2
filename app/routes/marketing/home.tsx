import { ArrowRight, CheckCircle2, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { CtaBanner } from "~/components/marketing/cta-banner";
import { GradientHeadline } from "~/components/marketing/gradient-headline";
import { HeroStats } from "~/components/marketing/hero-stats";
import { Section } from "~/components/marketing/section";
import { serviceIconSvg } from "~/components/service-icon";
import { Button } from "~/components/ui/button";
import { homeProducts } from "~/content/products";
import { servicePath } from "~/content/site-defaults";
import { getEnv } from "~/env.server";
import { useNonce } from "~/lib/nonce";
import { seo } from "~/lib/seo";
import { cn } from "~/lib/utils";
import {
  getFooter,
  getSettingsMap,
  listHeroStats,
  listServices,
  settingOrDefault,
  siteNameFrom,
} from "~/models/site.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Artificial Intelligence and Creativity",
    // The brand description from the branding settings (its default is this page's own text).
    description:
      (
        matches.find((m) => m?.id === "root")?.loaderData as
          | { brandDescription?: string }
          | undefined
      )?.brandDescription ??
      "AI chatbots, voice agents, process automation, web development, marketing automation and consulting for small and medium businesses.",
    path: "/",
  });

export async function loader() {
  const [settings, stats, services, footer] = await Promise.all([
    getSettingsMap(),
    listHeroStats(),
    listServices(),
    getFooter(),
  ]);
  const site = getEnv().SITE_URL;
  const siteName = siteNameFrom(settings);
  return {
    hero: {
      title: settingOrDefault(settings, "hero_title"),
      subtitle: settingOrDefault(settings, "hero_subtitle"),
      cta: settingOrDefault(settings, "hero_cta_text"),
    },
    stats,
    // Served as data, so the product copy stays out of the page's JavaScript.
    products: homeProducts.map(({ slug, name, category, path, description, features }) => ({
      slug,
      name,
      category,
      path,
      description,
      features,
    })),
    services: services.map((s) => ({
      ...s,
      href: s.link || servicePath(s.title),
      iconSvg: serviceIconSvg(s.icon),
    })),
    organization: {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: siteName,
      url: site,
      logo: `${site}/favicon.svg`,
      email: footer.email,
      telephone: footer.phone,
      address: { "@type": "PostalAddress", streetAddress: footer.address },
    },
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, stats, products, services, organization } = loaderData;
  const nonce = useNonce();
  return (
    <>
      <script
        type="application/ld+json"
        nonce={nonce}
        // JSON is escaped so that no "</script>" in a setting can end the block.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: serialised data, not markup
        dangerouslySetInnerHTML={{ __html: JSON.stringify(organization).replace(/</g, "\\u003c") }}
      />
      <section
        id="home"
        className="scroll-mt-20 bg-gradient-to-b from-indigo-50 via-white to-white"
        aria-label="Introduction"
      >
        <div className="mx-auto flex max-w-5xl flex-col items-center px-4 pt-20 pb-16 text-center sm:pt-28">
          <span className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white px-4 py-1.5 text-sm font-medium text-primary-strong">
            <Sparkles aria-hidden className="size-4" />
            AI-Powered Business Solutions
          </span>
          <GradientHeadline text={hero.title} className="mt-8" />
          <p className="mt-6 max-w-2xl text-lg text-muted">{hero.subtitle}</p>
          <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <a href="#products">
                Explore Our Products <ArrowRight aria-hidden />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/schedule-consultation">{hero.cta}</Link>
            </Button>
          </div>
          <HeroStats stats={stats} />
        </div>
      </section>

      <Section
        id="products"
        eyebrow="Our Products"
        title="Software that puts AI to work"
        intro="Ready-made platforms for communication, hiring and operations, each with AI at its core."
      >
        <div className="space-y-20">
          {products.map((product, index) => (
            <article
              key={product.slug}
              data-testid="home-product"
              className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16"
            >
              <img
                src={`/images/products/${product.slug}.svg`}
                alt={`${product.name} screen`}
                width={640}
                height={440}
                loading="lazy"
                decoding="async"
                className={cn(
                  "h-auto w-full rounded-3xl shadow-lg",
                  index % 2 === 1 && "lg:order-2",
                )}
              />
              <div>
                <span className="inline-flex rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-primary-strong">
                  {product.category}
                </span>
                <h3 className="mt-4 text-3xl font-bold tracking-tight text-ink">{product.name}</h3>
                <p className="mt-4 text-lg text-muted">{product.description}</p>
                <ul className="mt-6 space-y-3">
                  {product.features.map((feature) => (
                    <li key={feature} className="flex gap-3">
                      <CheckCircle2
                        aria-hidden
                        className="mt-0.5 size-5 shrink-0 text-emerald-600"
                      />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
                <Button asChild className="mt-8">
                  <Link to={product.path}>
                    Learn More<span className="sr-only"> about {product.name}</span>
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
              </div>
            </article>
          ))}
        </div>
      </Section>

      <Section
        id="services"
        tone="muted"
        eyebrow="Our Services"
        title="AI and automation, built around your business"
        intro="From the first chatbot to a company-wide automation strategy, we design, build and run it with you."
      >
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service, index) => (
            <li key={`${service.title}-${service.href}`} data-testid="home-service">
              <Link
                to={service.href}
                className="group flex h-full flex-col rounded-2xl border border-line bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
              >
                <div className="flex items-center justify-between">
                  <span
                    className="grid size-12 place-items-center rounded-xl bg-indigo-50 text-primary-strong"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG the server rendered from its own fixed icon set
                    dangerouslySetInnerHTML={{ __html: service.iconSvg }}
                  />
                  <span className="flex items-center gap-3">
                    {service.featured ? (
                      <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
                        Featured
                      </span>
                    ) : null}
                    <span aria-hidden className="text-3xl font-bold text-slate-500">
                      {String(index + 1).padStart(2, "0")}
                    </span>
                  </span>
                </div>
                <h3 className="mt-5 text-lg font-semibold text-ink group-hover:text-primary-strong">
                  {service.title}
                </h3>
                <p className="mt-2 flex-1 text-muted">{service.description}</p>
                <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary-strong">
                  Learn more <ArrowRight aria-hidden className="size-4" />
                </span>
              </Link>
            </li>
          ))}
        </ol>
        <div className="mt-12 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/schedule-consultation">Schedule a Free Consultation</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/demos">View Case Studies</Link>
          </Button>
        </div>
      </Section>

      <CtaBanner />
    </>
  );
}
