import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webNewsletterCampaigns, webPosts } from "~/db/schema.server";
import { isVisiblePost } from "~/models/blog.server";
import { getPublishedPostBySlug } from "~/models/blog-post.server";
import { newBlockId } from "~/pages/blocks";
import { type CampaignDraft, sendableErrors } from "./campaign";
import type { PostChoice } from "./campaign-block-fields";
import type { CampaignBlock } from "./campaign-body";
import type { EditorCampaign } from "./campaign-save";
import type { CampaignRow } from "./campaign-types.server";

/**
 * Newsletter campaigns as staff write them: create, read, list, save (with edit conflicts by
 * version) and delete. Sending, scheduling and counting live with the campaign sender; here a
 * campaign only changes while nothing has left (draft or scheduled).
 */

const campaigns = webNewsletterCampaigns;

/** The states in which a campaign's words may still change: nothing has been sent. */
const EDITABLE = ["draft", "scheduled"] as const;
/** The states in which a campaign may be deleted: never started, or given up. */
const DELETABLE = ["draft", "cancelled"] as const;

export function isEditableCampaign(campaign: Pick<CampaignRow, "status">) {
  return (EDITABLE as readonly string[]).includes(campaign.status);
}

function draftColumns(draft: CampaignDraft) {
  return {
    subject: draft.subject,
    previewText: draft.previewText,
    fromName: draft.fromName,
    replyTo: draft.replyTo,
    audienceTags: draft.audienceTags,
    body: draft.body,
  };
}

export async function createCampaign(
  db: Db,
  draft: CampaignDraft,
  options: { createdBy: string | null; postId?: number | null },
): Promise<CampaignRow> {
  const [row] = await db
    .insert(campaigns)
    .values({
      ...draftColumns(draft),
      createdBy: options.createdBy,
      postId: options.postId ?? null,
    })
    .returning();
  if (!row) throw new Error("the campaign was not created");
  return row;
}

export async function getCampaign(db: Db, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
  return row;
}

/** Every campaign, newest first. */
export async function listCampaigns(db: Db): Promise<CampaignRow[]> {
  return db.select().from(campaigns).orderBy(desc(campaigns.createdAt), desc(campaigns.id));
}

export type SaveCampaignOutcome =
  | { status: "saved"; campaign: CampaignRow }
  | { status: "missing" }
  | { status: "conflict"; campaign: CampaignRow }
  | { status: "locked"; campaign: CampaignRow }
  /** A scheduled campaign must stay ready to send: these fields would stop it. */
  | { status: "unsendable"; errors: Record<string, string> };

/**
 * Saves staff's draft over version `expectedVersion`. One conditional update: it only writes when
 * the campaign is still at that version and still editable, so a save racing another save (or the
 * sender starting it) changes nothing and says why.
 */
export async function saveCampaign(
  db: Db,
  id: number,
  draft: CampaignDraft,
  expectedVersion: number,
): Promise<SaveCampaignOutcome> {
  // A draft not ready to send is saved only while the campaign is a draft: a scheduled one
  // would otherwise leave at its time without a subject or body (and go back to draft instead).
  const errors = sendableErrors(draft);
  const ready = Object.keys(errors).length === 0;
  const [saved] = await db
    .update(campaigns)
    .set({ ...draftColumns(draft), version: sql`${campaigns.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(campaigns.id, id),
        eq(campaigns.version, expectedVersion),
        inArray(campaigns.status, ready ? [...EDITABLE] : ["draft"]),
      ),
    )
    .returning();
  if (saved) return { status: "saved", campaign: saved };
  const current = await getCampaign(db, id);
  if (!current) return { status: "missing" };
  if (!isEditableCampaign(current)) return { status: "locked", campaign: current };
  if (!ready && current.status === "scheduled" && current.version === expectedVersion) {
    return { status: "unsendable", errors };
  }
  return { status: "conflict", campaign: current };
}

/** Deletes a draft or a cancelled campaign; false when there is none such (or it has been sent). */
export async function deleteCampaign(db: Db, id: number): Promise<boolean> {
  const deleted = await db
    .delete(campaigns)
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, [...DELETABLE])))
    .returning({ id: campaigns.id });
  return deleted.length > 0;
}

/**
 * "Send as newsletter" on a published post: its title as the subject, its excerpt as the preview
 * text, and a post card (title, excerpt, image and "Read more", read when the mail is built) as
 * the body. Null when the post is not published.
 */
export async function draftFromPost(db: Db, postId: number): Promise<CampaignDraft | null> {
  const [found] = await db
    .select({ slug: webPosts.slug })
    .from(webPosts)
    .where(eq(webPosts.id, postId))
    .limit(1);
  const post = found ? await getPublishedPostBySlug(db, found.slug) : null;
  if (!post) return null;
  return {
    subject: oneLine(post.title, 200),
    previewText: oneLine(post.excerpt ?? "", 200),
    fromName: "",
    replyTo: "",
    audienceTags: [],
    body: [{ id: newBlockId(), type: "postCard", v: 1, slug: post.slug }],
  };
}

function oneLine(text: string, max: number) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The published posts a post card may show, newest first (the editor's select). */
export async function listPostChoices(db: Db, limit = 200): Promise<PostChoice[]> {
  return db
    .select({ slug: webPosts.slug, title: webPosts.title })
    .from(webPosts)
    .where(isVisiblePost())
    .orderBy(sql`${webPosts.publishedAt} desc nulls last`, desc(webPosts.id))
    .limit(limit);
}

/** What the campaign editor gets of a stored campaign (never who made it). */
export function editorCampaign(row: CampaignRow): EditorCampaign {
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    editable: isEditableCampaign(row),
    postId: row.postId,
    savedAt: row.updatedAt.toISOString(),
    draft: {
      subject: row.subject,
      previewText: row.previewText,
      fromName: row.fromName,
      replyTo: row.replyTo,
      audienceTags: row.audienceTags,
      // Checked with the body's schema on every write.
      body: row.body as CampaignBlock[],
    },
  };
}
