import { render, toPlainText } from "@react-email/render";
import { and, eq, inArray, sql } from "drizzle-orm";
import { renderPostHtml } from "~/blog/render.server";
import type { Db } from "~/db/client.server";
import { profiles, users, webMedia } from "~/db/schema.server";
import type { Env } from "~/env.server";
import { logger } from "~/lib/logger.server";
import type { Mailer, MailMessage } from "~/mail/mailer.server";
import { mediaNameFromUrl } from "~/media/responsive.server";
import { getMediaStorage } from "~/media/storage.server";
import { readSettings } from "~/models/admin-settings.server";
import { cardExcerpt } from "~/models/blog.server";
import { getPublishedPostBySlug } from "~/models/blog-post.server";
import type { MediaRow } from "~/models/media.server";
import { siteNameFrom } from "~/models/site.server";
import { fieldErrors } from "~/schemas/auth";
import { z } from "~/schemas/zod";
import { type CampaignDraft, campaignSendableSchema } from "../campaign";
import { type CampaignBlock, campaignBlockSchema } from "../campaign-body";
import type { CampaignRow, CampaignSite, MailForRecipient } from "../campaign-types.server";
import { listUnsubscribeHeaders, unsubscribeUrl } from "../list-unsubscribe";
import { newsletterMailto } from "../mailto";
import {
  CampaignEmail,
  CONTENT_WIDTH,
  colors,
  type EmailBlock,
  type EmailImage,
} from "./campaign-email";

/**
 * A campaign as a mail: drawn once with React Email (HTML) and as plain text from the same
 * blocks, with a placeholder where each reader's unsubscribe link goes. Sending then costs one
 * string join per reader, not a React render: a campaign to 10,000 readers draws it once.
 */

/** Stands where the reader's unsubscribe link goes; nothing a block can produce looks like it. */
export const UNSUBSCRIBE_PLACEHOLDER = "%%unsubscribe-url%%";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  '"': "&quot;",
  "'": "&#39;",
  "<": "&lt;",
  ">": "&gt;",
};

function escapeHtml(value: string) {
  return value.replace(/[&"'<>]/g, (char) => ESCAPES[char] ?? char);
}

/** A site path made absolute with the site's address; full addresses stay as they are. */
function absolute(siteUrl: string, href: string) {
  return href.startsWith("/") && !href.startsWith("//") ? `${siteUrl}${href}` : href;
}

function postUrl(siteUrl: string, slug: string) {
  return `${siteUrl}/blog/${encodeURIComponent(slug)}`;
}

// Mail clients drop <style> blocks and classes in places, so every tag the markdown renderer can
// emit carries its look itself.
const TAG_STYLES: Record<string, string> = {
  p: "font-size:16px;line-height:24px;margin:0 0 16px",
  a: `color:${colors.link};text-decoration:underline`,
  ul: "font-size:16px;line-height:24px;margin:0 0 16px;padding:0 0 0 24px",
  ol: "font-size:16px;line-height:24px;margin:0 0 16px;padding:0 0 0 24px",
  li: "margin:0 0 4px",
  blockquote: `margin:0 0 16px;padding:0 0 0 16px;border-left:4px solid ${colors.line};color:${colors.muted}`,
  strong: "font-weight:700",
  b: "font-weight:700",
  em: "font-style:italic",
  i: "font-style:italic",
  h2: "font-size:22px;line-height:28px;margin:8px 0 12px",
  h3: "font-size:18px;line-height:24px;margin:8px 0 8px",
  h4: "font-size:16px;line-height:24px;margin:8px 0 8px",
  code: "font-family:Menlo,Consolas,monospace;font-size:14px",
  pre: "font-family:Menlo,Consolas,monospace;font-size:14px;white-space:pre-wrap;margin:0 0 16px",
  img: `display:block;max-width:${CONTENT_WIDTH}px;width:100%;height:auto;border:0`,
  hr: `border:none;border-top:1px solid ${colors.line};margin:24px 0`,
};

/**
 * A text block's markdown as mail HTML: through the posts' renderer and its allow-list (the tags
 * it emits carry no style attribute, so adding ours is safe), links and images made absolute.
 */
function markdownHtml(markdown: string, siteUrl: string) {
  return renderPostHtml(markdown, { siteUrl })
    .replace(
      /(\s(?:href|src))="(\/(?![/\\])[^"]*)"/g,
      (_, name: string, path: string) => `${name}="${escapeHtml(siteUrl)}${path}"`,
    )
    .replace(/<(\w+)(?=[\s>/])/g, (tag, name: string) => {
      const style = TAG_STYLES[name];
      return style ? `${tag} style="${style}"` : tag;
    });
}

/** The plain-text form of mail HTML, links written "label: address". */
function htmlText(html: string) {
  const linked = html.replace(
    /<a\b[^>]*\shref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g,
    (_, href: string, label: string) => {
      const text = label.replace(/<[^>]*>/g, "").trim();
      return text && text !== href ? `${label}: ${href}` : href;
    },
  );
  return toPlainText(linked, { wordwrap: false }).trim();
}

/** The variant a mail shows: a JPEG or PNG copy (what every mail client shows) near 640 px wide. */
function mailVariant(row: MediaRow): EmailImage["src"] | undefined {
  const storage = getMediaStorage();
  const copies = row.variants.filter(
    (variant) => variant.kind === "w" && (variant.format === "jpg" || variant.format === "png"),
  );
  const wide = copies.filter((variant) => variant.width >= CONTENT_WIDTH);
  const chosen =
    wide.sort((a, b) => a.width - b.width)[0] ?? copies.sort((a, b) => b.width - a.width)[0];
  if (chosen) return storage.publicUrl(chosen.name);
  if (/^image\/(jpeg|png|gif)$/.test(row.mimeType)) return storage.publicUrl(row.name);
  return undefined;
}

type MailImages = Map<string, { src: string; width?: number; height?: number } | null>;

/**
 * Each image address as a mail shows it: library images as their mail-sized copy, other
 * addresses absolute; null for what mail clients cannot show (SVG, or no copy in JPEG or PNG).
 */
async function mailImages(db: Db, siteUrl: string, sources: string[]): Promise<MailImages> {
  const origin = new URL(siteUrl).origin;
  const names = new Map<string, string>();
  for (const src of sources) {
    const name = mediaNameFromUrl(src, origin);
    if (name) names.set(src, name);
  }
  const rows = names.size
    ? await db
        .select()
        .from(webMedia)
        .where(inArray(webMedia.name, [...new Set(names.values())]))
    : [];
  const byName = new Map(rows.map((row) => [row.name, row]));
  const found: MailImages = new Map();
  for (const src of sources) {
    const name = names.get(src);
    const row = name ? byName.get(name) : undefined;
    if (row) {
      const variant = mailVariant(row);
      found.set(
        src,
        variant
          ? {
              src: absolute(siteUrl, variant),
              width: row.width ?? undefined,
              height: row.height ?? undefined,
            }
          : null,
      );
    } else if (/\.svg(\?|#|$)/i.test(src)) found.set(src, null);
    else found.set(src, { src: absolute(siteUrl, src) });
  }
  return found;
}

const IMG_SRC = /(<img\b[^>]*\ssrc=")([^"]*)"/g;

/** The sanitizer escapes `&` in attributes; the addresses themselves are looked up unescaped. */
const unescapeAttribute = (value: string) => value.replace(/&quot;/g, '"').replace(/&amp;/g, "&");

/** The images a text block's HTML shows. */
function imageSources(html: string) {
  return [...html.matchAll(IMG_SRC)].map((match) => unescapeAttribute(match[2] ?? ""));
}

/** A text block's library images swapped for their mail-sized copies, like the image blocks'. */
function withMailImages(html: string, images: MailImages) {
  return html.replace(IMG_SRC, (tag, start: string, src: string) => {
    const image = images.get(unescapeAttribute(src));
    return image ? `${start}${escapeHtml(image.src)}"` : tag;
  });
}

/** The stored blocks that still match their schema (a block that does not is left out, not guessed at). */
function validBlocks(body: unknown[]): CampaignBlock[] {
  const blocks: CampaignBlock[] = [];
  for (const raw of body) {
    const parsed = campaignBlockSchema.safeParse(raw);
    if (parsed.success) blocks.push(parsed.data as CampaignBlock);
  }
  return blocks;
}

type Post = NonNullable<Awaited<ReturnType<typeof getPublishedPostBySlug>>>;

async function readPosts(db: Db, blocks: CampaignBlock[]) {
  const slugs = [
    ...new Set(blocks.flatMap((block) => (block.type === "postCard" ? [block.slug] : []))),
  ];
  const posts = new Map<string, Post>();
  for (const slug of slugs) {
    const post = await getPublishedPostBySlug(db, slug);
    if (post) posts.set(slug, post);
  }
  return posts;
}

/** The blocks with everything they show looked up: posts, image copies, markdown as HTML. */
async function resolveBlocks(db: Db, blocks: CampaignBlock[], site: CampaignSite) {
  const posts = await readPosts(db, blocks);
  const texts = new Map<string, string>();
  for (const block of blocks) {
    if (block.type === "text") texts.set(block.id, markdownHtml(block.markdown, site.siteUrl));
  }
  const sources = blocks.flatMap((block) => {
    if (block.type === "image") return [block.src];
    if (block.type === "postCard") return [posts.get(block.slug)?.featuredImageUrl ?? ""];
    if (block.type === "text") return imageSources(texts.get(block.id) ?? "");
    return [];
  });
  const images = await mailImages(
    db,
    site.siteUrl,
    sources.filter((src) => src.trim() !== ""),
  );
  const missingPosts: string[] = [];
  const resolved: EmailBlock[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "heading":
      case "divider":
        resolved.push(block);
        break;
      case "text":
        resolved.push({
          type: "text",
          id: block.id,
          html: withMailImages(texts.get(block.id) ?? "", images),
        });
        break;
      case "image": {
        const image = images.get(block.src);
        if (!image) break;
        resolved.push({
          type: "image",
          id: block.id,
          image: { ...image, alt: block.alt },
          href: block.href ? absolute(site.siteUrl, block.href) : undefined,
        });
        break;
      }
      case "button":
        resolved.push({ ...block, href: absolute(site.siteUrl, block.href) });
        break;
      case "postCard": {
        const post = posts.get(block.slug);
        if (!post) {
          missingPosts.push(block.slug);
          break;
        }
        const cover = post.featuredImageUrl ? images.get(post.featuredImageUrl) : null;
        resolved.push({
          type: "postCard",
          id: block.id,
          title: post.title,
          excerpt: cardExcerpt({ excerpt: post.excerpt, contentStart: post.content.slice(0, 400) }),
          url: postUrl(site.siteUrl, post.slug),
          cover: cover ? { ...cover, alt: post.title } : undefined,
        });
        break;
      }
    }
  }
  return { blocks: resolved, missingPosts };
}

/** The text part, from the same blocks: headings, paragraphs, links as "label: address". */
function plainText(blocks: EmailBlock[], site: CampaignSite, test: boolean) {
  const parts: string[] = [site.siteName];
  for (const block of blocks) {
    switch (block.type) {
      case "heading":
        parts.push(
          block.level === "1"
            ? `${block.text}\n${"=".repeat(Math.min(block.text.length, 60))}`
            : block.text,
        );
        break;
      case "text":
        parts.push(htmlText(block.html));
        break;
      case "image": {
        const alt = block.image.alt ? `[${block.image.alt}]` : "";
        if (block.href) parts.push(alt ? `${alt}: ${block.href}` : block.href);
        else if (alt) parts.push(alt);
        break;
      }
      case "button":
        parts.push(`${block.label}: ${block.href}`);
        break;
      case "divider":
        parts.push("----------");
        break;
      case "postCard":
        parts.push(
          [block.title, block.excerpt, `Read more: ${block.url}`].filter(Boolean).join("\n"),
        );
        break;
    }
  }
  parts.push(
    [
      "--",
      ...(test ? ["This is a test mail for staff. Its unsubscribe link does nothing."] : []),
      `You get this mail because you subscribed to the ${site.siteName} newsletter.`,
      `Unsubscribe (no sign-in needed): ${UNSUBSCRIBE_PLACEHOLDER}`,
    ].join("\n"),
  );
  return `${parts.filter((part) => part !== "").join("\n\n")}\n`;
}

/**
 * The campaign's HTML and text, with UNSUBSCRIBE_PLACEHOLDER where each reader's link goes.
 * A post card whose post is gone or no longer published is left out and named in missingPosts.
 */
export async function renderCampaign(
  db: Db,
  campaign: Pick<CampaignRow, "subject" | "previewText" | "body">,
  site: CampaignSite,
  options: { test?: boolean } = {},
): Promise<{ html: string; text: string; missingPosts: string[] }> {
  const { blocks, missingPosts } = await resolveBlocks(db, validBlocks(campaign.body), site);
  const html = await render(
    <CampaignEmail
      siteName={site.siteName}
      siteUrl={site.siteUrl}
      previewText={campaign.previewText}
      blocks={blocks}
      unsubscribeHref={UNSUBSCRIBE_PLACEHOLDER}
      test={options.test}
    />,
  );
  return { html, text: plainText(blocks, site, options.test ?? false), missingPosts };
}

/** The parts of a mail around each reader's own link: one join per reader. */
function perReader(rendered: { html: string; text: string }) {
  const html = rendered.html.split(UNSUBSCRIBE_PLACEHOLDER);
  const text = rendered.text.split(UNSUBSCRIBE_PLACEHOLDER);
  return (link: string) => ({ html: html.join(escapeHtml(link)), text: text.join(link) });
}

function senderFields(campaign: Pick<CampaignRow, "replyTo" | "fromName">) {
  return {
    ...(campaign.replyTo ? { replyTo: campaign.replyTo } : {}),
    ...(campaign.fromName ? { fromName: campaign.fromName } : {}),
  };
}

/**
 * The campaign made ready to send: drawn once, then each reader's mail with their unsubscribe
 * link in the footer and the List-Unsubscribe headers.
 */
export async function prepareCampaignMail(
  db: Db,
  campaign: CampaignRow,
  site: CampaignSite,
): Promise<MailForRecipient> {
  const rendered = await renderCampaign(db, campaign, site);
  if (rendered.missingPosts.length > 0) {
    logger.warn(
      { campaignId: campaign.id, missingPosts: rendered.missingPosts },
      "campaign mail leaves out post cards whose post is not published",
    );
  }
  const fill = perReader(rendered);
  const sender = senderFields(campaign);
  return (recipient) => ({
    to: recipient.email,
    subject: campaign.subject,
    ...fill(unsubscribeUrl(site.siteUrl, recipient.unsubscribeToken)),
    headers: listUnsubscribeHeaders({
      siteUrl: site.siteUrl,
      token: recipient.unsubscribeToken,
      mailto: site.mailto,
    }),
    ...sender,
  });
}

/** Where the campaign's mail points, as the welcome mail gets it: SITE_URL and the site settings. */
export async function campaignSite(db: Db, env: Env): Promise<CampaignSite> {
  const settings = await readSettings(db);
  const mailto = newsletterMailto(settings);
  return {
    siteUrl: env.SITE_URL.replace(/\/+$/, ""),
    siteName: siteNameFrom(settings),
    ...(mailto ? { mailto } : {}),
  };
}

export type TestSendOutcome =
  | { status: "sent"; to: string[] }
  | { status: "refused"; errors: Record<string, string> };

export const TEST_SEND_MAX = 5;

const testAddressesSchema = z
  .array(z.email("Enter valid e-mail addresses.").trim().toLowerCase(), "Enter an address.")
  .min(1, "Enter at least one address to send the test to.")
  .max(TEST_SEND_MAX, `A test goes to at most ${TEST_SEND_MAX} addresses.`);

/**
 * The token of a test mail's unsubscribe link: no subscriber has it (real tokens are random
 * base64url), so the link opens the unsubscribe page and unsubscribes no one.
 */
export const TEST_UNSUBSCRIBE_TOKEN = "test-mail-unsubscribes-no-one";

/** The addresses among these that belong to staff (an admin or editor account). */
async function staffAddresses(db: Db, addresses: string[]) {
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        inArray(sql`lower(${users.email})`, addresses),
        inArray(profiles.role, ["admin", "editor"]),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

function refused(errors: Partial<Record<string, string>>): TestSendOutcome {
  const filled = Object.entries(errors).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return { status: "refused", errors: Object.fromEntries(filled) };
}

/**
 * A test of the draft as it stands, to staff only: a test must not reach readers, nor be a way
 * to mail anyone from the site. The subject says "[Test]" and the unsubscribe link is inert.
 */
export async function sendCampaignTest(
  db: Db,
  draft: CampaignDraft,
  to: string[],
  options: { site: CampaignSite; mailer: Mailer },
): Promise<TestSendOutcome> {
  const addresses = testAddressesSchema.safeParse(to);
  if (!addresses.success) return refused({ to: addresses.error.issues[0]?.message });
  const recipients = [...new Set(addresses.data)];
  const staff = await staffAddresses(db, recipients);
  const stranger = recipients.find((address) => !staff.has(address));
  if (stranger) {
    return refused({ to: `Test mails go only to staff addresses: ${stranger} is not one.` });
  }
  const sendable = campaignSendableSchema.safeParse(draft);
  if (!sendable.success) return refused(fieldErrors(sendable.error));

  const campaign = sendable.data;
  const rendered = await renderCampaign(db, campaign, options.site, { test: true });
  const link = unsubscribeUrl(options.site.siteUrl, TEST_UNSUBSCRIBE_TOKEN);
  const mail: Omit<MailMessage, "to"> = {
    subject: `[Test] ${campaign.subject}`,
    ...perReader(rendered)(link),
    headers: listUnsubscribeHeaders({
      siteUrl: options.site.siteUrl,
      token: TEST_UNSUBSCRIBE_TOKEN,
      mailto: options.site.mailto,
    }),
    ...senderFields(campaign),
  };
  for (const address of recipients) await options.mailer.send({ ...mail, to: address });
  return { status: "sent", to: recipients };
}
