import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------
// Accounts (the better-auth models; property names are the library's field names)
// ---------------------------------------------------------------------------

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  role: text("role", { enum: ["admin", "user"] })
    .notNull()
    .default("user"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Fixed-window counters shared by every app process (sign-in, sign-up, forms). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Bot-check proofs already accepted: each one is good for a single form submission. Rows are
 * only needed until the proof would have expired anyway.
 */
export const botCheckSpent = pgTable("bot_check_spent", {
  id: text("id").primaryKey(),
  /** The submission that spent it: a resend of that same submission may present it again. */
  submissionKey: text("submission_key"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------
// Content named by the spec
// ---------------------------------------------------------------------------

export const webCategories = pgTable("web_categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description"),
  createdAt: createdAt(),
});

export const postStatuses = ["draft", "published", "archived"] as const;

export const webPosts = pgTable(
  "web_posts",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt"),
    content: text("content").notNull().default(""),
    status: text("status", { enum: postStatuses }).notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    categoryId: integer("category_id").references(() => webCategories.id, {
      onDelete: "set null",
    }),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    viewCount: integer("view_count").notNull().default(0),
    featuredImageUrl: text("featured_image_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("web_posts_status_published_at_idx").on(t.status, t.publishedAt),
    index("web_posts_category_id_idx").on(t.categoryId),
  ],
);

/** Key-value site settings: footer, contact info, branding, hero, site settings, external URLs. */
export const webSettings = pgTable("web_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull().default(""),
  description: text("description"),
  updatedAt: updatedAt(),
});

export const webIntegrations = pgTable("web_integrations", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  enabled: boolean("enabled").notNull().default(false),
  config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const webMainPageStats = pgTable("web_main_page_stats", {
  id: serial("id").primaryKey(),
  statKey: text("stat_key").notNull().unique(),
  statValue: text("stat_value").notNull(),
  statLabel: text("stat_label").notNull(),
  displayOrder: integer("display_order").notNull().default(0),
});

export const webNewsletterSubscriptions = pgTable("web_newsletter_subscriptions", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  status: text("status", { enum: ["active", "unsubscribed"] })
    .notNull()
    .default("active"),
  // Generated by the app from a CSPRNG; the link in every newsletter mail carries it.
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** Files of the spec's `media` bucket; the bytes live in DATA_DIR/media or an S3 bucket. */
export const webMedia = pgTable("web_media", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  originalName: text("original_name").notNull(),
  mimeType: text("mime_type").notNull(),
  size: integer("size").notNull(),
  altText: text("alt_text").notNull().default(""),
  uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------
// Content the old version only kept on screen (DESIGN section 4)
// ---------------------------------------------------------------------------

export const webNavItems = pgTable("web_nav_items", {
  id: serial("id").primaryKey(),
  label: text("label").notNull(),
  url: text("url").notNull(),
  displayOrder: integer("display_order").notNull().default(0),
});

export const webServices = pgTable("web_services", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  icon: text("icon").notNull().default("Star"),
  link: text("link").notNull().default(""),
  featured: boolean("featured").notNull().default(false),
  displayOrder: integer("display_order").notNull().default(0),
});

export const leadStatuses = ["new", "contacted", "closed"] as const;

export const webConsultationRequests = pgTable("web_consultation_requests", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull().default(""),
  company: text("company").notNull().default(""),
  serviceType: text("service_type").notNull().default(""),
  preferredTime: text("preferred_time").notNull().default(""),
  message: text("message").notNull().default(""),
  status: text("status", { enum: leadStatuses }).notNull().default("new"),
  submissionKey: text("submission_key").unique(),
  createdAt: createdAt(),
});

export const webContactMessages = pgTable("web_contact_messages", {
  id: serial("id").primaryKey(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull().default(""),
  comments: text("comments").notNull(),
  consent: boolean("consent").notNull(),
  status: text("status", { enum: leadStatuses }).notNull().default("new"),
  submissionKey: text("submission_key").unique(),
  createdAt: createdAt(),
});

/** Cookie-free page-view counts, aggregated per day, path and referring host. */
export const webPageViews = pgTable(
  "web_page_views",
  {
    day: date("day").notNull(),
    path: text("path").notNull(),
    referrerHost: text("referrer_host").notNull().default(""),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.referrerHost] })],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_keys_key_hash_idx").on(t.keyHash)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull().default(""),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt)],
);

/** Which one-time seed steps have run, so that defaults never overwrite an admin's edits. */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Runs of the links tab's crawler; the overview's link figures come from the newest finished run. */
export const linkAudits = pgTable(
  "link_audits",
  {
    id: serial("id").primaryKey(),
    status: text("status", { enum: ["running", "finished", "failed"] })
      .notNull()
      .default("running"),
    startedBy: text("started_by").references(() => users.id, { onDelete: "set null" }),
    pagesTotal: integer("pages_total").notNull().default(0),
    pagesDone: integer("pages_done").notNull().default(0),
    /** One entry per link found: url, page, type (anchor, internal, external), status. */
    results: jsonb("results")
      .$type<{ url: string; page: string; type: string; status: string; detail?: string }[]>()
      .notNull()
      .default([]),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("link_audits_started_at_idx").on(t.startedAt)],
);
