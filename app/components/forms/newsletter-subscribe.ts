import { showToast } from "~/components/toaster";
import { postJson } from "~/lib/forms";
import { formMessages, newsletterFailure } from "~/schemas/form-messages";
import { newsletterSchema } from "~/schemas/forms";

const texts = formMessages.newsletter;

/**
 * A subscription from the newsletter form (newsletter-form.tsx), which loads this on the first
 * submit rather than with every page: checks the address, calls the JSON API and answers with
 * toasts; the form's own steps (busy, focus, clearing the field) are its callbacks.
 */
export async function subscribeNewsletter(
  email: string,
  form: { invalid: () => void; busy: (busy: boolean) => void; subscribed: () => void },
) {
  if (!email.includes("@") || !newsletterSchema.safeParse({ email }).success) {
    void showToast({ type: "error", ...texts.invalid });
    form.invalid();
    return;
  }
  form.busy(true);
  const result = await postJson("/api/newsletter-subscribe", { email });
  form.busy(false);
  if (result.ok) {
    void showToast({ type: "success", ...texts.success });
    form.subscribed();
  } else {
    void showToast({ type: "error", ...newsletterFailure(result.body) });
  }
}
