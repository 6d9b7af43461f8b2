import { type SQL, sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
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
import { campaignStatuses } from "~/newsletter/campaign-status";

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
  /** better-auth's two-factor plugin: set once the first code confirmed the authenticator. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
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
    /** Our own "last seen", touched at most every few minutes (better-auth's updatedAt moves daily). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
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
  role: text("role", { enum: ["admin", "editor", "user"] })
    .notNull()
    .default("user"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * better-auth's two-factor plugin (model `twoFactor`, plural with our adapter): the TOTP secret and
 * the backup codes, both encrypted with a key derived from SESSION_SECRET.
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId)],
);

/** better-auth passkey plugin (model `passkey`): WebAuthn credentials, a second way to sign in. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }),
    aaguid: text("aaguid"),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

/**
 * Invitations to the staff. The mail carries a random token; only its SHA-256 is kept. An
 * invitation is pending until accepted, revoked or past `expires_at`.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "editor"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_invitations_pending_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

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

/** "scheduled": published by the scheduler (app/jobs) when its published_at arrives. */
export const postStatuses = ["draft", "scheduled", "published", "archived"] as const;

/** PostgreSQL's full-text document type; drizzle has no built-in column for it. */
const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

/**
 * The blog search's document: title first, then excerpt, then body, in English. Generated by the
 * database, so every write keeps it current; searched through a GIN index.
 */
const postSearchDocument: SQL = sql`setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("excerpt", '')), 'B') || setweight(to_tsvector('english', coalesce("content", '')), 'C')`;

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
    /**
     * Raised by every write; an editor's save names the version it started from and is refused
     * when the row has moved on (someone else saved in between).
     */
    version: integer("version").notNull().default(1),
    searchVector: tsvector("search_vector").generatedAlwaysAs(postSearchDocument),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("web_posts_status_published_at_idx").on(t.status, t.publishedAt),
    index("web_posts_category_id_idx").on(t.categoryId),
    // No pending list (fastupdate): PGlite never autovacuums, so entries waiting in one would be
    // scanned by every search until 4 MB of them had piled up; posts are few, inserting is cheap.
    index("web_posts_search_idx").using("gin", t.searchVector).with({ fastupdate: false }),
  ],
);

/**
 * Every save of a post, as it was after that save: the editor's History panel lists them, diffs
 * them against the current text and restores them. Pruned to the newest N per post (a setting),
 * never dropping the one that was published last.
 */
export const webPostRevisions = pgTable(
  "web_post_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => webPosts.id, { onDelete: "cascade" }),
    /** The post's version after this save. */
    version: integer("version").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    status: text("status", { enum: postStatuses }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    categoryId: integer("category_id"),
    authorId: text("author_id"),
    featuredImageUrl: text("featured_image_url"),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    /** Who saved it: a user (null once deleted, the e-mail stays) or "the scheduler". */
    savedBy: text("saved_by").references(() => users.id, { onDelete: "set null" }),
    savedByName: text("saved_by_name").notNull().default(""),
    /** editor, api, creator, restore, scheduler, sample. */
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("web_post_revisions_post_id_idx").on(t.postId, t.id)],
);

// ---------------------------------------------------------------------------
// Pages built from blocks (issue 30)
// ---------------------------------------------------------------------------

export const pageKinds = ["page", "landing", "legal"] as const;

/**
 * A page staff build from blocks, served at its own address. `blocks` holds the block list as the
 * editor wrote it, each block with its shape's version: it is read through `readBlocks`
 * (app/pages/blocks.ts), which upgrades older shapes, so no data migration follows a block change.
 */
export const webPages = pgTable(
  "web_pages",
  {
    id: serial("id").primaryKey(),
    /** The page's address: "/spring-offer". */
    path: text("path").notNull().unique(),
    title: text("title").notNull(),
    kind: text("kind", { enum: pageKinds }).notNull().default("page"),
    /** Same lifecycle as a post's: "scheduled" is published by the scheduler at published_at. */
    status: text("status", { enum: postStatuses }).notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    blocks: jsonb("blocks").$type<unknown[]>().notNull().default([]),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    ogImageUrl: text("og_image_url"),
    canonicalUrl: text("canonical_url"),
    noindex: boolean("noindex").notNull().default(false),
    /** A legal document's version as its readers know it ("2.0"); empty when not given. */
    legalVersion: text("legal_version").notNull().default(""),
    /** A legal document's effective date (its "Last updated"); published versions are kept by it. */
    effectiveDate: date("effective_date", { mode: "string" }),
    /** What changed in this version of a legal document, for its readers; may be empty. */
    changeSummary: text("change_summary").notNull().default(""),
    /** Raised by every write, like a post's: a save naming an older version is refused. */
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("web_pages_status_published_at_idx").on(t.status, t.publishedAt)],
);

/** Every save of a page, as it was after that save (like web_post_revisions). */
export const webPageRevisions = pgTable(
  "web_page_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    pageId: integer("page_id")
      .notNull()
      .references(() => webPages.id, { onDelete: "cascade" }),
    /** The page's version after this save. */
    version: integer("version").notNull(),
    title: text("title").notNull(),
    path: text("path").notNull(),
    kind: text("kind", { enum: pageKinds }).notNull(),
    status: text("status", { enum: postStatuses }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    blocks: jsonb("blocks").$type<unknown[]>().notNull().default([]),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    ogImageUrl: text("og_image_url"),
    canonicalUrl: text("canonical_url"),
    noindex: boolean("noindex").notNull().default(false),
    legalVersion: text("legal_version").notNull().default(""),
    effectiveDate: date("effective_date", { mode: "string" }),
    changeSummary: text("change_summary").notNull().default(""),
    savedBy: text("saved_by").references(() => users.id, { onDelete: "set null" }),
    savedByName: text("saved_by_name").notNull().default(""),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("web_page_revisions_page_id_idx").on(t.pageId, t.id)],
);

/**
 * Every published version of a legal document, one per effective date: what the page said when
 * that version was published (title and blocks, read through `readBlocks` like a page's). A
 * publish with the same effective date again is a correction and replaces the row; a new date
 * adds one, and the older ones stay readable at /<address>/versions/<date>.
 */
export const webLegalVersions = pgTable(
  "web_legal_versions",
  {
    id: serial("id").primaryKey(),
    pageId: integer("page_id")
      .notNull()
      .references(() => webPages.id, { onDelete: "cascade" }),
    effectiveDate: date("effective_date", { mode: "string" }).notNull(),
    legalVersion: text("legal_version").notNull().default(""),
    changeSummary: text("change_summary").notNull().default(""),
    title: text("title").notNull(),
    blocks: jsonb("blocks").$type<unknown[]>().notNull().default([]),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("web_legal_versions_page_date_idx").on(t.pageId, t.effectiveDate)],
);

/**
 * A block edited once and placed on many pages: a page's `shared` block names it by id and shows
 * its block in place. `block` is any block but another `shared` one (no chains, no loops), read
 * through `readBlocks` like a page's. Used-on counts come from the pages' blocks (JSONB
 * containment), so a placement is never out of step with the page that holds it.
 */
export const webSharedSections = pgTable("web_shared_sections", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  block: jsonb("block").$type<Record<string, unknown>>().notNull(),
  /** Raised by every write: a save naming an older version is refused. */
  version: integer("version").notNull().default(1),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * What the editor showed when staff pressed Preview (possibly unsaved), at an unguessable address
 * (/preview/<token>) until `expires_at`. Not backed up: a preview is only good for an hour.
 */
export const webPagePreviews = pgTable(
  "web_page_previews",
  {
    token: text("token").primaryKey(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("web_page_previews_expires_at_idx").on(t.expiresAt)],
);

/**
 * Permanent redirects answered before any page renders: the old address of a renamed post or
 * category (added automatically) and any an admin adds. `fromPath` is an exact path (a category's
 * old address keeps its query); `target` a site path or an https URL.
 */
export const webRedirects = pgTable("web_redirects", {
  id: serial("id").primaryKey(),
  fromPath: text("from_path").notNull().unique(),
  target: text("target").notNull(),
  /** What added it: "post", "category" or "page" when an address changed, "admin" by hand. */
  origin: text("origin", { enum: ["post", "category", "page", "admin"] })
    .notNull()
    .default("admin"),
  hits: integer("hits").notNull().default(0),
  lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One version number per admin editor (hero, services, navigation, footer, branding, settings,
 * contact info): a save names the version it started from and is refused when another save came
 * first, so two admins never silently overwrite each other.
 */
export const webEditorVersions = pgTable("web_editor_versions", {
  editor: text("editor").primaryKey(),
  version: integer("version").notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * Who has already been counted as a reader of a post: one row per post and visitor, so a post's
 * view count rises once per visitor. The visitor key is a keyed hash of the client address and
 * user agent (no cookie, nothing reversible stored).
 */
export const webPostViews = pgTable(
  "web_post_views",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => webPosts.id, { onDelete: "cascade" }),
    visitorKey: text("visitor_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.visitorKey] })],
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
  /**
   * Whether it works, as its card shows it: the last call that succeeded and the last that
   * failed (a delivery, Test connection, a writing suggestion), each with a short answer that
   * never holds a secret. Not part of the admin's settings: saving them leaves these alone.
   */
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  lastSuccess: text("last_success"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  lastError: text("last_error"),
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
  /**
   * The spec's active and unsubscribed, and two of the newsletter's own: "pending" (signed up,
   * the confirmation link not yet followed: mailed nothing but that link) and "suppressed" (a
   * hard bounce or a spam report: never mailed again, whatever comes later).
   */
  status: text("status", { enum: ["active", "pending", "unsubscribed", "suppressed"] })
    .notNull()
    .default("active"),
  // Generated by the app from a CSPRNG; the link in every newsletter mail carries it.
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  /** The confirmation link's key (a CSPRNG's), while the subscription is pending; null after. */
  confirmToken: text("confirm_token").unique(),
  subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
  /** When the address was confirmed; null while pending, and for those active before double opt-in. */
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  /** Why and when it was suppressed (status "suppressed"): "bounce", "spam-report", "dropped". */
  suppressedReason: text("suppressed_reason"),
  suppressedAt: timestamp("suppressed_at", { withTimezone: true }),
  /**
   * A campaign's audience may be chosen by tag: where the address signed up ("footer", "page",
   * "api"), "import", or a word staff set by hand. Lower case, no duplicates.
   */
  tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

/**
 * What each subscriber agreed to and how: one row per consent given (a confirmation, a sign-up
 * while double opt-in is off, an import, the state before double opt-in). No IP address: the
 * time, the place and the wording's version are the record.
 */
export const webNewsletterConsents = pgTable(
  "web_newsletter_consents",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => webNewsletterSubscriptions.id, { onDelete: "cascade" }),
    /** Where it was given: "footer", "page" (a form block), "api", "import", "before-double-opt-in". */
    source: text("source").notNull(),
    /** The version of the sign-up wording shown (app/newsletter/consent.ts). */
    wordingVersion: text("wording_version").notNull(),
    /** Whether the address was confirmed by its confirmation link. */
    confirmed: boolean("confirmed").notNull().default(false),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("web_newsletter_consents_subscription_idx").on(t.subscriptionId)],
);

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
  // Raster images only (app/media/images.server.ts); null for documents, SVG and files not yet
  // processed. `size` is what is stored (capped, re-encoded), `uploadedSize` what was sent.
  uploadedSize: integer("uploaded_size"),
  width: integer("width"),
  height: integer("height"),
  /** A tiny blurred WebP as a data: URL, shown while the image loads. */
  placeholder: text("placeholder"),
  /** The image's dominant colour, "#rrggbb". */
  dominantColor: text("dominant_color"),
  /** The resized copies: name, format, width, height and bytes of each. */
  variants: jsonb("variants").$type<StoredVariant[]>().notNull().default([]),
  /** Which version of the processing made the variants; 0: not processed (yet). */
  processedVersion: integer("processed_version").notNull().default(0),
  /** `npm run media:reprocess` claims a row until then, so two runs never process it together. */
  processingClaimedUntil: timestamp("processing_claimed_until", { withTimezone: true }),
});

/** One resized copy of an image, kept with its media row. */
export interface StoredVariant {
  name: string;
  format: "avif" | "webp" | "jpg" | "png" | "gif";
  /** "w": one of the width steps; "og": the 1200 × 630 crop for link previews. */
  kind: "w" | "og";
  width: number;
  height: number;
  size: number;
}

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

// ---------------------------------------------------------------------------
// Background jobs and backups
// ---------------------------------------------------------------------------

/**
 * One row per background job that must run once across app processes (the daily backup): when it
 * is next due, and who holds it now. A claim is a lease the holder renews while it works, so a
 * process that dies mid-job (or a claim that came back with a restored backup) frees the job when
 * the lease runs out.
 */
export const webJobs = pgTable("web_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }),
  claimedBy: text("claimed_by"),
  claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  updatedAt: updatedAt(),
});

export const backupTriggers = ["daily", "manual"] as const;
export const backupStatuses = ["running", "succeeded", "failed"] as const;

/** Every backup the server made or tried, newest first on the Settings tab. */
export const webBackups = pgTable(
  "web_backups",
  {
    id: serial("id").primaryKey(),
    trigger: text("trigger", { enum: backupTriggers }).notNull(),
    status: text("status", { enum: backupStatuses }).notNull().default("running"),
    /** The web_jobs claim this run held: a "running" row whose claim is gone was interrupted. */
    claimToken: text("claim_token").notNull(),
    /** The archive's name in DATA_DIR/backups (and under the S3 prefix when copied there). */
    fileName: text("file_name").notNull(),
    bytes: bigint("bytes", { mode: "number" }),
    tables: integer("tables"),
    rows: integer("rows"),
    files: integer("files"),
    error: text("error"),
    /** Where the off-machine copy went (an S3 key), or why it failed; null when none was asked. */
    offsiteKey: text("offsite_key"),
    offsiteError: text("offsite_error"),
    /** How far a running backup is: written now and then, for dashboards in other processes. */
    progress: jsonb("progress").$type<{ step: string; done: number; total: number }>(),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedByEmail: text("requested_by_email"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [index("web_backups_started_at_idx").on(table.startedAt)],
);

/** "skipped": not sent because it no longer applied (a newsletter's reader unsubscribed meanwhile). */
export const outboxStatuses = ["pending", "delivered", "failed", "skipped"] as const;

/**
 * Everything the site sends to an outside service (a webhook call, later mail and SMS), one row
 * per delivery, written in the transaction of the change that causes it: a change that rolls back
 * sends nothing, and one that commits is sent even if the process dies right after. The job
 * runner's outbox worker claims due rows (a lease, like web_jobs) and delivers them.
 */
export const webOutbox = pgTable(
  "web_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** What happened: "lead.created", "post.published", … */
    event: text("event").notNull(),
    /** Which integration delivers it ("zapier"). */
    target: text("target").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: outboxStatuses }).notNull().default("pending"),
    /** Tries since it was queued (or last resent). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** After a failure past this time, the delivery is given up (a day after queuing). */
    giveUpAt: timestamp("give_up_at", { withTimezone: true }).notNull(),
    /** The receiver's HTTP status of the last try (null: no answer, or not sent). */
    lastStatus: integer("last_status"),
    /** A short excerpt of the last answer or the reason it failed; never a secret. */
    lastAnswer: text("last_answer"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    claimedBy: text("claimed_by"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /**
     * At most one row per key: "campaign:<id>:<subscription id>" for a newsletter's mail, so a
     * campaign queued twice (a second process, a retry after a crash) still mails each reader once.
     */
    dedupeKey: text("dedupe_key").unique(),
    /** The newsletter campaign a mail belongs to (its rows are claimed by the campaign sender). */
    campaignId: integer("campaign_id").references(() => webNewsletterCampaigns.id, {
      onDelete: "cascade",
    }),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("web_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("web_outbox_created_at_idx").on(t.createdAt),
    index("web_outbox_campaign_idx").on(t.campaignId, t.status),
  ],
);

/**
 * A newsletter campaign: what is sent (subject, preview text, sender name, reply-to, the body's
 * blocks), to whom (every confirmed subscriber, or those with chosen tags) and how far it is.
 * Starting it queues one web_outbox row per reader (unique per campaign and reader) in the same
 * transaction that moves it to "sending"; the campaign sender delivers them at the site's pace.
 */
export const webNewsletterCampaigns = pgTable(
  "web_newsletter_campaigns",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull().default(""),
    previewText: text("preview_text").notNull().default(""),
    fromName: text("from_name").notNull().default(""),
    replyTo: text("reply_to").notNull().default(""),
    /** The body's blocks (app/newsletter/campaign-body.ts), validated on every write. */
    body: jsonb("body").$type<unknown[]>().notNull().default([]),
    /** Tags chosen as the audience; empty: every confirmed subscriber. */
    audienceTags: text("audience_tags").array().notNull().default(sql`'{}'::text[]`),
    status: text("status", { enum: campaignStatuses }).notNull().default("draft"),
    /** When a scheduled campaign starts on its own. */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** How many readers it was queued for when it started. */
    recipients: integer("recipients").notNull().default(0),
    /** The post it was made from ("Send as newsletter"), if any. */
    postId: integer("post_id").references(() => webPosts.id, { onDelete: "set null" }),
    /** Edit conflicts: a save names the version it started from. */
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("web_newsletter_campaigns_status_idx").on(t.status, t.scheduledAt)],
);

/**
 * The newsletter's shared pace, one row: every process's campaign sender takes its turn from it,
 * so two processes together keep to the messages-a-second and daily limits.
 */
export const webNewsletterPace = pgTable("web_newsletter_pace", {
  id: integer("id").primaryKey(),
  /** The earliest time the next batch may leave. */
  nextAt: timestamp("next_at", { withTimezone: true }).notNull().defaultNow(),
  /** The day (UTC) `dayCount` counts, and how many mails left on it. */
  day: text("day").notNull().default(""),
  dayCount: integer("day_count").notNull().default(0),
});
