/** Where the link picker gets the site's published pages and posts (app/routes/admin/link-targets.ts). */
export const LINK_TARGETS_URL = "/admin/pages/link-targets";

export interface LinkTarget {
  kind: "page" | "post";
  title: string;
  /** The site-relative address to link to: "/about", "/blog/a-post". */
  address: string;
}

export type LinkTargetsAnswer = { ok: true; targets: LinkTarget[] } | { ok: false; error: string };
