import { ConsultationForm } from "~/components/forms/consultation-form";
import { ContactForm } from "~/components/forms/contact-form";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import type { FormView } from "~/pages/view";

const DEFAULT_TITLES: Record<FormView["form"], string> = {
  contact: "Send us a message",
  consultation: "Request a Consultation",
  newsletter: "Subscribe to our newsletter",
};

/**
 * One of the site's own forms on any page. With JavaScript each sends to its JSON endpoint
 * (/api/contact, /api/schedule-consultation, /api/newsletter-subscribe) and answers with the
 * same toasts as on its own page; before that it posts to that page, which shows the outcome.
 */
export function FormBlock({ block }: { block: FormView }) {
  return (
    <section id={block.anchor || undefined} className="scroll-mt-20 bg-surface py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-10">
          <h2 className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
            {block.title || DEFAULT_TITLES[block.form]}
          </h2>
          {block.intro ? (
            <p className="mt-2 text-base leading-7 text-slate-700">{block.intro}</p>
          ) : null}
          <div className="mt-8">
            {block.form === "contact" && block.botCheck ? (
              <ContactForm botCheck={block.botCheck} />
            ) : block.form === "consultation" ? (
              <ConsultationForm />
            ) : block.form === "newsletter" ? (
              <NewsletterForm />
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
