/**
 * The not-found page's head: never indexed. A module of its own: the catch-all page's head needs
 * it on every page, its view (not-found.tsx) only an address no page answers.
 */
export const notFoundMeta = [
  { title: "Page not found | AI Solutions" },
  { name: "robots", content: "noindex" },
];
