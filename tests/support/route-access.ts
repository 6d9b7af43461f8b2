import { type AdminSection, type AdminTab, adminSection, sectionOfPath } from "~/admin/tabs";
import type { StaffRole } from "~/auth/roles";

/**
 * Who may use each address the server answers: every path of app/routes.ts and every route
 * server/app.ts mounts itself. tests/e2e/access-matrix.test.ts calls each one as a visitor, a
 * signed-in member, an editor and an admin and fails for an address without a rule here, so a new
 * route cannot ship without someone deciding who may use it.
 *
 * - public: anyone, with the same answer.
 * - signed-out: a page for visitors (sign-in, sign-up); someone signed in is sent to "/".
 * - signed-in: any signed-in account's own page; visitors are sent to /auth.
 * - section: a dashboard section's, with the role app/admin/tabs.ts gives it (the section of the
 *   tab at or above the address, see sectionOfPath), written nowhere else. Staff with the role may
 *   use it. Visitors are sent to /auth (or get 401), members are refused; both change nothing. An
 *   editor on an admin section gets 403. Every address under /admin takes this rule, and one that
 *   no tab covers fails the test.
 * - api-key-or-section: an API key (Authorization: Bearer), or the session of staff with the role
 *   of the rule's `section`; 401 / 403 otherwise.
 * - admin-command: `npm run admin` through the server, from this machine with DATA_DIR's token;
 *   no session of any kind opens it.
 */
export type Access =
  | "public"
  | "signed-out"
  | "signed-in"
  | "section"
  | "api-key-or-section"
  | "admin-command";

/** What the test makes before it starts, for the samples of dynamic segments. */
export interface AccessFixtures {
  /** Slug of a published post. */
  postSlug: string;
  /** Name of a file in the media library. */
  mediaName: string;
  /** Path of one of the built client's files under /assets. */
  assetPath: string;
}

export interface RouteRule {
  access: Access;
  /** The dashboard section of an address outside /admin ("api-key-or-section"). */
  section?: AdminSection;
  /** Why, where the access is not obvious from the address. */
  why?: string;
  /** The address to GET, for a path with dynamic segments or one that needs a query. */
  sample?: string | ((fixtures: AccessFixtures) => string);
  /** What GET answers those who may use the route, when that is not 200. */
  get?: number;
  /**
   * What a POST of an empty form answers those who may use the route. Required for every route
   * that takes writes (a route module exporting an action, or an Express route that takes POST).
   */
  post?: number;
  /** Where the POST goes when it is not the sample address. */
  postSample?: string;
  /** The POST ends the caller's session, so the test sends it after the caller's other requests. */
  endsSession?: boolean;
}

/** Keyed by path as the route configuration spells it ("/blog/:slug", "/*"). */
export const routeAccess: Record<string, RouteRule> = {
  "/": {
    access: "public",
    post: 405,
    why: "the home page's module has the pages' form action, but a POST to / (no ?index) goes to the root, which has none",
  },
  "/newsletter": { access: "public", post: 400, why: "the footer form without JavaScript" },
  "/newsletter/unsubscribe": {
    access: "public",
    get: 404,
    post: 404,
    why: "the mailed link works without signing in; without a valid token it finds nothing. A POST with the token in the address is RFC 8058's one-click unsubscribe (server/app.ts answers it before React Router), taken from any origin",
  },

  "/newsletter/confirm": {
    access: "public",
    get: 404,
    post: 404,
    why: "the double opt-in link works without signing in; without a valid token it finds nothing",
  },

  "/blog": { access: "public" },
  "/blog/rss.xml": { access: "public" },
  "/blog/:slug": { access: "public", sample: ({ postSlug }) => `/blog/${postSlug}` },
  "/create-voice-blog": {
    access: "public",
    why: "the page shows to anyone; publishing goes through /api/create-blog-post",
  },
  "/create-hiring-hub-post": {
    access: "public",
    why: "the page shows to anyone; publishing goes through /api/create-blog-post",
  },

  "/auth": { access: "signed-out", post: 400 },
  "/sign-out": {
    access: "public",
    get: 302,
    post: 302,
    endsSession: true,
    why: "ends whatever session the request carries (none for a visitor), then goes home",
  },
  "/forgot-password": { access: "public", post: 400 },
  "/reset-password": { access: "public", post: 400, why: "the mailed link carries the token" },
  "/invite/:token": {
    access: "public",
    sample: "/invite/not-a-valid-invitation-token",
    get: 410,
    post: 410,
    why: "a staff invitation's mailed link; an unknown, used, revoked or expired token is gone",
  },
  "/auth/two-factor": {
    access: "signed-out",
    post: 400,
    why: "sign-in's second step; without the password step's challenge cookie it only says so",
  },
  "/account/security": {
    access: "signed-in",
    post: 400,
    why: "the caller's own sessions, password and two-factor sign-in",
  },
  "/account/confirm": {
    access: "signed-in",
    post: 400,
    why: "\"Confirm it's you\" before a backup, an API key, a team change, a passkey or two-factor off: the caller's own password",
  },

  "/admin": { access: "section", why: "the dashboard's layout and overview" },
  "/admin/pages": { access: "section", post: 400 },
  "/admin/pages/:id": {
    access: "section",
    sample: "/admin/pages/2147483647",
    get: 404,
    post: 400,
    why: "a page's editor (no page has this id); a post without an intent is refused before the page is looked up",
  },
  "/admin/pages/:id/revisions": {
    access: "section",
    sample: "/admin/pages/2147483647/revisions",
    why: "a page's History panel (none kept for a page that does not exist)",
  },
  "/admin/pages/shared/:id": {
    access: "section",
    sample: "/admin/pages/shared/2147483647",
    get: 404,
    post: 400,
    why: "a shared section's editor (no section has this id); a post without an intent is refused",
  },
  "/admin/pages/shared-sections": {
    access: "section",
    why: "the shared sections a page's Shared section block can place (JSON)",
  },
  "/admin/pages/link-targets": {
    access: "section",
    why: "the published pages and posts the rich-text editor's link picker offers (JSON)",
  },
  "/admin/blog": { access: "section", post: 400 },
  "/admin/blog/:id": {
    access: "section",
    sample: "/admin/blog/2147483647",
    get: 404,
    post: 400,
    why: "a post's editor (no post has this id; /admin/blog/new writes a new one); a post without an intent is refused",
  },
  "/admin/newsletter": { access: "section", post: 400 },
  "/admin/newsletter/settings": { access: "section", post: 400 },
  "/admin/newsletter/campaigns": {
    access: "section",
    post: 400,
    why: "the campaigns by state; its POST makes a draft from a published post (Send as newsletter)",
  },
  "/admin/newsletter/campaigns/:id": {
    access: "section",
    sample: "/admin/newsletter/campaigns/2147483647",
    get: 404,
    post: 400,
    why: "a newsletter campaign's editor (no campaign has this id; /admin/newsletter/campaigns/new writes a new one); a post without an intent is refused",
  },
  "/admin/leads": { access: "section", post: 400 },
  "/admin/content": { access: "section", post: 400 },
  "/admin/integrations": { access: "section", post: 400 },
  "/admin/integrations/deliveries": {
    access: "section",
    post: 400,
    why: "what the site sent to its integrations; its POST resends one",
  },
  "/admin/links": { access: "section", post: 400 },
  "/admin/redirects": { access: "section", post: 400 },
  "/admin/media": { access: "section", post: 400 },
  "/admin/settings": { access: "section", post: 400 },
  "/admin/analytics": { access: "section" },
  "/admin/api-keys": { access: "section", post: 400 },
  "/admin/audit-log": { access: "section", post: 400 },
  "/admin/team": { access: "section", post: 400 },
  "/admin/media/upload": {
    access: "section",
    get: 405,
    post: 303,
    why: "uploads only; a form post without a file goes back to the media tab with an error toast",
  },
  "/admin/blog/media": { access: "section", why: "the image picker's list" },
  "/admin/blog/revisions": {
    access: "section",
    why: "a post's History panel",
    sample: "/admin/blog/revisions?post=1",
  },
  "/admin/blog/assist": {
    access: "section",
    get: 405,
    post: 400,
    why: "the post editor's writing suggestions: each one a paid call to the AI service",
  },
  "/admin/newsletter/export": { access: "section", why: "subscribers' addresses" },
  "/admin/newsletter/campaigns/:id/preview": {
    access: "section",
    sample: "/admin/newsletter/campaigns/new/preview",
    get: 405,
    post: 200,
    why: "the campaign editor's Preview: the unsaved draft built as its mail (an empty draft builds too); nothing is stored",
  },
  "/admin/newsletter/sender-check": {
    access: "section",
    post: 400,
    why: "the newsletter settings' SPF, DKIM and DMARC check (the server asks DNS for it); its POST saves the DKIM selector",
  },
  "/admin/newsletter/campaigns/:id/send": {
    access: "section",
    sample: "/admin/newsletter/campaigns/2147483647/send",
    get: 404,
    post: 400,
    why: "a campaign's sending: GET its live counts, POST sends, schedules, pauses, resumes, cancels or tests it (no campaign has this id; an empty post is refused first)",
  },
  "/admin/leads/export": { access: "section", why: "leads' names, addresses and messages" },
  "/admin/settings/values": { access: "section" },
  "/admin/settings/backups": {
    access: "section",
    post: 400,
    why: "the backups panel; its POST starts a backup",
  },
  "/admin/settings/backups/:file": {
    access: "section",
    sample: "/admin/settings/backups/site-backup-2026-01-01T030000Z.tar.gz",
    get: 403,
    why: "an archive holds every secret of the site: an admin must have confirmed it's them in the last 10 minutes (then 404: none is kept under this name)",
  },

  "/robots.txt": { access: "public" },
  "/sitemap.xml": { access: "public" },
  "/api/newsletter-subscribe": { access: "public", get: 405, post: 400 },
  "/api/schedule-consultation": { access: "public", get: 405, post: 400 },
  "/api/contact": { access: "public", get: 405, post: 400 },
  "/api/bot-check": {
    access: "public",
    post: 405,
    why: "a fresh proof-of-work challenge; GET only (its action only answers 405)",
  },
  "/api/integrations": {
    access: "public",
    why: "the enabled widgets' public fields only; secrets never leave the server",
  },
  "/api/webhooks/sendgrid": {
    access: "public",
    get: 405,
    post: 401,
    why: "SendGrid's signed Event Webhook: only a batch signed with the key on the SendGrid card is taken; sessions count for nothing",
  },
  "/api/create-blog-post": {
    access: "api-key-or-section",
    section: "blog",
    get: 405,
    post: 415,
    why: "the creator pages and automation publish posts; JSON only, so a form post is refused",
  },

  "/preview/:token": {
    access: "public",
    sample: "/preview/not-a-valid-preview-token",
    get: 404,
    why: "a page's or a post's editor preview: the unguessable, expiring token is the only key",
  },
  "/*": {
    access: "public",
    sample: "/no-such-page",
    get: 404,
    post: 404,
    why: "published pages built from blocks; any other address is the not-found page. A page's contact or consultation form posts to it without JavaScript (/contact, /schedule-consultation); where no page has one, 404",
  },

  // Mounted by server/app.ts itself.
  "/healthz": { access: "public", why: "process up, for load balancers" },
  "/readyz": { access: "public", why: "database answers, for load balancers" },
  "/media/:name": {
    access: "public",
    sample: ({ mediaName }) => `/media/${mediaName}`,
    why: "the media library's files are public by design (pages embed them)",
  },
  "/assets": {
    access: "public",
    sample: ({ assetPath }) => assetPath,
    why: "the built client's scripts and styles",
  },
  "/api/auth/*splat": {
    access: "public",
    sample: "/api/auth/get-session",
    postSample: "/api/auth/sign-in/email",
    post: 400,
    why: "better-auth: each endpoint checks its own session (sign-out, change-password, …)",
  },
  "/internal/admin": {
    access: "admin-command",
    sample: "/internal/admin/create",
    get: 401,
    post: 401,
  },
};

/**
 * The dashboard section whose role a route asks for: the rule's `section`, or for an address under
 * /admin the tab at or above it. Undefined for a route of no section (or one no tab covers).
 */
export function sectionOfRoute(path: string): AdminTab | undefined {
  const rule = routeAccess[path];
  if (rule?.access !== "section" && rule?.access !== "api-key-or-section") return undefined;
  return rule.section ? adminSection(rule.section) : sectionOfPath(path);
}

/** The staff role a route asks for (its section's), or undefined outside the sections. */
export function staffRoleOf(path: string): StaffRole | undefined {
  return sectionOfRoute(path)?.role;
}
