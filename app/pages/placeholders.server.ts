import { defaultSiteName, settingOrDefault } from "~/content/site-defaults";

/**
 * The company's name and contact details as the pages print them (a legal document's contact
 * card, the contact page): stored settings when not empty, else the built-in defaults.
 */

/** Who the pages speak for and how to reach them. */
export interface CompanyDetails {
  name: string;
  email: string;
  phone: string;
  address: string;
}

/** The name and contact details the pages print: stored settings when non-empty, else defaults. */
export function companyDetailsFrom(settings: Map<string, string>): CompanyDetails {
  return {
    name: settings.get("site_name")?.trim() || defaultSiteName,
    email: settingOrDefault(settings, "contact_email"),
    phone: settingOrDefault(settings, "contact_phone"),
    address: settingOrDefault(settings, "contact_address"),
  };
}
