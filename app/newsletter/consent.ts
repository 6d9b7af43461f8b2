/**
 * What a subscriber agreed to: the sentence every newsletter form shows under its button, and its
 * version, which each consent record (web_newsletter_consents) keeps. Change the wording, change
 * the version: the records then still say which text each person saw.
 */
export const SIGNUP_WORDING_VERSION = "2026-11-27";
export const SIGNUP_WORDING =
  "We'll e-mail you our newsletter a few times a month. Every mail has a link to unsubscribe.";

/**
 * The wording version of consents this site did not collect (an import from the old site, the
 * subscribers from before double opt-in): what they were shown is not known.
 */
export const UNRECORDED_WORDING_VERSION = "unrecorded";

/** Where a consent was given: the sign-up's form, another caller of the API, or an import. */
export const signupSources = ["footer", "page", "api"] as const;
export type SignupSource = (typeof signupSources)[number];
export type ConsentSource = SignupSource | "import" | "before-double-opt-in";

const sourceLabels: Record<ConsentSource, string> = {
  footer: "Footer form",
  page: "Form on a page",
  api: "API",
  import: "Import",
  "before-double-opt-in": "Subscribed before double opt-in",
};

export function consentSourceLabel(source: string) {
  return sourceLabels[source as ConsentSource] ?? source;
}

/** One line about a consent record, as the admin shows it. */
export function consentSummary(record: { source: string; confirmed: boolean }) {
  if (record.source === "before-double-opt-in") return "Confirmed before double opt-in";
  if (record.source === "import") return "Imported";
  return record.confirmed ? "Confirmed by the link in the mail" : "Signed up (not confirmed)";
}
