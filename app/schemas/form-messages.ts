import type { FieldErrors } from "./auth";
import { newsletterMessages } from "./newsletter-messages";

/**
 * The visitor forms' texts. A module of its own, without zod, so that the footer on every page
 * can show them without loading the schemas.
 */

/** Texts the spec fixes word for word. */
export const formMessages = {
  newsletter: newsletterMessages,
  consultation: {
    success: {
      title: "Consultation Request Submitted",
      description: "We'll contact you shortly to confirm your consultation appointment.",
    },
    failed: {
      title: "Error",
      description: "Failed to schedule consultation. Please try again or contact us directly.",
    },
  },
  contact: {
    success: {
      title: "Message Sent",
      description: "Thank you for your message. We'll get back to you soon!",
    },
    verificationRequired: {
      title: "Verification Required",
      description: "Please complete the security verification.",
    },
    verificationFailed: {
      title: "Verification Failed",
      description: "The security check could not be confirmed. Please complete it again.",
    },
    mismatch: { title: "Email Mismatch", description: "Email addresses do not match." },
    failed: {
      title: "Error",
      description: "Failed to send your message. Please try again or email us directly.",
    },
  },
} as const;

/** The server's answer to a repeat subscription; the browser keys its toast on it. */
export const ALREADY_SUBSCRIBED = "Email already subscribed";

/**
 * The longest comment the contact form takes. Here rather than beside the schema, so that the
 * form's character counter comes without zod.
 */
export const COMMENTS_MAX_LENGTH = 600;

/** The contact form's message when the two addresses differ; the browser adds a toast for it. */
export const EMAILS_DIFFER = "Emails do not match";

/** The toast for a refused subscription, chosen from the server's answer. */
export function newsletterFailure(
  body: Partial<Pick<FormError, "error" | "code">> | null | undefined,
) {
  const texts = formMessages.newsletter;
  if (body?.error === ALREADY_SUBSCRIBED) return texts.already;
  if (body?.code === "validation") return texts.invalid;
  return texts.failed;
}

/** What every form endpoint answers when it refuses a request. */
export interface FormError {
  error: string;
  fieldErrors?: FieldErrors;
  /** Machine-readable reason for the browser's choice of toast. */
  code?:
    | "validation"
    | "already_subscribed"
    | "verification_required"
    | "verification_failed"
    | "unavailable";
}
