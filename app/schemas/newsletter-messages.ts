/**
 * The newsletter form's texts, which the spec fixes word for word (form-messages.ts lists them
 * with the other forms'). A module of their own: the footer on every page needs only the
 * failure's before its code for a submit has loaded.
 */
export const newsletterMessages = {
  invalid: { title: "Invalid Email", description: "Please enter a valid email address." },
  success: { title: "Success!", description: "You've been subscribed to our newsletter." },
  already: {
    title: "Subscription Failed",
    description: "You're already subscribed to our newsletter!",
  },
  failed: {
    title: "Subscription Failed",
    description: "Failed to subscribe. Please try again later.",
  },
} as const;

/**
 * The line the success message gains while double opt-in is on (not the spec's: the spec's
 * texts above stay as they are, and this follows them on a line of its own).
 */
export const CONFIRM_FROM_INBOX = "Check your inbox and click the link to confirm.";

/** The success toast's description, with the line asking to confirm when the server asks for it. */
export function newsletterSuccessDescription(confirmationRequired: boolean) {
  const text = newsletterMessages.success.description;
  return confirmationRequired ? `${text}\n${CONFIRM_FROM_INBOX}` : text;
}
