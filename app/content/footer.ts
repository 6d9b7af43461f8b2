import { type ExternalLinkKey, type ExternalLinks, resolveExternalLinks } from "./external-links";
import { defaultServices, settingOrDefault } from "./site-defaults";

export type FooterLink = {
  name: string;
  href: string;
  external?: boolean;
  /**
   * Set by the footer editor on a link to a product app, demo or booking page: the external-link
   * setting it follows, so changing that address on the Settings tab changes the footer too.
   */
  setting?: ExternalLinkKey;
};
export type FooterLinkGroups = Record<string, FooterLink[]>;

export interface FooterContent {
  description: string;
  email: string;
  phone: string;
  address: string;
  copyright: string;
  /** Link columns (Products, Services, Company, and any the admin added, such as Support). */
  groups: FooterLinkGroups;
  /** The bottom bar's links: the stored "Legal" group, else the four legal pages. */
  legal: FooterLink[];
}

/** The sections of the footer link editor and the group each one is stored under. */
export const footerSections = ["products", "company", "support", "legal"] as const;
export type FooterSection = (typeof footerSections)[number];
export const footerSectionGroups: Record<FooterSection, string> = {
  products: "Products",
  company: "Company",
  support: "Support",
  legal: "Legal",
};

export const defaultLegalLinks: FooterLink[] = [
  { name: "Privacy Policy", href: "/privacy-policy" },
  { name: "Terms of Service", href: "/terms-of-service" },
  { name: "Cookie Policy", href: "/cookie-policy" },
  { name: "Data Deletion", href: "/data-deletion" },
];

/** A footer link as the admin's editor shows it. */
export interface EditableFooterLink {
  label: string;
  url: string;
  section: FooterSection;
}

function isExternalHref(href: string) {
  return /^https?:\/\//i.test(href);
}

/** The links of the editable sections as the public footer shows them now, in order. */
export function editableFooterLinks(footer: FooterContent): EditableFooterLink[] {
  return footerSections.flatMap((section) => {
    const links =
      section === "legal" ? footer.legal : (footer.groups[footerSectionGroups[section]] ?? []);
    return links.map((link) => ({ label: link.name, url: link.href, section }));
  });
}

/**
 * The footer_links value for an edited list: every editable section is written, an emptied one as
 * an empty list, so a removed default link stays removed.
 */
export function footerLinkGroupsFrom(
  links: EditableFooterLink[],
  externalLinks?: ExternalLinks,
): FooterLinkGroups {
  const settingOf = (url: string) =>
    externalLinks
      ? (Object.keys(externalLinks) as ExternalLinkKey[]).find((key) => externalLinks[key] === url)
      : undefined;
  const groups: FooterLinkGroups = {};
  for (const section of footerSections) {
    groups[footerSectionGroups[section]] = links
      .filter((link) => link.section === section)
      .map((link) => {
        if (!isExternalHref(link.url)) return { name: link.label, href: link.url };
        const setting = settingOf(link.url);
        return setting
          ? { name: link.label, href: link.url, external: true, setting }
          : { name: link.label, href: link.url, external: true };
      });
  }
  return groups;
}

export const FOOTER_KEYS = [
  "footer_description",
  "contact_email",
  "contact_phone",
  "contact_address",
  "footer_copyright",
  "footer_links",
] as const;

/** The built-in link groups; two of the product links go to the external product apps. */
export function defaultFooterLinks(apps: { hiringHub: string; opsHub: string }): FooterLinkGroups {
  return {
    Products: [
      { name: "OmniConnect Hub", href: "/products/omniconnect-hub" },
      { name: "Hiring Hub", href: apps.hiringHub, external: true },
      { name: "OpsHub", href: apps.opsHub, external: true },
    ],
    Services: defaultServices.map((s) => ({ name: s.title, href: s.link })),
    Company: [
      { name: "About", href: "/about" },
      { name: "Blog", href: "/blog" },
      { name: "Contact", href: "/contact" },
    ],
  };
}

function isLinkList(value: unknown): value is FooterLink[] {
  return (
    Array.isArray(value) &&
    value.every(
      (l) =>
        l !== null &&
        typeof l === "object" &&
        typeof (l as FooterLink).name === "string" &&
        typeof (l as FooterLink).href === "string",
    )
  );
}

/**
 * The spec's rules: start from built-in defaults; a stored setting replaces its default only when
 * non-empty; stored footer links merge over the default groups only when they parse to an object.
 * `onProblem` hears about unreadable stored links (the caller logs; defaults carry on).
 */
export function buildFooter(
  settings: Map<string, string>,
  apps: { hiringHub: string; opsHub: string },
  onProblem: (message: string) => void = () => {},
): FooterContent {
  const pick = (key: string) => settingOrDefault(settings, key);
  const groups: FooterLinkGroups = { ...defaultFooterLinks(apps), Legal: defaultLegalLinks };
  const stored = settings.get("footer_links")?.trim();
  if (stored) {
    try {
      const parsed: unknown = JSON.parse(stored);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
        for (const [group, links] of Object.entries(parsed)) {
          if (isLinkList(links)) groups[group] = links;
          else onProblem(`footer_links group "${group}" is not a list of links; ignored`);
        }
      } else {
        onProblem("footer_links is not a JSON object; the default links are shown");
      }
    } catch {
      onProblem("footer_links is not valid JSON; the default links are shown");
    }
  }
  // Links that follow an external-link setting show its current address.
  const external = resolveExternalLinks(settings);
  for (const [group, links] of Object.entries(groups)) {
    groups[group] = links.map((link) =>
      link.setting && link.setting in external
        ? { ...link, href: external[link.setting], external: true }
        : link,
    );
  }
  const { Legal: legal = defaultLegalLinks, ...columns } = groups;
  return {
    description: pick("footer_description"),
    email: pick("contact_email"),
    phone: pick("contact_phone"),
    address: pick("contact_address"),
    copyright: pick("footer_copyright"),
    groups: columns,
    legal,
  };
}
