import { z } from "~/schemas/zod";

/**
 * The newsletter's settings as staff edit them in the Newsletter tab (the browser's form checks
 * with this schema before it sends; the server checks again). settings.server.ts reads and
 * stores them.
 */

export const DEFAULT_WELCOME_SUBJECT = "Welcome to our newsletter";
export const DEFAULT_WELCOME_BODY = [
  "Thank you for subscribing to our newsletter.",
  "",
  "You'll hear from us about new AI agents, automation ideas and what our clients achieve with them. No spam, and never more than a few mails a month.",
].join("\n");

export const WELCOME_SUBJECT_MAX = 200;
export const WELCOME_BODY_MAX = 5000;

export interface NewsletterSettings {
  /** A new address must follow the link in a confirmation mail before it gets any newsletter. */
  doubleOptIn: boolean;
  /** A welcome mail once an address is confirmed (or at once while double opt-in is off). */
  welcomeEnabled: boolean;
  welcomeSubject: string;
  /** Plain text; the unsubscribe link is added under it by the code. */
  welcomeBody: string;
  /** How many campaign mails leave a second, across all processes; 0: as fast as they go. */
  ratePerSecond: number;
  /** How many campaign mails leave a day (UTC) at most; 0: no limit. */
  dailyCap: number;
}

export const newsletterSettingsDefaults: NewsletterSettings = {
  doubleOptIn: true,
  welcomeEnabled: false,
  welcomeSubject: DEFAULT_WELCOME_SUBJECT,
  welcomeBody: DEFAULT_WELCOME_BODY,
  ratePerSecond: 10,
  dailyCap: 0,
};

export const RATE_PER_SECOND_MAX = 1000;
export const DAILY_CAP_MAX = 10_000_000;

/** A checkbox of a form post ("on" or missing) or a stored "true"/"false". */
const checkbox = z.preprocess(
  (value) => value === true || value === "on" || value === "true",
  z.boolean(),
);

export const welcomeSubjectField = z
  .string({ message: "Enter the welcome mail's subject" })
  .trim()
  .min(1, "Enter the welcome mail's subject")
  .max(WELCOME_SUBJECT_MAX, `The subject can be at most ${WELCOME_SUBJECT_MAX} characters`)
  .regex(/^[^\r\n]*$/, "The subject must be one line");

export const welcomeBodyField = z
  .string({ message: "Enter the welcome mail's text" })
  .transform((value) => value.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .min(1, "Enter the welcome mail's text")
      .max(WELCOME_BODY_MAX, `The text can be at most ${WELCOME_BODY_MAX} characters`)
      // PostgreSQL text cannot hold a NUL.
      .regex(/^[^\0]*$/, "The text contains a character that cannot be stored"),
  );

/**
 * A whole number from 0 to `max`, typed in a form field (text) or stored as text; left out of a
 * post (a form from before the field), it is `fallback`.
 */
const wholeNumber = (max: number, fallback: number, message: string) =>
  z.preprocess(
    (value) => {
      if (value === undefined) return fallback;
      return typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    },
    z.number({ message }).int(message).min(0, message).max(max, message),
  );

export const ratePerSecondField = wholeNumber(
  RATE_PER_SECOND_MAX,
  newsletterSettingsDefaults.ratePerSecond,
  `Enter how many mails a second, from 0 (no limit) to ${RATE_PER_SECOND_MAX}`,
);
export const dailyCapField = wholeNumber(
  DAILY_CAP_MAX,
  newsletterSettingsDefaults.dailyCap,
  `Enter how many mails a day, from 0 (no limit) to ${DAILY_CAP_MAX.toLocaleString("en-US")}`,
);

export const newsletterSettingsSchema = z.object({
  doubleOptIn: checkbox,
  welcomeEnabled: checkbox,
  welcomeSubject: welcomeSubjectField,
  welcomeBody: welcomeBodyField,
  ratePerSecond: ratePerSecondField,
  dailyCap: dailyCapField,
});
export type NewsletterSettingsInput = z.input<typeof newsletterSettingsSchema>;
