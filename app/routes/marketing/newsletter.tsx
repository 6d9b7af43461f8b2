import { CheckCircle2 } from "lucide-react";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import { Alert } from "~/components/ui/alert";
import { pageFormAction } from "~/forms/page-form.server";
import { submitNewsletter } from "~/forms/submissions.server";
import { useServerFormResult } from "~/lib/forms";
import { seo } from "~/lib/seo";
import { formMessages, newsletterFailure } from "~/schemas/form-messages";
import { CONFIRM_FROM_INBOX } from "~/schemas/newsletter-messages";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Newsletter",
    description:
      "Subscribe to our newsletter: practical AI and automation ideas for small and medium businesses, a few times a month.",
    path: "/newsletter",
  });

/** The footer's form posts here when JavaScript has not loaded. */
export function action({ request }: Route.ActionArgs) {
  return pageFormAction(request, submitNewsletter);
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const texts = formMessages.newsletter;
  const posted = useServerFormResult(actionData);
  const failure = posted.result && !posted.result.ok ? posted.result : null;
  const failureText = newsletterFailure(failure);
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6 sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Our newsletter</h1>
      <p className="mt-4 text-lg leading-8 text-slate-700">
        Practical ideas for putting AI agents and automation to work in a small or medium business,
        news about our products and what our clients achieve with them. A few mails a month, and you
        can unsubscribe from any of them with one click.
      </p>
      <div className="mt-8 space-y-4">
        {posted.result?.ok ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
          >
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong>{texts.success.title}</strong> {texts.success.description}
              {posted.result.result?.confirmationRequired === true ? (
                <>
                  {" "}
                  <span className="block">{CONFIRM_FROM_INBOX}</span>
                </>
              ) : null}
            </span>
          </p>
        ) : null}
        {failure ? (
          <Alert>
            <strong>{failureText.title}:</strong> {failureText.description}
          </Alert>
        ) : null}
        <NewsletterForm
          source="page"
          key={posted.generation}
          defaultEmail={failure?.values.email}
          onSubscribed={posted.clear}
        />
      </div>
    </section>
  );
}
