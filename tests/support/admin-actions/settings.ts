import type { AdminCall } from "./types";

/**
 * Every read and write of the Settings tab and its branding, footer and contact-info dialogs.
 * The payloads are valid: each would change the site if the admin check let it through.
 */

const externalLinks = {
  hiring_hub_app_url: "https://hiring.intruder.test",
  opshub_app_url: "https://ops.intruder.test",
  studio_app_url: "https://studio.intruder.test",
  omniconnect_app_url: "https://omni.intruder.test",
  demo_restaurant_url: "https://restaurant.intruder.test",
  demo_tax_url: "https://tax.intruder.test",
  demo_legal_url: "https://legal.intruder.test",
  booking_url: "https://book.intruder.test",
};

const hours = {
  monday: "Closed",
  tuesday: "Closed",
  wednesday: "Closed",
  thursday: "Closed",
  friday: "Closed",
  saturday: "Closed",
  sunday: "Closed",
};

export const calls: AdminCall[] = [
  { name: "open the Settings tab", method: "GET", path: "/admin/settings" },
  { name: "read the Settings tab's data", method: "GET", path: "/admin/settings.data" },
  {
    name: "read the values the branding, footer and contact dialogs edit",
    method: "GET",
    path: "/admin/settings/values",
  },
  {
    name: "save the site settings",
    method: "POST",
    path: "/admin/settings",
    form: {
      intent: "settings",
      siteName: "Intruder Inc",
      tagline: "Taken over",
      contactEmail: "intruder@intruder.test",
      contactPhone: "000",
      contactAddress: "Nowhere 1",
      ...externalLinks,
    },
  },
  {
    name: "save logo and branding",
    method: "POST",
    path: "/admin/settings",
    json: {
      intent: "branding",
      siteName: "Intruder Inc",
      logoUrl: "https://intruder.test/logo.png",
      tagline: "Taken over",
      primaryColor: "#ff0000",
      accentColor: "#00ff00",
      description: "A site that was taken over.",
    },
  },
  {
    name: "save the footer",
    method: "POST",
    path: "/admin/settings",
    json: {
      intent: "footer",
      description: "Taken over",
      copyright: "Intruder Inc.",
      email: "intruder@intruder.test",
      phone: "000",
      address: "Nowhere 1",
      links: [{ label: "Evil", url: "https://intruder.test", section: "support" }],
    },
  },
  {
    name: "save the contact information",
    method: "POST",
    path: "/admin/settings",
    json: {
      intent: "contact-info",
      email: "intruder@intruder.test",
      phone: "000",
      alternatePhone: "",
      address: "Nowhere 1",
      city: "Nowhere",
      state: "NW",
      zipCode: "00000",
      country: "Nowhere",
      businessHours: hours,
      socialMedia: {
        linkedin: "https://intruder.test/in",
        twitter: "",
        facebook: "",
        instagram: "",
        youtube: "",
      },
      website: "https://intruder.test",
      emergencyContact: "",
      supportEmail: "support@intruder.test",
      salesEmail: "sales@intruder.test",
    },
  },
  {
    name: "save the backup settings",
    method: "POST",
    path: "/admin/settings",
    form: { intent: "backups", daily: "off", kept: "1", offsite: "off", s3Prefix: "gone/" },
  },
  {
    name: "require two-factor sign-in for admins",
    method: "POST",
    path: "/admin/settings",
    form: { intent: "admin-two-factor", required: "on" },
  },
  { name: "read the backups panel", method: "GET", path: "/admin/settings/backups" },
  {
    name: "start a backup",
    method: "POST",
    path: "/admin/settings/backups",
    form: { intent: "backup-now" },
  },
  {
    name: "download a backup",
    method: "GET",
    path: "/admin/settings/backups/site-backup-2026-01-01T030000Z.tar.gz",
  },
];
