import { ArrowDown, CheckCircle2, ClipboardList, Lightbulb, Mail, Puzzle } from "lucide-react";
import { ExternalAnchor } from "~/components/external-anchor";
import { ConsultationForm } from "~/components/forms/consultation-form";
import { CheckList } from "~/components/marketing/check-list";
import { FeatureCard } from "~/components/marketing/feature-card";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { pageFormAction } from "~/forms/page-form.server";
import { submitConsultation } from "~/forms/submissions.server";
import { useServerFormResult } from "~/lib/forms";
import { seo } from "~/lib/seo";
import { getExternalLinks, getSettingsMap, settingOrDefault } from "~/models/site.server";
import { formMessages } from "~/schemas/form-messages";
import { serviceTypes } from "~/schemas/forms";
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

/** The form posts here when JavaScript has not loaded. */
export function action({ request }: Route.ActionArgs) {
  return pageFormAction(request, submitConsultation);
}

const texts = formMessages.consultation;

export default function ScheduleConsultation({ loaderData, actionData }: Route.ComponentProps) {
  const { bookingUrl, email } = loaderData;
  const posted = useServerFormResult(actionData);
  const sent = posted.result?.ok === true;
  const sentBookingUrl = sent
    ? (posted.result?.result?.bookingUrl as string | undefined)
    : undefined;
  const refused = posted.result && !posted.result.ok ? posted.result : null;

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
          <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-10 lg:col-span-3">
            <h2
              id="request-heading"
              className="text-2xl font-bold tracking-tight text-ink sm:text-3xl"
            >
              Request a Consultation
            </h2>
            <p className="mt-2 text-base leading-7 text-slate-700">
              Fill in the form and we'll contact you to confirm a time. Fields marked{" "}
              <span className="text-danger">*</span> are required.
            </p>
            {sent ? (
              <div
                role="status"
                className="mt-6 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
              >
                <p className="flex items-start gap-2">
                  <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
                  <span>
                    <strong>{texts.success.title}.</strong> {texts.success.description}
                  </span>
                </p>
                {sentBookingUrl ? (
                  <p className="mt-2 pl-6">
                    <ExternalAnchor href={sentBookingUrl} className="font-semibold underline">
                      Pick a time in our booking calendar
                    </ExternalAnchor>
                  </p>
                ) : null}
              </div>
            ) : null}
            {refused ? (
              <Alert className="mt-6">
                {refused.code === "validation" ? texts.failed.description : refused.error}
              </Alert>
            ) : null}
            <div className="mt-8">
              <ConsultationForm
                key={posted.generation}
                values={refused?.values}
                errors={refused?.fieldErrors}
                onSubmitted={posted.clear}
              />
            </div>
            <div className="mt-8 flex flex-col items-start gap-3 border-t border-line pt-8 sm:flex-row sm:items-center">
              <p className="text-sm text-muted sm:flex-1">
                Rather pick a slot yourself? The booking calendar opens in a new tab.
              </p>
              <Button asChild variant="outline">
                <ExternalAnchor href={bookingUrl}>Book Directly</ExternalAnchor>
              </Button>
              <Button asChild variant="ghost">
                <a href={`mailto:${email}?subject=${encodeURIComponent("Consultation request")}`}>
                  <Mail aria-hidden />
                  Email us
                </a>
              </Button>
            </div>

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
            <CheckList items={[...serviceTypes]} columns={1} className="mt-6" />
          </div>
        </div>
      </section>
    </>
  );
}
