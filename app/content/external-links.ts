/**
 * Outbound addresses (product apps, demo sites, booking page). Settings with these defaults;
 * the admin can change them (DESIGN 5.9).
 */
export const externalLinkDefaults = {
  hiring_hub_app_url: "https://hiringhub.aisolutions.example",
  opshub_app_url: "https://opshub.aisolutions.example",
  studio_app_url: "https://studio.aisolutions.example",
  omniconnect_app_url: "https://omniconnect.aisolutions.example",
  demo_restaurant_url: "https://demo-restaurant.aisolutions.example",
  demo_tax_url: "https://demo-tax.aisolutions.example",
  demo_legal_url: "https://demo-legal.aisolutions.example",
  booking_url: "https://cal.com/aisolutions/consultation",
} as const;

export type ExternalLinkKey = keyof typeof externalLinkDefaults;
export type ExternalLinks = Record<ExternalLinkKey, string>;

export const externalLinkLabels: Record<ExternalLinkKey, string> = {
  hiring_hub_app_url: "Hiring Hub app",
  opshub_app_url: "OpsHub app",
  studio_app_url: "Studio app",
  omniconnect_app_url: "OmniConnect Hub app",
  demo_restaurant_url: "Restaurant demo site",
  demo_tax_url: "Tax and financial demo site",
  demo_legal_url: "Legal demo site",
  booking_url: "Booking page",
};

/** Stored values win when non-empty. */
export function resolveExternalLinks(settings: Map<string, string>): ExternalLinks {
  const links = { ...externalLinkDefaults } as ExternalLinks;
  for (const key of Object.keys(externalLinkDefaults) as ExternalLinkKey[]) {
    const stored = settings.get(key)?.trim();
    if (stored) links[key] = stored;
  }
  return links;
}
