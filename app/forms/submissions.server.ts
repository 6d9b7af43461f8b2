import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { CLIENT_ADDRESS_HEADER } from "~/auth/auth.server";
import { getDb, isDatabaseUnavailable } from "~/db/client.server";
import { webIntegrations } from "~/db/schema.server";
import { getEnv } from "~/env.server";
import { enqueueLeadEvent } from "~/integrations/google-analytics.server";
import { botCheckSettingsFrom, verifyBotCheck } from "~/lib/bot-check.server";
import { rateLimitSubject } from "~/lib/client-address.server";
import { methodNotAllowed } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { consultationNotificationMail, contactNotificationMail } from "~/mail/form-mails.server";
import { getMailer, sendInBackground } from "~/mail/mailer.server";
import {
  contactMessageExists,
  createConsultationRequest,
  createContactMessage,
  submissionKeyFor,
} from "~/models/leads.server";
import { subscribeToNewsletter } from "~/models/newsletter.server";
import { getSettingsMap, settingOrDefault, siteNameFrom } from "~/models/site.server";
import { confirmationMail, welcomeMail } from "~/newsletter/mails.server";
import { newsletterMailto } from "~/newsletter/mailto";
import { newsletterSettingsFrom } from "~/newsletter/settings.server";
import { fieldErrors } from "~/schemas/auth";
import { ALREADY_SUBSCRIBED, formMessages } from "~/schemas/form-messages";
import {
  consultationSchema,
  contactSchema,
  type FormError,
  newsletterSchema,
} from "~/schemas/forms";
import { readFormPayload } from "./payload.server";

/** What a form endpoint answers: the JSON API sends it as is, page actions render it. */
export type SubmissionResult<T extends object = Record<string, unknown>> =
  | { ok: true; status: 200; body: T }
  | { ok: false; status: number; body: FormError; retryAfter?: number };

export type FormKind = "newsletter" | "consultation" | "contact";

/** Per client address and form; generous for people, tight for a script. */
const RATE_LIMIT = { windowSeconds: 10 * 60, max: 10 };

const TOO_MANY = "Too many submissions. Please wait a few minutes and try again.";
const SERVER_ERROR = "Something went wrong on our side. Please try again later.";
const UNAVAILABLE = "We cannot take submissions right now. Please try again in a few minutes.";
/** Seconds a client is asked to wait while the database is unreachable. */
const UNAVAILABLE_RETRY_AFTER = 30;

function clientAddress(request: Request) {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}

function refuse(status: number, body: FormError, retryAfter?: number): SubmissionResult<never> {
  return { ok: false, status, body, retryAfter };
}

function invalid(error: z.ZodError): SubmissionResult<never> {
  const errors = fieldErrors(error);
  const first = Object.values(errors)[0] ?? "Check the highlighted fields";
  return refuse(400, { error: first, fieldErrors: errors, code: "validation" });
}

/**
 * Runs one submission: per-address rate limit, then the handler. A failure of the database or
 * anything else is logged and answered with a 500 that carries no detail.
 */
async function guarded<T extends object>(
  kind: FormKind,
  request: Request,
  handle: () => Promise<SubmissionResult<T>>,
): Promise<SubmissionResult<T>> {
  try {
    const limit = await consumeRateLimit(
      getDb(),
      `form:${kind}:${rateLimitSubject(clientAddress(request))}`,
      RATE_LIMIT,
    );
    if (!limit.allowed) return refuse(429, { error: TOO_MANY }, limit.retryAfter ?? undefined);
    return await handle();
  } catch (error) {
    logger.error({ err: error, form: kind }, "form submission failed");
    // The database being away is a passing state the visitor can wait out, not our bug.
    if (isDatabaseUnavailable(error)) {
      return refuse(503, { error: UNAVAILABLE, code: "unavailable" }, UNAVAILABLE_RETRY_AFTER);
    }
    return refuse(500, { error: SERVER_ERROR });
  }
}

async function siteContext() {
  const settings = await getSettingsMap();
  return {
    siteName: siteNameFrom(settings),
    siteUrl: getEnv().SITE_URL,
    salesEmail: settingOrDefault(settings, "sales_email"),
    settings,
  };
}

/**
 * The welcome mail to a subscriber just made active (confirmed, or signed up while double opt-in
 * is off), when staff switched it on; in the background like every visitor mail.
 */
export async function sendWelcomeMail(
  email: string,
  unsubscribeToken: string,
  site?: Awaited<ReturnType<typeof siteContext>>,
) {
  const context = site ?? (await siteContext());
  const settings = newsletterSettingsFrom(context.settings);
  if (!settings.welcomeEnabled) return;
  sendInBackground(
    getMailer(),
    welcomeMail({
      to: email,
      siteUrl: context.siteUrl,
      unsubscribeToken,
      settings,
      mailto: newsletterMailto(context.settings),
    }),
  );
}

/** One confirmation mail per address in this window, however often it is entered. */
const CONFIRMATION_MAIL_LIMIT = { windowSeconds: 5 * 60, max: 1 };

function confirmationMailKey(email: string) {
  return `newsletter-confirm:${createHash("sha256").update(email).digest("base64url")}`;
}

/**
 * A sign-up from any newsletter form or API caller. With double opt-in on (the default) a new
 * address is stored pending and mailed its confirmation link (at most one mail per address every
 * few minutes, so the form cannot be turned on someone's inbox); off, it is active at once and
 * gets the welcome mail if staff switched it on. A suppressed address is answered exactly like a
 * new one, and nothing is stored or mailed.
 */
export function submitNewsletter(request: Request, values: unknown) {
  return guarded("newsletter", request, async () => {
    const parsed = newsletterSchema.safeParse(values);
    if (!parsed.success) return invalid(parsed.error);
    const { email, source } = parsed.data;
    const db = getDb();
    const site = await siteContext();
    const settings = newsletterSettingsFrom(site.settings);
    const result = await subscribeToNewsletter(db, email, {
      doubleOptIn: settings.doubleOptIn,
      source,
    });
    const { outcome } = result;
    if (outcome === "already-subscribed") {
      return refuse(409, { error: ALREADY_SUBSCRIBED, code: "already_subscribed" });
    }
    if ((outcome === "confirmation-needed" || outcome === "still-pending") && result.confirmToken) {
      // A new link (a new address, or one back from unsubscribed) always goes out: only its
      // owner can unsubscribe and start that again. Sending the same link again is limited, and
      // never within the window of its issue: the request that issued it mails it, and may not
      // have taken the limit's slot yet when the same address arrives again at that moment.
      const limit = await consumeRateLimit(db, confirmationMailKey(email), CONFIRMATION_MAIL_LIMIT);
      const issuedJustNow =
        result.pendingSince != null &&
        Date.now() - result.pendingSince.getTime() < CONFIRMATION_MAIL_LIMIT.windowSeconds * 1000;
      if (outcome === "confirmation-needed" || (limit.allowed && !issuedJustNow)) {
        sendInBackground(
          getMailer(),
          confirmationMail({ to: email, confirmToken: result.confirmToken, ...site }),
        );
      }
    }
    if (outcome === "subscribed" || outcome === "reactivated") {
      await sendWelcomeMail(email, result.unsubscribeToken, site);
    }
    if (
      outcome === "subscribed" ||
      outcome === "reactivated" ||
      outcome === "confirmation-needed"
    ) {
      await enqueueLeadEvent(db, request.headers, "newsletter");
    }
    // A pending or suppressed address gets the answer of a new one: nothing to tell apart.
    return {
      ok: true,
      status: 200,
      body: {
        message: formMessages.newsletter.success.description,
        status: outcome === "reactivated" ? "reactivated" : "subscribed",
        confirmationRequired: settings.doubleOptIn,
      },
    };
  });
}

/**
 * The booking page to open after a consultation request: the cal.com integration when it is
 * enabled with a username, otherwise the booking link stored in the settings.
 */
async function configuredBookingUrl(settings: Map<string, string>) {
  const [calCom] = await getDb()
    .select({ config: webIntegrations.config })
    .from(webIntegrations)
    .where(and(eq(webIntegrations.name, "cal_com"), eq(webIntegrations.enabled, true)));
  const username = String(calCom?.config.username ?? "").trim();
  if (/^[A-Za-z0-9._-]+$/.test(username)) {
    const slug = String(calCom?.config.eventTypeSlug ?? "").trim();
    const path = /^[A-Za-z0-9._-]+$/.test(slug) ? `${username}/${slug}` : username;
    return `https://cal.com/${path}`;
  }
  const stored = settings.get("booking_url")?.trim();
  return stored && /^https?:\/\//.test(stored) ? stored : undefined;
}

export function submitConsultation(request: Request, values: unknown) {
  return guarded("consultation", request, async () => {
    const parsed = consultationSchema.safeParse(values);
    if (!parsed.success) return invalid(parsed.error);
    const { submissionKey: clientKey, ...content } = parsed.data;
    const key = submissionKeyFor("consultation", clientKey, content);
    const { created } = await createConsultationRequest(getDb(), parsed.data, key);
    const site = await siteContext();
    if (created) {
      sendInBackground(
        getMailer(),
        consultationNotificationMail({
          to: site.salesEmail,
          siteUrl: site.siteUrl,
          request: parsed.data,
        }),
      );
      await enqueueLeadEvent(getDb(), request.headers, "consultation");
    }
    const bookingUrl = await configuredBookingUrl(site.settings);
    return {
      ok: true,
      status: 200,
      body: bookingUrl ? { success: true, bookingUrl } : { success: true },
    };
  });
}

export function submitContact(request: Request, values: unknown) {
  return guarded("contact", request, async () => {
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) return invalid(parsed.error);
    const { submissionKey: clientKey, botCheck, ...message } = parsed.data;
    const key = submissionKeyFor("contact", clientKey, message);
    const db = getDb();
    // A retry of a message already stored (its answer was lost) succeeds without a new check.
    if (await contactMessageExists(db, key)) {
      return { ok: true, status: 200, body: { success: true } };
    }
    const check = await verifyBotCheck(db, botCheckSettingsFrom(getEnv()), botCheck, {
      remoteIp: clientAddress(request),
      submissionKey: key,
    });
    if (!check.ok) {
      if (check.reason === "missing") {
        return refuse(400, {
          error: formMessages.contact.verificationRequired.description,
          code: "verification_required",
        });
      }
      if (check.reason === "unavailable") {
        return refuse(503, {
          error: "The security verification is unavailable right now. Please try again shortly.",
        });
      }
      return refuse(400, {
        error: formMessages.contact.verificationFailed.description,
        code: "verification_failed",
      });
    }
    const { created } = await createContactMessage(db, parsed.data, key);
    if (created) {
      const site = await siteContext();
      sendInBackground(
        getMailer(),
        contactNotificationMail({
          to: site.salesEmail,
          siteUrl: site.siteUrl,
          message: parsed.data,
        }),
      );
      await enqueueLeadEvent(db, request.headers, "contact");
    }
    return { ok: true, status: 200, body: { success: true } };
  });
}

/** The JSON answer of an API endpoint. */
export function submissionResponse(result: SubmissionResult) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (!result.ok && result.retryAfter) headers.set("Retry-After", String(result.retryAfter));
  return Response.json(result.body, { status: result.status, headers });
}

/** The action of a JSON form endpoint: read the body, run the submission, answer in JSON. */
export function jsonFormAction(
  submit: (request: Request, values: unknown) => Promise<SubmissionResult>,
) {
  return async ({ request }: { request: Request }) => {
    if (request.method !== "POST") return methodNotAllowed();
    const payload = await readFormPayload(request);
    if (!payload.ok) return submissionResponse(payload);
    return submissionResponse(await submit(request, payload.values));
  };
}
