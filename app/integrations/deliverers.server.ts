import type { Env } from "~/env.server";
import type { Deliverer, Fallback } from "~/jobs/outbox.server";
import { directMailer } from "~/mail/site-mailer.server";
import { CLOUDFLARE, cloudflareDeliverer } from "./cloudflare.server";
import { GOOGLE_ANALYTICS, googleAnalyticsDeliverer } from "./google-analytics.server";
import { createSendgridDeliverer, createSendgridFallback, SENDGRID } from "./sendgrid.server";
import { TWILIO, twilioDeliverer } from "./twilio.server";
import { deliverToZapier, ZAPIER } from "./zapier.server";

/**
 * The outbox's targets: for each integration that sends from the outbox, the deliverer of its
 * rows and, where a message must not be lost when the vendor fails for good, its fallback.
 */
export function outboxTargets(env: Env): {
  targets: Record<string, Deliverer>;
  fallbacks: Record<string, Fallback>;
} {
  return {
    targets: {
      [ZAPIER]: deliverToZapier,
      [SENDGRID]: createSendgridDeliverer(env),
      [TWILIO]: twilioDeliverer(env),
      [CLOUDFLARE]: cloudflareDeliverer(env),
      [GOOGLE_ANALYTICS]: googleAnalyticsDeliverer(env),
    },
    fallbacks: { [SENDGRID]: createSendgridFallback(directMailer) },
  };
}
