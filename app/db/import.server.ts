import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { integrationType } from "~/content/integrations";
import { type IntegrationName, integrationNames } from "~/content/site-defaults";
import { slugify } from "~/lib/slug";
import { detectMediaType } from "~/media/detect.server";
import { MAX_UPLOAD_BYTES } from "~/media/rules";
import { bucketContentDisposition } from "~/media/serve-policy";
import { getMediaStorage, type MediaStorage } from "~/media/storage.server";
import { generateMediaName } from "~/media/upload.server";
import { claimEditorVersion } from "~/models/editor-versions.server";
import { releasePostAddress, type Saver, writeRevisions } from "~/models/post-writes.server";
import { z } from "~/schemas/zod";
import type { Db } from "./client.server";
import {
  webCategories,
  webIntegrations,
  webMainPageStats,
  webMedia,
  webNewsletterSubscriptions,
  webPosts,
  webSettings,
} from "./schema.server";

/**
 * Brings the content of the old hosted backend (a Supabase project) into this site: CSV exports of
 * the spec's six tables, as the Supabase table editor or `psql \copy … csv header` writes them, and
 * a copy of its `media` bucket. See docs/import-from-old-backend.md.
 *
 * Rows are matched by their natural keys (slug, key, name, stat_key, e-mail; media by original path
 * and byte length), so a second run over the same export changes nothing. A row that cannot be
 * imported is reported with its reason and never stops the others.
 */

export const importTables = [
  "web_categories",
  "web_posts",
  "web_settings",
  "web_integrations",
  "web_main_page_stats",
  "web_newsletter_subscriptions",
] as const;
export type ImportTable = (typeof importTables)[number];

/**
 * `row` is the row as a spreadsheet numbers it: the header is row 1, the first record row 2. For
 * media, the position in the sorted file list, and `file` names the file.
 */
export interface RowNote {
  row: number;
  reason: string;
  file?: string;
}

export interface TableReport {
  /** False when the export has no file for the table (nothing of it was touched). */
  found: boolean;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: RowNote[];
  /** Imported, but not exactly as exported (a dropped key, an unknown category, …). */
  warnings: RowNote[];
}

export type ImportReport = Record<ImportTable | "media", TableReport>;

export interface ImportOptions {
  /** The folder with `<table>.csv` files and a `media/` folder. */
  from: string;
  storage?: MediaStorage;
  /**
   * Public URL prefixes of the old bucket besides the Supabase default
   * (`https://<project>.supabase.co/storage/v1/object/public/media/`), e.g. a custom domain.
   */
  oldMediaUrlPrefixes?: string[];
  onProgress?: (message: string) => void;
}

const IMPORT_SAVER: Saver = { id: null, name: "Import from the old backend", source: "import" };

function emptyReport(found: boolean): TableReport {
  return { found, imported: 0, updated: 0, unchanged: 0, skipped: [], warnings: [] };
}

// ---------------------------------------------------------------------------
// Reading the CSV files
// ---------------------------------------------------------------------------

interface CsvRecord {
  row: number;
  values: Record<string, string | null>;
}

/**
 * The records of one export, keyed by the header's column names. Supabase writes NULL as an empty
 * field, so an empty field reads as null. Null when there is no file; throws on a file that is not
 * CSV at all (the caller reports it as the table's one skipped "row").
 */
function readCsv(
  dir: string,
  table: ImportTable,
  report: TableReport,
): { columns: string[]; records: CsvRecord[] } | null {
  const file = path.join(dir, `${table}.csv`);
  if (!fs.existsSync(file)) return null;
  const rows = parse(fs.readFileSync(file), {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
  const [header, ...body] = rows;
  if (!header) return { columns: [], records: [] };
  const columns = header.map((name) => name.trim().toLowerCase());
  const records: CsvRecord[] = [];
  body.forEach((fields, index) => {
    const row = index + 2;
    if (fields.length !== columns.length) {
      report.skipped.push({
        row,
        reason: `has ${fields.length} fields where the header names ${columns.length}`,
      });
      return;
    }
    const values: Record<string, string | null> = {};
    columns.forEach((column, i) => {
      const value = fields[i] ?? "";
      values[column] = value === "" ? null : value;
    });
    records.push({ row, values });
  });
  return { columns, records };
}

// ---------------------------------------------------------------------------
// Field rules shared by the tables
// ---------------------------------------------------------------------------

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

const rowSchemas = {
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
const requiredColumns: Record<ImportTable, string[]> = {
  web_categories: ["id", "name", "slug"],
  web_posts: ["id", "title", "content", "slug", "status"],
  web_settings: ["key", "value"],
  web_integrations: ["name", "enabled", "config"],
  web_main_page_stats: ["stat_key", "stat_value", "stat_label"],
  web_newsletter_subscriptions: ["email", "status"],
};

/** The settings the old backend kept (spec: admin area, section 3). */
const oldSettingKeys = new Set([
  "footer_description",
  "footer_copyright",
  "footer_links",
  "contact_email",
  "contact_phone",
  "contact_address",
  "support_email",
  "sales_email",
  "website_url",
  "business_city",
  "business_state",
  "business_zip",
  "business_country",
]);

const footerLinksSchema = z.record(
  z.string(),
  z.array(
    z.object({
      name: z.string(),
      href: z.string(),
      external: z.boolean().optional(),
    }),
  ),
);

function firstIssue(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join("; ");
}

/** Object keys in a fixed order, so that two equal configs compare equal as text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

const sameTime = (a: Date | null, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

// ---------------------------------------------------------------------------
// Media
// ---------------------------------------------------------------------------

function listFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      // Supabase keeps empty folders with a ".emptyFolderPlaceholder" object.
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) found.push(path.relative(root, full).split(path.sep).join("/"));
    }
  };
  walk(root);
  return found.sort();
}

/**
 * Copies the old bucket into our media storage under server-made names, as an upload does, and
 * answers the old path → new name of every file that is now in the library. The bytes are stored
 * as they are (processedVersion 0): `npm run media:reprocess` strips, re-encodes and makes the
 * copies afterwards, the way it does for any file not yet processed.
 */
async function importMedia(
  db: Db,
  dir: string,
  storage: MediaStorage,
  report: TableReport,
  progress: (message: string) => void,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const files = listFiles(dir);
  for (const [index, file] of files.entries()) {
    const row = index + 1;
    const bytes = fs.readFileSync(path.join(dir, file));
    if (bytes.length > MAX_UPLOAD_BYTES) {
      report.skipped.push({ row, file, reason: "is larger than the 10 MB upload limit" });
      continue;
    }
    const detected = await detectMediaType(bytes, path.posix.basename(file));
    if (!detected.ok) {
      report.skipped.push({ row, file, reason: detected.reason });
      continue;
    }
    const originalName = file.slice(-255);
    // Ours already when a file of that path and length came in before (uploadedSize holds the
    // length as imported once media:reprocess has re-encoded it).
    const [existing] = await db
      .select({ name: webMedia.name })
      .from(webMedia)
      .where(
        and(
          eq(webMedia.originalName, originalName),
          isNull(webMedia.uploadedBy),
          or(
            eq(webMedia.uploadedSize, bytes.length),
            and(isNull(webMedia.uploadedSize), eq(webMedia.size, bytes.length)),
          ),
        ),
      )
      .limit(1);
    if (existing) {
      names.set(file, existing.name);
      report.unchanged++;
      continue;
    }
    const name = generateMediaName(detected.ext);
    await storage.put(name, bytes, {
      contentType: detected.mime,
      contentDisposition: bucketContentDisposition(name, detected.ext),
    });
    try {
      await db.insert(webMedia).values({
        name,
        originalName,
        mimeType: detected.mime,
        size: bytes.length,
        uploadedBy: null,
      });
    } catch (error) {
      await storage.delete(name);
      throw error;
    }
    names.set(file, name);
    report.imported++;
    progress(`media: ${file} → ${name}`);
  }
  return names;
}

function escapeRegExp(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Replaces the old bucket's public URLs (plain or through Supabase's image transformations, with
 * any query) by our URLs of the same files. URLs of files the export's media folder lacks stay
 * as they were and are named in `missing`.
 */
export function mediaUrlRewriter(
  names: Map<string, string>,
  storage: Pick<MediaStorage, "publicUrl">,
  extraPrefixes: string[] = [],
) {
  const prefixes = [
    String.raw`https?://[a-z0-9-]+\.supabase\.co/storage/v1/(?:object|render/image)/public/media/`,
    ...extraPrefixes.map((prefix) => escapeRegExp(prefix.replace(/\/?$/, "/"))),
  ];
  const pattern = new RegExp(
    `(?:${prefixes.join("|")})([^\\s"'()<>?#]+)(?:\\?[^\\s"'()<>#]*)?(?:#[^\\s"'()<>]*)?`,
    "gi",
  );
  return (value: string, missing: Set<string>) =>
    value.replace(pattern, (url, encoded: string) => {
      let file: string;
      try {
        file = decodeURIComponent(encoded);
      } catch {
        missing.add(encoded);
        return url;
      }
      const name = names.get(file);
      if (!name) {
        missing.add(file);
        return url;
      }
      return storage.publicUrl(name);
    });
}

// ---------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------

type Tx = Db;

/** Runs one row in a savepoint: a row the database refuses is reported, the others go on. */
async function eachRow<T>(
  tx: Tx,
  records: CsvRecord[],
  schema: z.ZodType<T>,
  report: TableReport,
  work: (tx: Tx, row: T, record: CsvRecord) => Promise<"imported" | "updated" | "unchanged" | null>,
) {
  for (const record of records) {
    const parsed = schema.safeParse(record.values);
    if (!parsed.success) {
      report.skipped.push({ row: record.row, reason: firstIssue(parsed.error) });
      continue;
    }
    try {
      const outcome = await tx.transaction((sp) => work(sp as unknown as Tx, parsed.data, record));
      if (outcome) report[outcome]++;
    } catch (error) {
      report.skipped.push({
        row: record.row,
        reason: `the database refused it: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
}

/** Skips a second row with the same natural key, naming the row that came first. */
function firstOfKey(seen: Map<string, number>, label: string) {
  return (key: string, record: CsvRecord, report: TableReport) => {
    const first = seen.get(key);
    if (first !== undefined) {
      report.skipped.push({
        row: record.row,
        reason: `duplicate ${label} "${key}" (row ${first} has it)`,
      });
      return false;
    }
    seen.set(key, record.row);
    return true;
  };
}

/**
 * A post's or category's slug as stored here: the exported one (or one made from the name),
 * normalised. Null, with the row reported as skipped, when none can be made or an earlier row of
 * the file has it; a slug that changed on the way is reported as a warning.
 */
function slugOfRow(
  exported: string | null | undefined,
  name: string,
  record: CsvRecord,
  report: TableReport,
  unique: ReturnType<typeof firstOfKey>,
): string | null {
  const slug = slugify(exported ?? name);
  if (!slug) {
    report.skipped.push({ row: record.row, reason: "has no slug and none can be made" });
    return null;
  }
  if (!unique(slug, record, report)) return null;
  if (exported && slug !== exported) {
    report.warnings.push({ row: record.row, reason: `slug "${exported}" stored as "${slug}"` });
  }
  return slug;
}

async function idIsFree(tx: Tx, table: typeof webPosts | typeof webCategories, id: number | null) {
  if (id === null || id < 1) return false;
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return !row;
}

/** Moves a serial column's sequence past the ids the import wrote, never back. */
async function advanceSequence(tx: Tx, table: "web_posts" | "web_categories") {
  await tx.execute(
    sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), m.id)
      from (select max(id) as id from ${table}) m, ${table}_id_seq s
      where m.id is not null and m.id > s.last_value`),
  );
}

async function importCategories(tx: Tx, records: CsvRecord[], report: TableReport) {
  const ids = new Map<number, number>();
  const unique = firstOfKey(new Map(), "slug");
  await eachRow(tx, records, rowSchemas.web_categories, report, async (tx, row, record) => {
    const slug = slugOfRow(row.slug, row.name, record, report, unique);
    if (!slug) return null;
    const values = { name: row.name, description: row.description?.trim() || null };
    const [existing] = await tx
      .select()
      .from(webCategories)
      .where(eq(webCategories.slug, slug))
      .limit(1);
    if (existing) {
      if (row.id !== null) ids.set(row.id, existing.id);
      if (existing.name === values.name && existing.description === values.description) {
        return "unchanged";
      }
      await tx.update(webCategories).set(values).where(eq(webCategories.id, existing.id));
      return "updated";
    }
    const keepId = await idIsFree(tx, webCategories, row.id);
    const [inserted] = await tx
      .insert(webCategories)
      .values({ ...values, slug, ...(keepId && row.id !== null ? { id: row.id } : {}) })
      .returning({ id: webCategories.id });
    if (!inserted) throw new Error("the category was not written");
    if (row.id !== null) {
      ids.set(row.id, inserted.id);
      if (!keepId) {
        report.warnings.push({
          row: record.row,
          reason: `id ${row.id} is taken here; the category is now ${inserted.id}`,
        });
      }
    }
    return "imported";
  });
  await advanceSequence(tx, "web_categories");
  return ids;
}

async function importPosts(
  tx: Tx,
  records: CsvRecord[],
  report: TableReport,
  /** Old id → ours; null when the export has no categories (ids then stand as they are). */
  categoryIds: Map<number, number> | null,
  rewrite: (value: string, missing: Set<string>) => string,
) {
  const unique = firstOfKey(new Map(), "slug");
  const written: number[] = [];
  await eachRow(tx, records, rowSchemas.web_posts, report, async (tx, row, record) => {
    const slug = slugOfRow(row.slug, row.title, record, report, unique);
    if (!slug) return null;
    let categoryId: number | null = null;
    if (row.category_id !== null) {
      if (categoryIds) categoryId = categoryIds.get(row.category_id) ?? null;
      else {
        const [same] = await tx
          .select({ id: webCategories.id })
          .from(webCategories)
          .where(eq(webCategories.id, row.category_id))
          .limit(1);
        categoryId = same?.id ?? null;
      }
      if (categoryId === null) {
        report.warnings.push({
          row: record.row,
          reason: `category_id ${row.category_id} is not among the categories; the post has none`,
        });
      }
    }
    const missing = new Set<string>();
    const content = rewrite(row.content ?? "", missing);
    const featuredImageUrl = row.featured_image_url?.trim()
      ? rewrite(row.featured_image_url.trim(), missing)
      : null;
    for (const file of missing) {
      report.warnings.push({
        row: record.row,
        reason: `links to media file "${file}", which the media folder lacks; the old URL stays`,
      });
    }
    const [existing] = await tx.select().from(webPosts).where(eq(webPosts.slug, slug)).limit(1);
    // The old backend set published_at when a post went public; one without it counts from its
    // creation (stable, so a second run finds the same value).
    const publishedAt =
      row.status === "published"
        ? (row.published_at ?? row.created_at ?? existing?.publishedAt ?? new Date())
        : row.published_at;
    const values = {
      title: row.title,
      content,
      excerpt: row.excerpt?.trim() || null,
      status: row.status,
      categoryId,
      publishedAt,
      featuredImageUrl,
      metaTitle: row.meta_title?.trim() || null,
      metaDescription: row.meta_description?.trim() || null,
      // Views counted here since the first import are kept.
      viewCount: Math.max(row.view_count ?? 0, existing?.viewCount ?? 0),
    };
    if (row.status === "published") await releasePostAddress(tx, slug);
    if (existing) {
      const same =
        existing.title === values.title &&
        existing.content === values.content &&
        existing.excerpt === values.excerpt &&
        existing.status === values.status &&
        existing.categoryId === values.categoryId &&
        sameTime(existing.publishedAt, values.publishedAt) &&
        existing.featuredImageUrl === values.featuredImageUrl &&
        existing.metaTitle === values.metaTitle &&
        existing.metaDescription === values.metaDescription &&
        existing.viewCount === values.viewCount &&
        (row.created_at === null || sameTime(existing.createdAt, row.created_at));
      if (same) return "unchanged";
      await tx
        .update(webPosts)
        .set({
          ...values,
          ...(row.created_at ? { createdAt: row.created_at } : {}),
          version: sql`${webPosts.version} + 1`,
        })
        .where(eq(webPosts.id, existing.id));
      await writeRevisions(tx, [existing.id], IMPORT_SAVER);
      written.push(existing.id);
      return "updated";
    }
    const keepId = await idIsFree(tx, webPosts, row.id);
    const [inserted] = await tx
      .insert(webPosts)
      .values({
        ...values,
        slug,
        ...(row.created_at ? { createdAt: row.created_at } : {}),
        ...(keepId && row.id !== null ? { id: row.id } : {}),
      })
      .returning({ id: webPosts.id });
    if (!inserted) throw new Error("the post was not written");
    await writeRevisions(tx, [inserted.id], IMPORT_SAVER);
    if (row.id !== null && !keepId) {
      report.warnings.push({
        row: record.row,
        reason: `id ${row.id} is taken here; the post is now ${inserted.id}`,
      });
    }
    written.push(inserted.id);
    return "imported";
  });
  await advanceSequence(tx, "web_posts");
  return written;
}

async function importSettings(tx: Tx, records: CsvRecord[], report: TableReport) {
  const unique = firstOfKey(new Map(), "key");
  let changed = false;
  await eachRow(tx, records, rowSchemas.web_settings, report, async (tx, row, record) => {
    if (!unique(row.key, record, report)) return null;
    if (!oldSettingKeys.has(row.key)) {
      report.skipped.push({
        row: record.row,
        reason: `"${row.key}" is not one of the old backend's settings`,
      });
      return null;
    }
    const value = row.value ?? "";
    if (row.key === "footer_links" && value.trim() !== "") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        report.skipped.push({ row: record.row, reason: "footer_links is not valid JSON" });
        return null;
      }
      const links = footerLinksSchema.safeParse(parsed);
      if (!links.success) {
        report.skipped.push({
          row: record.row,
          reason: "footer_links is not an object of link groups (lists of name and href)",
        });
        return null;
      }
    }
    const [existing] = await tx
      .select()
      .from(webSettings)
      .where(eq(webSettings.key, row.key))
      .limit(1);
    const description = row.description?.trim() || existing?.description || null;
    if (existing) {
      if (existing.value === value && existing.description === description) return "unchanged";
      await tx.update(webSettings).set({ value, description }).where(eq(webSettings.key, row.key));
      changed = true;
      return "updated";
    }
    await tx.insert(webSettings).values({ key: row.key, value, description });
    changed = true;
    return "imported";
  });
  // An admin with the footer or contact editor open is told someone else saved.
  if (changed) await claimEditorVersion(tx, "footer", undefined, ["contact-info", "settings"]);
}

async function importIntegrations(tx: Tx, records: CsvRecord[], report: TableReport) {
  const unique = firstOfKey(new Map(), "name");
  await eachRow(tx, records, rowSchemas.web_integrations, report, async (tx, row, record) => {
    if (!(integrationNames as readonly string[]).includes(row.name)) {
      report.skipped.push({
        row: record.row,
        reason: `"${row.name}" is not an integration this site offers`,
      });
      return null;
    }
    if (!unique(row.name, record, report)) return null;
    const raw = row.config ?? {};
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      report.skipped.push({ row: record.row, reason: "config is not a JSON object" });
      return null;
    }
    // Stored as an admin's save stores it: the catalogue's fields as trimmed strings. Secret
    // fields stay in the stored config and, as for any save, are only ever shown masked.
    const type = integrationType(row.name as IntegrationName);
    const known = new Set(type.fields.map((f) => f.key));
    const config: Record<string, string> = {};
    for (const field of type.fields) {
      const value = (raw as Record<string, unknown>)[field.key];
      const str =
        typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
      if (str) config[field.key] = str;
    }
    const dropped = Object.keys(raw).filter((key) => !known.has(key));
    if (dropped.length > 0) {
      // Names only: a dropped value may be a secret.
      report.warnings.push({
        row: record.row,
        reason: `config keys this site does not use were left out: ${dropped.join(", ")}`,
      });
    }
    let enabled = row.enabled;
    const missing = type.fields.filter((f) => f.required && !config[f.key]).map((f) => f.label);
    if (enabled && missing.length > 0) {
      enabled = false;
      report.warnings.push({
        row: record.row,
        reason: `imported switched off: ${missing.join(", ")} missing`,
      });
    }
    const [existing] = await tx
      .select()
      .from(webIntegrations)
      .where(eq(webIntegrations.name, row.name))
      .limit(1);
    if (existing) {
      if (
        existing.enabled === enabled &&
        canonicalJson(existing.config) === canonicalJson(config)
      ) {
        return "unchanged";
      }
      await tx
        .update(webIntegrations)
        .set({ enabled, config })
        .where(eq(webIntegrations.id, existing.id));
      return "updated";
    }
    await tx.insert(webIntegrations).values({ name: row.name, enabled, config });
    return "imported";
  });
}

async function importStats(tx: Tx, records: CsvRecord[], report: TableReport) {
  const unique = firstOfKey(new Map(), "stat_key");
  await eachRow(tx, records, rowSchemas.web_main_page_stats, report, async (tx, row, record) => {
    if (!unique(row.stat_key, record, report)) return null;
    const values = {
      statValue: row.stat_value ?? "",
      statLabel: row.stat_label ?? "",
      displayOrder: row.display_order ?? 0,
    };
    const [existing] = await tx
      .select()
      .from(webMainPageStats)
      .where(eq(webMainPageStats.statKey, row.stat_key))
      .limit(1);
    if (existing) {
      if (
        existing.statValue === values.statValue &&
        existing.statLabel === values.statLabel &&
        existing.displayOrder === values.displayOrder
      ) {
        return "unchanged";
      }
      await tx.update(webMainPageStats).set(values).where(eq(webMainPageStats.id, existing.id));
      return "updated";
    }
    await tx.insert(webMainPageStats).values({ statKey: row.stat_key, ...values });
    return "imported";
  });
}

/** Like the subscribe form's token: 32 random bytes, the only key to the subscription. */
function newUnsubscribeToken() {
  return randomBytes(32).toString("base64url");
}

async function importSubscribers(tx: Tx, records: CsvRecord[], report: TableReport) {
  const unique = firstOfKey(new Map(), "email");
  await eachRow(
    tx,
    records,
    rowSchemas.web_newsletter_subscriptions,
    report,
    async (tx, row, record) => {
      if (!unique(row.email, record, report)) return null;
      const [existing] = await tx
        .select()
        .from(webNewsletterSubscriptions)
        .where(eq(webNewsletterSubscriptions.email, row.email))
        .limit(1);
      const subscribedAt =
        row.subscribed_at ?? row.created_at ?? existing?.subscribedAt ?? new Date();
      const unsubscribedAt = row.status === "unsubscribed" ? row.unsubscribed_at : null;
      if (existing) {
        if (
          existing.status === row.status &&
          sameTime(existing.subscribedAt, subscribedAt) &&
          sameTime(existing.unsubscribedAt, unsubscribedAt)
        ) {
          return "unchanged";
        }
        await tx
          .update(webNewsletterSubscriptions)
          .set({ status: row.status, subscribedAt, unsubscribedAt })
          .where(eq(webNewsletterSubscriptions.id, existing.id));
        return "updated";
      }
      await tx.insert(webNewsletterSubscriptions).values({
        email: row.email,
        status: row.status,
        unsubscribeToken: newUnsubscribeToken(),
        subscribedAt,
        unsubscribedAt,
        ...(row.created_at ? { createdAt: row.created_at } : {}),
      });
      return "imported";
    },
  );
}

// ---------------------------------------------------------------------------
// The whole import
// ---------------------------------------------------------------------------

/**
 * Imports an export folder. Media files are stored first (their new names are needed to rewrite
 * the posts); the tables then go in one transaction, each row in its own savepoint, so a failure
 * outside any row (the database going away) leaves the tables as they were.
 */
export async function importOldBackend(db: Db, options: ImportOptions): Promise<ImportReport> {
  const from = path.resolve(options.from);
  if (!fs.statSync(from, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`${options.from} is not a folder`);
  }
  const progress = options.onProgress ?? (() => {});
  const storage = options.storage ?? getMediaStorage();
  const mediaDir = path.join(from, "media");
  const hasMedia = fs.statSync(mediaDir, { throwIfNoEntry: false })?.isDirectory() ?? false;
  const report = {
    media: emptyReport(hasMedia),
  } as ImportReport;

  const exports = new Map<ImportTable, CsvRecord[]>();
  for (const table of importTables) {
    const tableReport = emptyReport(false);
    report[table] = tableReport;
    let read: ReturnType<typeof readCsv>;
    try {
      read = readCsv(from, table, tableReport);
    } catch (error) {
      tableReport.found = true;
      tableReport.skipped.push({
        row: 0,
        reason: `the file is not readable CSV: ${error instanceof Error ? error.message : String(error)}`,
      });
      continue;
    }
    if (!read) continue;
    tableReport.found = true;
    const lacking = requiredColumns[table].filter((column) => !read.columns.includes(column));
    if (lacking.length > 0) {
      tableReport.skipped.push({
        row: 1,
        reason: `the header lacks ${lacking.join(", ")}; nothing of this table was imported`,
      });
      continue;
    }
    exports.set(table, read.records);
  }

  const mediaNames = hasMedia
    ? await importMedia(db, mediaDir, storage, report.media, progress)
    : new Map<string, string>();
  const rewrite = mediaUrlRewriter(mediaNames, storage, options.oldMediaUrlPrefixes);

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const rows = (table: ImportTable) => exports.get(table) ?? [];
    progress("categories");
    const categoryIds = exports.has("web_categories")
      ? await importCategories(tx, rows("web_categories"), report.web_categories)
      : null;
    progress("posts");
    await importPosts(tx, rows("web_posts"), report.web_posts, categoryIds, rewrite);
    progress("settings");
    await importSettings(tx, rows("web_settings"), report.web_settings);
    progress("integrations");
    await importIntegrations(tx, rows("web_integrations"), report.web_integrations);
    progress("main page stats");
    await importStats(tx, rows("web_main_page_stats"), report.web_main_page_stats);
    progress("newsletter subscriptions");
    await importSubscribers(
      tx,
      rows("web_newsletter_subscriptions"),
      report.web_newsletter_subscriptions,
    );
  });
  return report;
}

/** Whether the import wrote anything (the caller then clears the caches and tells the others). */
export function importChangedAnything(report: ImportReport): boolean {
  return Object.values(report).some((table) => table.imported + table.updated > 0);
}
