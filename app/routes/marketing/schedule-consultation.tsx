import { ArrowDown, ClipboardList, Lightbulb, Mail, Puzzle } from "lucide-react";
import { ExternalAnchor } from "~/components/external-anchor";
import { CheckList } from "~/components/marketing/check-list";
import { FeatureCard } from "~/components/marketing/feature-card";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { getExternalLinks, getSettingsMap, settingOrDefault } from "~/models/site.server";
import type { Route } from "./+types/schedule-consultation";

export async function loader() {
  const [links, settings] = await Promise.all([getExternalLinks(), getSettingsMap()]);
  return {
    bookingUrl: links.booking_url,
    email: settingOrDefault(settings, "contact_email"),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Schedule a Free Consultation",
    description:
      "Book a free, no-obligation consultation with our AI specialists: expert guidance, a solution shaped to your business and a clear implementation plan.",
    path: "/schedule-consultation",
  });

const valueCards = [
  {
    icon: Lightbulb,
    title: "Expert Guidance",
    description:
      "Talk with specialists who build AI agents and automations every day. We explain your options in plain language and tell you honestly what will pay off.",
  },
  {
    icon: Puzzle,
    title: "Custom Solutions",
    description:
      "No one-size-fits-all packages. We recommend chatbots, voice agents and automations that fit your processes, your tools and your budget.",
  },
  {
    icon: ClipboardList,
    title: "Implementation Plan",
    description:
      "Leave with a clear plan: priorities, the steps to get there and realistic timelines, whether you decide to work with us or not.",
  },
];

const nextSteps = [
  {
    title: "Pick a time",
    description: "Choose a slot in our calendar, or e-mail us and we'll find one together.",
  },
  {
    title: "Talk with a specialist",
    description: "Tell us about your business, your goals and the work you'd like to hand off.",
  },
  {
    title: "Get your plan",
    description: "We follow up with recommendations and the next steps, in writing.",
  },
];

/** The consultation form's service choices (spec section 3). */
const topics = [
  "AI Implementation Strategy",
  "Chatbot Development",
  "Voice AI Integration",
  "Process Automation",
  "Web Development",
  "Marketing Automation",
  "General Consultation",
];

export default function ScheduleConsultation({ loaderData }: Route.ComponentProps) {
  const { bookingUrl, email } = loaderData;

  return (
    <>
      <PageHero
        badge="Free Consultation"
        title="Schedule a Free Consultation"
        description="Talk with our team about where AI and automation can save you time and win you customers. No cost and no obligation: you leave with clear next steps."
        actions={
          <Button asChild size="lg">
            <a href="#request">
              Request a Consultation
              <ArrowDown aria-hidden />
            </a>
          </Button>
        }
      />

      <Section
        id="value"
        eyebrow="Why book a consultation"
        title="What you get"
        intro="One conversation to understand your business, and a concrete recommendation at the end of it."
        tightTop
      >
        <div className="grid gap-6 md:grid-cols-3">
          {valueCards.map((card) => (
            <FeatureCard key={card.title} {...card} />
          ))}
        </div>
      </Section>

      <section
        id="request"
        aria-labelledby="request-heading"
        className="scroll-mt-20 bg-surface py-16 sm:py-24"
      >
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
          {/* The consultation request form arrives in a later issue; this card is where it goes. */}
          <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-10 lg:col-span-3">
            <h2
              id="request-heading"
              className="text-2xl font-bold tracking-tight text-ink sm:text-3xl"
            >
              Request a Consultation
            </h2>
            <p className="mt-4 text-base leading-7 text-slate-700 sm:text-lg sm:leading-8">
              Our online request form is coming soon. In the meantime, pick a time that suits you in
              our booking calendar, or e-mail us at{" "}
              <a
                href={`mailto:${email}?subject=${encodeURIComponent("Consultation request")}`}
                className="break-words font-semibold text-primary-strong underline"
              >
                {email}
              </a>{" "}
              and we'll arrange it with you.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <ExternalAnchor href={bookingUrl}>Book Directly</ExternalAnchor>
              </Button>
              <Button asChild size="lg" variant="outline">
                <a href={`mailto:${email}?subject=${encodeURIComponent("Consultation request")}`}>
                  <Mail aria-hidden />
                  Email us
                </a>
              </Button>
            </div>
            <p className="mt-4 text-sm text-muted">The booking calendar opens in a new tab.</p>

            <h3 className="mt-10 border-t border-line pt-8 text-lg font-semibold text-ink">
              What happens next
            </h3>
            <ol className="mt-5 grid gap-5 sm:grid-cols-3">
              {nextSteps.map((step, index) => (
                <li key={step.title} className="flex gap-3 sm:flex-col">
                  <span
                    aria-hidden
                    className="grid size-8 shrink-0 place-items-center rounded-full bg-indigo-50 text-sm font-bold text-primary-strong"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-semibold text-ink">{step.title}</p>
                    <p className="mt-1 text-sm text-muted">{step.description}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>

          <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8 lg:col-span-2 lg:self-start">
            <h3 className="text-lg font-semibold text-ink">Topics we can cover</h3>
            <p className="mt-2 text-muted">
              Come with a specific project or just a question. Consultations often start with:
            </p>
            <CheckList items={topics} columns={1} className="mt-6" />
          </div>
        </div>
      </section>
    </>
  );
}
