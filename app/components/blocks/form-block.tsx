import { CheckCircle2 } from "lucide-react";
import { lazy, useId } from "react";
import { ExternalAnchor } from "~/components/external-anchor";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import { CheckList } from "~/components/marketing/check-list";
import { Alert } from "~/components/ui/alert";
import type { PageFormState } from "~/forms/page-form.server";
import { useServerFormResult } from "~/lib/forms";
import { cn } from "~/lib/utils";
import type { FormView } from "~/pages/view";
import { formMessages } from "~/schemas/form-messages";
import { BlockButton, hasLink } from "./block-link";
import { ContactPanels } from "./contact-panels";
import { usePostedForm } from "./form-result";

// Loaded when a page shows them: the page module serves every page, most of them without a form.
// No Suspense boundary of their own: the server waits for them (the form is in the HTML without
// JavaScript), and the browser keeps that HTML until the code has come.
const ContactForm = lazy(() =>
  import("~/components/forms/contact-form").then((m) => ({ default: m.ContactForm })),
);
const ConsultationForm = lazy(() =>
  import("~/components/forms/consultation-form").then((m) => ({ default: m.ConsultationForm })),
);

const DEFAULT_TITLES: Record<FormView["form"], string> = {
  contact: "Send us a message",
  consultation: "Request a Consultation",
  newsletter: "Subscribe to our newsletter",
};

/** What a form posted without JavaScript came back with: thanks, or why it was refused. */
function Outcome({ form, result }: { form: FormView["form"]; result: PageFormState | undefined }) {
  const sent = result?.ok === true;
  const refused = result && !result.ok ? result : null;
  if (form === "consultation") {
    const texts = formMessages.consultation;
    const bookingUrl = sent ? (result?.result?.bookingUrl as string | undefined) : undefined;
    return (
      <>
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
            {bookingUrl ? (
              <p className="mt-2 pl-6">
                <ExternalAnchor href={bookingUrl} className="font-semibold underline">
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
      </>
    );
  }
  if (form === "contact") {
    const texts = formMessages.contact;
    return (
      <>
        {sent ? (
          <p
            role="status"
            className="mt-6 flex items-start gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
          >
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong>{texts.success.title}.</strong> {texts.success.description}
            </span>
          </p>
        ) : null}
        {refused?.error && refused.code !== "validation" ? (
          <Alert className="mt-6">{refused.error}</Alert>
        ) : null}
      </>
    );
  }
  return null;
}

const STEP_COLUMNS: Record<number, string> = { 1: "", 2: "sm:grid-cols-2" };

/** The form card: heading, outcome, form, then what the block adds under it. */
function FormCard({ block, className }: { block: FormView; className?: string }) {
  const generatedId = useId();
  const headingId = block.anchor ? `${block.anchor}-heading` : generatedId;
  const posted = useServerFormResult(usePostedForm(block.id));
  const refused = posted.result && !posted.result.ok ? posted.result : null;
  const { actions } = block;
  const hasActions =
    Boolean(actions.text) || hasLink(actions.primary) || hasLink(actions.secondary);
  return (
    <section
      id={block.anchor || undefined}
      aria-labelledby={headingId}
      className={cn(
        "rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-10",
        block.layout === "details" ? "scroll-mt-24" : "scroll-mt-20",
        className,
      )}
    >
      <h2
        id={headingId}
        className={cn(
          "text-2xl font-bold tracking-tight break-words text-ink",
          block.layout !== "details" && "sm:text-3xl",
        )}
      >
        {block.title || DEFAULT_TITLES[block.form]}
      </h2>
      {block.intro ? (
        <p className="mt-2 text-base leading-7 text-slate-700">{block.intro}</p>
      ) : null}
      <Outcome form={block.form} result={posted.result} />
      <div className="mt-8">
        {block.form === "contact" && block.botCheck ? (
          <ContactForm
            key={posted.generation}
            botCheck={block.botCheck}
            values={refused?.values}
            errors={refused?.fieldErrors}
            onSubmitted={posted.clear}
          />
        ) : block.form === "consultation" ? (
          <ConsultationForm
            key={posted.generation}
            values={refused?.values}
            errors={refused?.fieldErrors}
            onSubmitted={posted.clear}
          />
        ) : block.form === "newsletter" ? (
          <NewsletterForm source="page" />
        ) : null}
      </div>
      {block.afterHtml ? (
        <div
          className="mt-8 border-t border-line pt-6 text-sm text-muted [&_a]:break-words [&_a]:font-semibold [&_a]:text-primary-strong [&_a]:underline [&_a[href^='tel:']]:whitespace-nowrap"
          // Rendered and sanitized on the server (app/pages/render.server.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized HTML
          dangerouslySetInnerHTML={{ __html: block.afterHtml }}
        />
      ) : null}
      {hasActions ? (
        <div className="mt-8 flex flex-col items-start gap-3 border-t border-line pt-8 sm:flex-row sm:items-center">
          {actions.text ? <p className="text-sm text-muted sm:flex-1">{actions.text}</p> : null}
          <BlockButton link={actions.primary} size="default" />
          <BlockButton link={actions.secondary} variant="outline" size="default" />
        </div>
      ) : null}
      {block.steps.length > 0 ? (
        <>
          {block.stepsTitle ? (
            <h3 className="mt-10 border-t border-line pt-8 text-lg font-semibold text-ink">
              {block.stepsTitle}
            </h3>
          ) : null}
          <ol
            className={cn(
              "grid gap-5",
              STEP_COLUMNS[block.steps.length] ?? "sm:grid-cols-3",
              block.stepsTitle ? "mt-5" : "mt-10 border-t border-line pt-8",
            )}
          >
            {block.steps.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps may repeat a title; order is the key
              <li key={index} className="flex gap-3 sm:flex-col">
                <span
                  aria-hidden
                  className="grid size-8 shrink-0 place-items-center rounded-full bg-indigo-50 text-sm font-bold text-primary-strong"
                >
                  {index + 1}
                </span>
                <div>
                  <p className="font-semibold text-ink">{step.title}</p>
                  {step.text ? <p className="mt-1 text-sm text-muted">{step.text}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

/**
 * One of the site's own forms on any page. With JavaScript each sends to its JSON endpoint
 * (/api/contact, /api/schedule-consultation, /api/newsletter-subscribe) and answers with toasts;
 * before that the contact and consultation forms post to /contact and /schedule-consultation,
 * whose page shows the outcome in its first such form (the page route's action), the newsletter
 * form to /newsletter. Layouts: the card alone; beside the site's contact details (from the
 * settings); or beside a side panel of the block's own.
 */
export function FormBlock({ block }: { block: FormView }) {
  if (block.layout === "details") {
    return (
      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="grid gap-8 lg:grid-cols-5">
          {block.details ? <ContactPanels details={block.details} /> : null}
          <FormCard block={block} className="lg:col-span-3" />
        </div>
      </div>
    );
  }
  if (block.layout === "aside") {
    const { aside } = block;
    const hasAside = Boolean(aside.title || aside.text || aside.items.length);
    return (
      <div className="bg-surface py-16 sm:py-24">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
          <FormCard block={block} className="lg:col-span-3" />
          {hasAside ? (
            <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8 lg:col-span-2 lg:self-start">
              {aside.title ? (
                <h3 className="text-lg font-semibold text-ink">{aside.title}</h3>
              ) : null}
              {aside.text ? <p className="mt-2 text-muted">{aside.text}</p> : null}
              {aside.items.length > 0 ? (
                <CheckList items={aside.items} columns={1} className="mt-6" />
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <div className="bg-surface py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <FormCard block={block} />
      </div>
    </div>
  );
}
