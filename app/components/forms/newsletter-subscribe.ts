import { showToast } from "~/components/toaster";
import { postJson } from "~/lib/forms";
import type { SignupSource } from "~/newsletter/consent";
import { formMessages, newsletterFailure } from "~/schemas/form-messages";
import { newsletterSchema } from "~/schemas/forms";
import { newsletterSuccessDescription } from "~/schemas/newsletter-messages";

const texts = formMessages.newsletter;

/**
 * A subscription from the newsletter form (newsletter-form.tsx), which loads this on the first
 * submit rather than with every page: checks the address, calls the JSON API and answers with
 * toasts; the form's own steps (busy, focus, clearing the field) are its callbacks.
 */
export async function subscribeNewsletter(
  email: string,
  form: {
    source: SignupSource;
    invalid: () => void;
    busy: (busy: boolean) => void;
    subscribed: () => void;
  },
) {
  if (!email.includes("@") || !newsletterSchema.safeParse({ email }).success) {
    void showToast({ type: "error", ...texts.invalid });
    form.invalid();
    return;
  }
  form.busy(true);
  const result = await postJson<{ confirmationRequired?: boolean }>("/api/newsletter-subscribe", {
    email,
    source: form.source,
  });
  form.busy(false);
  if (result.ok) {
    void showToast({
      type: "success",
      title: texts.success.title,
      description: newsletterSuccessDescription(result.body?.confirmationRequired === true),
    });
    form.subscribed();
  } else {
    void showToast({ type: "error", ...newsletterFailure(result.body) });
  }
}
