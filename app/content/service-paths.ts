/** The six service pages, at the paths the home page's service cards derive from their titles. */
export const servicePages = [
  "chatbot-agents-omnichannel",
  "voice-driven-ai-agents",
  "process-automation",
  "web-design--development",
  "marketing-automation",
  "consulting-services",
] as const;

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

/**
 * What staff call the one page of that list a route still draws (the blog), for the link picker;
 * every other one is a page row with a title of its own, listed while published.
 */
export const publicPageTitles: Partial<Record<(typeof publicPagePaths)[number], string>> = {
  "/blog": "Blog",
};
