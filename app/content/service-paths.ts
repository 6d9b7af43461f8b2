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
 * What staff call those of the pages a route still draws, for the link picker's list. The others
 * are page rows with titles of their own, listed (while published) as every page is; the rest
 * follow as they become rows (issue 30, docs/pages-migration.md).
 */
export const publicPageTitles: Partial<Record<(typeof publicPagePaths)[number], string>> = {
  "/": "Home",
  "/blog": "Blog",
};
