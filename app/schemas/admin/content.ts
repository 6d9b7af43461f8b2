import { serviceIcons } from "~/content/site-defaults";
import { isSafeLink } from "~/schemas/admin/links";
import { recordIdField } from "~/schemas/record-id";
import { optionalText, requiredText } from "~/schemas/text";
import { z } from "~/schemas/zod";

/**
 * The Content tab's forms (hero, main-page statistics, navigation menu, services): one schema
 * each, checked in the browser before sending and again by the route's action.
 */

export const LINK_MAX_LENGTH = 500;

export const LINK_RULE =
  "Use a site path (/about, /#services), an anchor (#contact) or an http(s) address";

function link(requiredMessage?: string) {
  const base = z.preprocess(
    (value) => (value == null ? "" : value),
    z
      .string({ message: "The URL must be text" })
      .trim()
      .max(LINK_MAX_LENGTH, `The URL must be at most ${LINK_MAX_LENGTH} characters`),
  );
  return base.refine((value) => (value === "" ? !requiredMessage : isSafeLink(value)), {
    error: (issue) => (issue.input === "" && requiredMessage ? requiredMessage : LINK_RULE),
  });
}

// Hero ------------------------------------------------------------------------------------------

export const HERO_TITLE_MAX = 120;
export const HERO_SUBTITLE_MAX = 400;
export const HERO_CTA_MAX = 40;

/** An empty field is allowed: the home page then shows the built-in default. */
export const heroSchema = z.object({
  heroTitle: optionalText(HERO_TITLE_MAX, "The main title"),
  heroSubtitle: optionalText(HERO_SUBTITLE_MAX, "The subtitle"),
  heroCtaText: optionalText(HERO_CTA_MAX, "The call-to-action text"),
});
export type HeroInput = z.infer<typeof heroSchema>;

// Statistics ------------------------------------------------------------------------------------

const displayOrder = z.preprocess(
  (value) => {
    if (value == null) return 0;
    if (typeof value === "string") return value.trim() === "" ? 0 : Number(value.trim());
    return value;
  },
  z
    .number({ message: "The display order must be a whole number" })
    .int("The display order must be a whole number")
    .min(-9999, "The display order must be between -9999 and 9999")
    .max(9999, "The display order must be between -9999 and 9999"),
);

const recordId = recordIdField("Unknown item");

const statFields = {
  statValue: requiredText(40, "The value", "Enter a value, such as 500+"),
  statLabel: requiredText(80, "The label", "Enter a label"),
  displayOrder,
};

export const statCreateSchema = z.object({
  statKey: requiredText(60, "The key", "Enter a key").pipe(
    z
      .string()
      .regex(/^[a-z0-9_]+$/, "Use lower-case letters, digits and underscores (client_count)"),
  ),
  ...statFields,
});
export type StatCreateInput = z.infer<typeof statCreateSchema>;

/** The key is read-only on edit: it is not part of an update. */
export const statUpdateSchema = z.object({ id: recordId, ...statFields });
export type StatUpdateInput = z.infer<typeof statUpdateSchema>;

export const statDeleteSchema = z.object({ id: recordId });

export const DUPLICATE_STAT_KEY = "A statistic with this key already exists";

// Navigation menu -------------------------------------------------------------------------------

export const NAV_ITEMS_MAX = 20;

export const navItemSchema = z.object({
  label: requiredText(40, "The label", "Enter a label"),
  url: link("Enter a URL"),
});
export type NavItemInput = z.infer<typeof navItemSchema>;

export const navMenuSchema = z.object({
  items: z
    .array(navItemSchema, { message: "The menu items are missing" })
    .min(1, "Keep at least one menu item")
    .max(NAV_ITEMS_MAX, `The menu holds at most ${NAV_ITEMS_MAX} items`),
});

// Services --------------------------------------------------------------------------------------

export const SERVICES_MAX = 24;

const featured = z.preprocess(
  (value) => value === true || value === "true" || value === "on",
  z.boolean(),
);

export const serviceSchema = z.object({
  title: requiredText(80, "The title", "Enter a title"),
  description: requiredText(400, "The description", "Enter a description"),
  icon: z.enum(serviceIcons, { message: "Choose one of the listed icons" }),
  link: link(),
  featured,
});
export type ServiceInput = z.infer<typeof serviceSchema>;

export const servicesSchema = z.object({
  items: z
    .array(serviceSchema, { message: "The services are missing" })
    .min(1, "Keep at least one service")
    .max(SERVICES_MAX, `At most ${SERVICES_MAX} services`),
});
