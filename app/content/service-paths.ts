/** The six service pages, at the paths the home page's service cards derive from their titles. */
export const servicePages = [
  "chatbot-agents-omnichannel",
  "voice-driven-ai-agents",
  "process-automation",
  "web-design--development",
  "marketing-automation",
  "consulting-services",
] as const;
export type ServicePage = (typeof servicePages)[number];

/** Every public page, for the sitemap and the tests. */
export const publicPagePaths = [
  "/",
  ...servicePages.map((p) => `/${p}`),
  "/schedule-consultation",
  "/products/hiring-hub",
  "/products/opshub",
  "/products/studio",
  "/products/omniconnect-hub",
  "/demos",
  "/about",
  "/contact",
  "/blog",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/data-deletion",
] as const;
