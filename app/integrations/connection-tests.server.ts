import type { IntegrationName } from "~/content/site-defaults";
import { testChatwoot } from "./chatwoot.server";
import { testCloudflare } from "./cloudflare.server";
import type { ConnectionTest } from "./connection-test.server";
import { testGoogleAnalytics } from "./google-analytics.server";
import { testOpenAi } from "./openai.server";
import { testSendgrid } from "./sendgrid.server";
import { testTwilio } from "./twilio.server";
import { testZapier } from "./zapier.server";

/** The integrations that have Test connection, each with its call. */
export const connectionTests: Partial<Record<IntegrationName, ConnectionTest>> = {
  chatwoot: testChatwoot,
  cloudflare: testCloudflare,
  google_analytics: testGoogleAnalytics,
  openai: testOpenAi,
  sendgrid: testSendgrid,
  twilio: testTwilio,
  zapier: testZapier,
};
