// STAND-IN: replaced at merge.
import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webNewsletterCampaigns, webPosts } from "~/db/schema.server";
import type { CampaignDraft } from "./campaign";
import type { CampaignRow } from "./campaign-types.server";

export async function getCampaign(db: Db, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(webNewsletterCampaigns)
    .where(eq(webNewsletterCampaigns.id, id));
  return row;
}

export async function listCampaigns(db: Db): Promise<CampaignRow[]> {
  return db
    .select()
    .from(webNewsletterCampaigns)
    .orderBy(desc(webNewsletterCampaigns.createdAt), desc(webNewsletterCampaigns.id));
}

export async function draftFromPost(db: Db, postId: number): Promise<CampaignDraft | null> {
  const [post] = await db.select().from(webPosts).where(eq(webPosts.id, postId));
  if (post?.status !== "published") return null;
  return {
    subject: post.title.slice(0, 200),
    previewText: (post.excerpt ?? "").replace(/\s+/g, " ").slice(0, 200),
    fromName: "",
    replyTo: "",
    audienceTags: [],
    body: [{ id: "post", type: "postCard", v: 1, slug: post.slug }],
  };
}

export async function createCampaign(
  db: Db,
  draft: CampaignDraft,
  { createdBy, postId }: { createdBy: string; postId?: number },
): Promise<CampaignRow> {
  const [row] = await db
    .insert(webNewsletterCampaigns)
    .values({ ...draft, createdBy, postId: postId ?? null })
    .returning();
  if (!row) throw new Error("the campaign was not stored");
  return row;
}
