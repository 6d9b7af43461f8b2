import { signupSources } from "~/newsletter/consent";
import { COMMENTS_MAX_LENGTH, EMAILS_DIFFER, formMessages } from "./form-messages";
import { optionalText, requiredText } from "./text";
import { z } from "./zod";

/**
 * The visitor forms (newsletter, consultation, contact): one schema each, used by the browser
 * before it sends and by the server on every request, JSON or form post.
 */

export const serviceTypes = [
  "AI Implementation Strategy",
  "Chatbot Development",
  "Voice AI Integration",
  "Process Automation",
  "Web Development",
  "Marketing Automation",
  "General Consultation",
] as const;

export const preferredTimes = [
  "Morning (9AM - 12PM)",
  "Afternoon (12PM - 5PM)",
  "Evening (5PM - 8PM)",
  "Flexible",
] as const;

/** One of the listed options, or nothing chosen. */
function optionalChoice<const T extends readonly [string, ...string[]]>(options: T, label: string) {
  return z.preprocess(
    (value) => (value == null ? "" : value),
    z.union([z.literal(""), z.enum(options)], { message: `Choose a valid ${label}` }),
  );
}

/**
 * A client-chosen key that makes a resubmission of the same form (double click, retry after a
 * lost answer) store nothing new.
 */
const submissionKey = z.preprocess(
  (value) => (value === "" || value == null ? undefined : value),
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,100}$/, "Invalid submission key")
    .optional(),
);

const emailAddress = (requiredMessage: string, invalidMessage: string) =>
  z.preprocess(
    (value) => (value == null ? "" : value),
    z
      .string({ message: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(254, "Email must be at most 254 characters")
      .pipe(z.email({ message: invalidMessage }))
      .transform((value) => value.toLowerCase()),
  );

export const newsletterSchema = z.object({
  email: emailAddress(
    formMessages.newsletter.invalid.description,
    formMessages.newsletter.invalid.description,
  ),
  /** Where the form was (the consent record keeps it): the footer, a page, or another caller. */
  source: z.preprocess(
    (value) => (value === "" || value == null ? undefined : value),
    z.enum(signupSources, { message: "Unknown sign-up source" }).default("api"),
  ),
});

export const consultationSchema = z.object({
  name: requiredText(200, "Name", "Name is required"),
  email: emailAddress("Email is required", "Enter a valid email address"),
  phone: optionalText(50, "Phone"),
  company: optionalText(200, "Company"),
  serviceType: optionalChoice(serviceTypes, "service"),
  message: optionalText(5000, "Message"),
  preferredTime: optionalChoice(preferredTimes, "preferred time"),
  submissionKey,
});

/** The contact form's checkbox: `true` in JSON, "on" from a form post. */
const consent = z.preprocess(
  (value) => value === true || value === "on" || value === "true",
  z.literal(true, { message: "You must agree to the terms" }),
);

/** Both addresses as compared (case and surrounding spaces ignored), once both are typed. */
function typedEmailPair(value: unknown) {
  const { email, confirmEmail } = (value ?? {}) as Record<string, unknown>;
  if (typeof email !== "string" || typeof confirmEmail !== "string") return null;
  const pair = [email.trim().toLowerCase(), confirmEmail.trim().toLowerCase()] as const;
  return pair[0] && pair[1] ? pair : null;
}

/** The spec's "simple x@y pattern". */
const SIMPLE_EMAIL = /^[^\s@\0]+@[^\s@\0]+\.[^\s@\0]+$/;

export const contactSchema = z
  .object({
    firstName: requiredText(100, "First name", "First name is required"),
    lastName: requiredText(100, "Last name", "Last name is required"),
    email: z.preprocess(
      (value) => (value == null ? "" : value),
      z
        .string({ message: "Email is required" })
        .trim()
        .min(1, "Email is required")
        .max(254, "Email must be at most 254 characters")
        .regex(SIMPLE_EMAIL, "Invalid email address"),
    ),
    confirmEmail: z.preprocess(
      (value) => (value == null ? "" : value),
      z
        .string({ message: "Please confirm your email" })
        .trim()
        .min(1, "Please confirm your email")
        .max(254, "Email must be at most 254 characters"),
    ),
    phone: optionalText(50, "Phone"),
    comments: requiredText(COMMENTS_MAX_LENGTH, "Comments", "Comments are required"),
    consent,
    botCheck: optionalText(20_000, "Security verification"),
    submissionKey,
  })
  .refine(
    (value) => {
      const pair = typedEmailPair(value);
      return pair === null || pair[0] === pair[1];
    },
    {
      path: ["confirmEmail"],
      message: EMAILS_DIFFER,
      // Also checked while other fields are still wrong, so every message shows at once.
      when: (payload) => typedEmailPair(payload.value) !== null,
    },
  );

export type NewsletterInput = z.output<typeof newsletterSchema>;
export type ConsultationInput = z.output<typeof consultationSchema>;
export type ContactInput = z.output<typeof contactSchema>;

export type { FormError } from "./form-messages";
