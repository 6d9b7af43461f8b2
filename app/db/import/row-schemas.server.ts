import { z } from "~/schemas/zod";
import type { ImportTable } from "./report.server";

/** Field rules shared by the tables, and each table's row schema and required columns. */

const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** PostgreSQL's text form (`2024-03-01 09:00:00.123456+00`) or ISO 8601; no zone means UTC. */
export function parseTimestamp(value: string): Date | null {
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return null;
  const [, day, time, zone] = match;
  let offset = "Z";
  if (zone && zone.toUpperCase() !== "Z") {
    const digits = zone.replace(":", "");
    offset = `${digits.slice(0, 3)}:${digits.slice(3, 5) || "00"}`;
  }
  const date = new Date(`${day}T${time}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const text = z.string().nullable();
const requiredText = (label: string) =>
  z
    .string({ message: `${label} is missing` })
    .trim()
    .min(1, `${label} is missing`);
const timestamp = (label: string) =>
  z
    .string()
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value.trim() === "") return null;
      const date = parseTimestamp(value);
      if (!date) {
        ctx.addIssue({ code: "custom", message: `${label} "${value}" is not a timestamp` });
        return z.NEVER;
      }
      return date;
    });
const wholeNumber = (label: string, fallback: number | null) =>
  z
    .string()
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value.trim() === "") return fallback;
      const trimmed = value.trim();
      if (!/^-?\d+$/.test(trimmed) || !Number.isSafeInteger(Number(trimmed))) {
        ctx.addIssue({ code: "custom", message: `${label} "${value}" is not a whole number` });
        return z.NEVER;
      }
      return Number(trimmed);
    });
const boolean = (label: string) =>
  z
    .string()
    .nullable()
    .transform((value, ctx) => {
      const v = (value ?? "").trim().toLowerCase();
      if (v === "true" || v === "t") return true;
      if (v === "false" || v === "f" || v === "") return false;
      ctx.addIssue({ code: "custom", message: `${label} "${value}" is not true or false` });
      return z.NEVER;
    });
const choice = <const T extends readonly [string, ...string[]]>(
  label: string,
  options: T,
  fallback: T[number],
) =>
  z
    .string()
    .nullable()
    .transform((value, ctx) => {
      const v = (value ?? "").trim().toLowerCase();
      if (v === "") return fallback;
      if ((options as readonly string[]).includes(v)) return v as T[number];
      ctx.addIssue({
        code: "custom",
        message: `${label} "${value}" is not one of ${options.join(", ")}`,
      });
      return z.NEVER;
    });
const jsonText = (label: string) =>
  z
    .string()
    .nullable()
    .transform((value, ctx): unknown => {
      if (value === null || value.trim() === "") return null;
      try {
        return JSON.parse(value);
      } catch {
        ctx.addIssue({ code: "custom", message: `${label} is not valid JSON` });
        return z.NEVER;
      }
    });

export const rowSchemas = {
  web_categories: z.object({
    id: wholeNumber("id", null),
    name: requiredText("name"),
    slug: text,
    description: text,
  }),
  web_posts: z.object({
    id: wholeNumber("id", null),
    title: requiredText("title"),
    content: text,
    excerpt: text,
    slug: text,
    status: choice("status", ["draft", "published", "archived"], "draft"),
    category_id: wholeNumber("category_id", null),
    published_at: timestamp("published_at"),
    featured_image_url: text,
    meta_title: text,
    meta_description: text,
    created_at: timestamp("created_at"),
    view_count: wholeNumber("view_count", 0).refine((n) => n === null || n >= 0, {
      message: "view_count is negative",
    }),
  }),
  web_settings: z.object({
    key: requiredText("key"),
    value: text,
    description: text,
  }),
  web_integrations: z.object({
    name: requiredText("name"),
    enabled: boolean("enabled"),
    config: jsonText("config"),
  }),
  web_main_page_stats: z.object({
    stat_key: requiredText("stat_key"),
    stat_value: text,
    stat_label: text,
    display_order: wholeNumber("display_order", 0),
  }),
  web_newsletter_subscriptions: z.object({
    email: z
      .string({ message: "email is missing" })
      .trim()
      .min(1, "email is missing")
      .max(254, "email is longer than 254 characters")
      .pipe(z.email({ message: "email is not a valid address" }))
      .transform((value) => value.toLowerCase()),
    status: choice("status", ["active", "unsubscribed"], "active"),
    subscribed_at: timestamp("subscribed_at"),
    unsubscribed_at: timestamp("unsubscribed_at"),
    created_at: timestamp("created_at"),
  }),
} satisfies Record<ImportTable, z.ZodType>;

/** The columns each export must have: the natural key and what the mapping cannot do without. */
export const requiredColumns: Record<ImportTable, string[]> = {
  web_categories: ["id", "name", "slug"],
  web_posts: ["id", "title", "content", "slug", "status"],
  web_settings: ["key", "value"],
  web_integrations: ["name", "enabled", "config"],
  web_main_page_stats: ["stat_key", "stat_value", "stat_label"],
  web_newsletter_subscriptions: ["email", "status"],
};
