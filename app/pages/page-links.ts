import { type FooterSection, footerSections } from "~/content/footer";
import { footerLinkSchema } from "~/schemas/admin/settings";
import { recordIdField } from "~/schemas/record-id";
import { z } from "~/schemas/zod";

/**
 * A page in the site's navigation menu and footer, from the Pages tab's list: the intents, their
 * forms and how a link is known to lead to a page. Browser-safe; the server's half is
 * page-links.server.ts, which saves through the Content tab's own menu and footer code.
 */

export const pageLinkIntents = [
  "add-to-navigation",
  "remove-from-navigation",
  "add-to-footer",
  "remove-from-footer",
] as const;
export type PageLinkIntent = (typeof pageLinkIntents)[number];

export function isPageLinkIntent(value: unknown): value is PageLinkIntent {
  return typeof value === "string" && (pageLinkIntents as readonly string[]).includes(value);
}

/** The footer intents save a settings editor: an admin's, as on the Content tab. */
export const isFooterIntent = (intent: PageLinkIntent) => intent.endsWith("-footer");

const pageId = recordIdField("Choose a page.");

export const pageLinkSchema = z.object({ id: pageId });

/** "Add to footer": the column it goes in and its label (the page's title to start with). */
export const pageFooterLinkSchema = z.object({
  id: pageId,
  label: footerLinkSchema.shape.label,
  section: z.enum(footerSections, { message: "Choose a section" }),
});
export type PageFooterLinkInput = z.input<typeof pageFooterLinkSchema>;

export const NOT_PUBLISHED_FOR_LINKS =
  "Only a published page can be added to the navigation or the footer. Publish it first.";
export const FOOTER_FOR_ADMINS = "Changing the footer is for admins.";

/** Where the navigation menu and the footer link now, as the Pages tab's list reads them. */
export interface SiteMenus {
  navigation: string[];
  footer: { url: string; section: FooterSection }[];
}

/** Whether `url` (a menu or footer link) leads to the page at `path`: a query or #anchor aside. */
export function linksTo(url: string, path: string) {
  const bare = url.trim().replace(/[?#].*$/, "");
  const norm = (value: string) => (value.length > 1 ? value.replace(/\/+$/, "") : value);
  return bare.startsWith("/") && norm(bare).toLowerCase() === norm(path).toLowerCase();
}

export interface PageLinkState {
  inNavigation: boolean;
  /** The footer sections that link to the page, in the footer's order. */
  footerSections: FooterSection[];
}

export function pageLinkStateOf(menus: SiteMenus, path: string): PageLinkState {
  return {
    inNavigation: menus.navigation.some((url) => linksTo(url, path)),
    footerSections: [
      ...new Set(menus.footer.filter((link) => linksTo(link.url, path)).map((l) => l.section)),
    ],
  };
}
