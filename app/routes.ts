import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Marketing pages. The home page is a page built from blocks, drawn by the catch-all's module.
  index("routes/marketing/page.tsx", { id: "home" }),
  route("newsletter", "routes/marketing/newsletter.tsx"),
  route("newsletter/unsubscribe", "routes/marketing/newsletter-unsubscribe.tsx"),
  route("newsletter/confirm", "routes/marketing/newsletter-confirm.tsx"),

  route("blog", "routes/blog/index.tsx"),
  route("blog/rss.xml", "routes/blog/rss.ts"),
  route("blog/:slug", "routes/blog/post.tsx"),
  route("create-voice-blog", "routes/blog/create-voice-blog.tsx"),
  route("create-hiring-hub-post", "routes/blog/create-hiring-hub-post.tsx"),

  // Auth
  route("auth", "routes/auth/auth.tsx"),
  route("sign-out", "routes/auth/sign-out.ts"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("invite/:token", "routes/auth/invite.tsx"),
  route("auth/two-factor", "routes/auth/two-factor.tsx"),
  route("account/confirm", "routes/account/confirm.ts"),

  // The staff's frame (sidebar, no public header or footer) around the account and the admin.
  layout("routes/admin/shell.tsx", [
    route("account/security", "routes/account/security.tsx"),

    // Admin: one route per dashboard tab, all under the layout that checks the admin role.
    // Every tab's own loader and action checks it again (loaders run in parallel).
    route("admin", "routes/admin/layout.tsx", [
      index("routes/admin/overview.tsx"),
      route("pages", "routes/admin/pages.tsx"),
      route("pages/:id", "routes/admin/page-editor.tsx"),
      route("pages/shared/:id", "routes/admin/shared-section-editor.tsx"),
      route("blog", "routes/admin/blog.tsx"),
      // A post's editor; /admin/blog/new before its first save.
      route("blog/:id", "routes/admin/post-editor.tsx"),
      route("newsletter", "routes/admin/newsletter.tsx"),
      route("newsletter/settings", "routes/admin/newsletter-settings.tsx"),
      // Campaigns by state.
      route("newsletter/campaigns", "routes/admin/campaigns.tsx"),
      // A campaign's editor; /admin/newsletter/campaigns/new before its first save.
      route("newsletter/campaigns/:id", "routes/admin/campaign-editor.tsx"),
      route("leads", "routes/admin/leads.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("integrations", "routes/admin/integrations.tsx"),
      route("integrations/deliveries", "routes/admin/integration-deliveries.tsx"),
      route("links", "routes/admin/links.tsx"),
      route("redirects", "routes/admin/redirects.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("analytics", "routes/admin/analytics.tsx"),
      route("api-keys", "routes/admin/api-keys.tsx"),
      route("audit-log", "routes/admin/audit-log.tsx"),
      route("team", "routes/admin/team.tsx"),
    ]),
  ]),
  // Admin resource routes (exports, uploads) go below, one block per tab.
  // Media
  route("admin/media/upload", "routes/admin/media-upload.ts"),
  // Pages: a page's revisions for the editor's History panel.
  route("admin/pages/:id/revisions", "routes/admin/page-revisions.ts"),
  // Pages: the shared sections a page's Shared section block can place (its select's choices).
  route("admin/pages/shared-sections", "routes/admin/shared-sections.ts"),
  // Pages and Blog: the published pages and posts the rich-text editor's link picker offers.
  route("admin/pages/link-targets", "routes/admin/link-targets.ts"),
  // Blog: the image picker's page of media images, and a post's revisions for its History panel.
  route("admin/blog/media", "routes/admin/blog-media.ts"),
  route("admin/blog/revisions", "routes/admin/blog-revisions.ts"),
  // Blog: the post editor's writing suggestions (the OpenAI integration).
  route("admin/blog/assist", "routes/admin/blog-assist.ts"),
  // Newsletter and leads: CSV exports.
  route("admin/newsletter/export", "routes/admin/newsletter-export.ts"),
  // Newsletter: the From domain's SPF, DKIM and DMARC (the settings' sender check).
  route("admin/newsletter/sender-check", "routes/admin/newsletter-sender-check.ts"),
  // Newsletter: a campaign's send, schedule, pause, resume, cancel and test; its live counts.
  route("admin/newsletter/campaigns/:id/send", "routes/admin/campaign-send.ts"),
  // Newsletter: a campaign's unsaved draft built as its mail (the editor's Preview).
  route("admin/newsletter/campaigns/:id/preview", "routes/admin/campaign-preview.ts"),
  route("admin/leads/export", "routes/admin/leads-export.ts"),
  // Settings: the values the branding, footer and contact dialogs open with.
  route("admin/settings/values", "routes/admin/settings-values.ts"),
  // Settings: backups (the panel's state and "Back up now"; an archive's download).
  route("admin/settings/backups", "routes/admin/backups.ts"),
  route("admin/settings/backups/:file", "routes/admin/backup-download.ts"),

  // Resources
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("api/newsletter-subscribe", "routes/resources/api-newsletter-subscribe.ts"),
  route("api/schedule-consultation", "routes/resources/api-schedule-consultation.ts"),
  route("api/contact", "routes/resources/api-contact.ts"),
  route("api/bot-check", "routes/resources/api-bot-check.ts"),
  route("api/integrations", "routes/resources/api-integrations.ts"),
  route("api/create-blog-post", "routes/resources/api-create-blog-post.ts"),
  // SendGrid's signed Event Webhook: bounces, spam reports and unsubscribes.
  route("api/webhooks/sendgrid", "routes/resources/api-webhooks-sendgrid.ts"),

  // A page's or a post's preview from its editor: its token is the only key.
  route("preview/:token", "routes/marketing/page-preview.tsx"),

  // Pages built from blocks at their own addresses; every other address is the not-found page.
  route("*", "routes/marketing/page.tsx"),
] satisfies RouteConfig;
