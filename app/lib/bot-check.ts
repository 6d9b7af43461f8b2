/** What the browser needs to show the bot check: never a secret. */
export type BotCheckConfig =
  | { provider: "altcha"; challengeUrl: string }
  | { provider: "turnstile"; siteKey: string };
