import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "~/auth/session.server";
import { hiringHubPost, voiceBlogPost } from "~/content/creator-posts";
import type { Database } from "~/db/client.server";
import { auditLog, profiles, users, webPosts } from "~/db/schema.server";
import { createApiKey, revokeApiKey } from "~/models/api-keys.server";
import { BLOG_API_MAX_BODY_BYTES } from "~/schemas/blog-api";
import {
  backends,
  closeSiteDatabase,
  openSiteDatabase,
} from "../../../tests/support/test-database";
import { action, loader } from "./api-create-blog-post";

// The browser session is better-auth's business (tested elsewhere); here it is whatever the test says.
let sessionUser: CurrentUser | null = null;
vi.mock("~/auth/session.server", () => ({
  getCurrentUser: async () => sessionUser,
}));

const ADMIN: CurrentUser = {
  id: "admin-1",
  email: "admin@example.com",
  role: "admin",
  isAdmin: true,
  isStaff: true,
};
const MEMBER: CurrentUser = {
  id: "member-1",
  email: "member@example.com",
  role: "user",
  isAdmin: false,
  isStaff: false,
};

function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/create-blog-post", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The action's answer, whether it returned it or threw it (the auth guard throws). */
async function send(request: Request) {
  let response: Response;
  try {
    response = (await action({ request, params: {}, context: {} } as never)) as Response;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(backends)("POST /api/create-blog-post on %s", (backend) => {
  let database: Database;
  let key: string;
  let keyId: number;

  const postRows = () => database.db.select().from(webPosts).orderBy(webPosts.id);

  beforeEach(async () => {
    database = await openSiteDatabase(backend);
    await database.db.insert(users).values([
      { id: ADMIN.id, name: "Admin", email: ADMIN.email },
      { id: MEMBER.id, name: "Member", email: MEMBER.email },
    ]);
    await database.db.insert(profiles).values([
      { id: ADMIN.id, role: "admin" },
      { id: MEMBER.id, role: "user" },
    ]);
    const created = await createApiKey(database.db, { name: "Publisher", createdBy: ADMIN.id });
    key = created.key;
    keyId = created.summary.id;
    await database.db.delete(webPosts);
    sessionUser = null;
  });
  afterEach(async () => {
    await closeSiteDatabase(database);
  });

  it("publishes for a signed-in admin, with the admin as author, and audits it", async () => {
    sessionUser = ADMIN;
    const answer = await send(post(voiceBlogPost));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      slug: voiceBlogPost.slug,
      url: `/blog/${voiceBlogPost.slug}`,
      created: true,
      status: "published",
      published_at: expect.any(String),
    });
    const [row] = await postRows();
    expect(row).toMatchObject({
      id: answer.body.id,
      title: voiceBlogPost.title,
      content: voiceBlogPost.content.trim(),
      excerpt: voiceBlogPost.excerpt,
      status: "published",
      authorId: ADMIN.id,
      featuredImageUrl: voiceBlogPost.featured_image,
      metaTitle: voiceBlogPost.meta_title,
      metaDescription: voiceBlogPost.meta_description,
    });
    expect(row?.publishedAt).toBeInstanceOf(Date);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entity, "post"));
    expect(audit).toMatchObject([
      {
        actorId: ADMIN.id,
        action: "created",
        entityId: String(answer.body.id),
        details: { slug: voiceBlogPost.slug, status: "published", via: "session" },
      },
    ]);
  });

  it("schedules a post sent as published with a future published_at, and backdates a past one", async () => {
    const at = new Date(Date.now() + 3_600_000);
    const auth = { authorization: `Bearer ${key}` };
    const scheduled = await send(
      post(
        { title: "Launch", content: "Soon.", published: true, published_at: at.toISOString() },
        auth,
      ),
    );
    expect(scheduled.status).toBe(201);
    expect(scheduled.body).toMatchObject({ status: "scheduled", published_at: at.toISOString() });
    const backdated = await send(
      post(
        {
          title: "Archive",
          content: "Old news.",
          published: true,
          published_at: "2024-03-01T09:00:00+01:00",
        },
        auth,
      ),
    );
    expect(backdated.body).toMatchObject({
      status: "published",
      published_at: "2024-03-01T08:00:00.000Z",
    });
    const refused = await send(
      post({ title: "Bad", content: "x", published: true, published_at: "next Tuesday" }, auth),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toHaveProperty("published_at");
    expect((await postRows()).map((r) => [r.slug, r.status])).toEqual([
      ["launch", "scheduled"],
      ["archive", "published"],
    ]);
  });

  it("publishes for an API key, as the admin who made it, even with no session", async () => {
    const answer = await send(
      post({ title: "Über AI & You!", content: "Body" }, { authorization: `Bearer ${key}` }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.slug).toBe("über-ai-you");
    const [row] = await postRows();
    expect(row).toMatchObject({
      authorId: ADMIN.id,
      status: "draft",
      publishedAt: null,
      metaTitle: "Über AI & You!",
    });
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entity, "post"));
    expect(audit?.details).toMatchObject({ via: "api key Publisher" });
    expect(JSON.stringify(audit?.details)).not.toContain(key);
  });

  it("updates the post with the same slug instead of adding a second one", async () => {
    sessionUser = ADMIN;
    const first = await send(post(hiringHubPost));
    const again = await send(
      post({ ...hiringHubPost, title: "Hiring Hub, revised", excerpt: "New excerpt" }),
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, created: false });
    const rows = await postRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: "Hiring Hub, revised", excerpt: "New excerpt" });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entity, "post"));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["created", "updated"]);
  });

  it("keeps one post when the same article arrives several times at once", async () => {
    sessionUser = ADMIN;
    const answers = await Promise.all([1, 2, 3, 4].map(() => send(post(voiceBlogPost))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await postRows()).toHaveLength(1);
  });

  it("refuses a visitor (401), a member (403) and a revoked key (401), storing nothing", async () => {
    expect(await send(post(voiceBlogPost))).toEqual({
      status: 401,
      body: { error: "Sign in as an admin or editor, or send an API key." },
    });
    sessionUser = MEMBER;
    expect((await send(post(voiceBlogPost))).status).toBe(403);
    await revokeApiKey(database.db, keyId);
    sessionUser = ADMIN;
    const revoked = await send(post(voiceBlogPost, { authorization: `Bearer ${key}` }));
    expect(revoked).toEqual({
      status: 401,
      body: { error: "The API key is missing, invalid or revoked." },
    });
    expect(await postRows()).toEqual([]);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.entity, "post"))).toEqual(
      [],
    );
  });

  it("answers 400 with field errors for bad payloads and stores nothing", async () => {
    sessionUser = ADMIN;
    const missing = await send(post({ content: "Body", published: "yes" }));
    expect(missing).toEqual({
      status: 400,
      body: {
        error: "Title is required",
        fieldErrors: { title: "Title is required", published: "Published must be true or false" },
      },
    });
    const image = await send(
      post({ title: "T", content: "C", featured_image: "javascript:alert(1)" }),
    );
    expect(image.status).toBe(400);
    expect(image.body.fieldErrors).toHaveProperty("featured_image");
    const noSlug = await send(post({ title: "!!!", content: "C" }));
    expect(noSlug.status).toBe(400);
    expect(noSlug.body.fieldErrors).toHaveProperty("slug");
    expect(await send(post("{not json"))).toEqual({
      status: 400,
      body: { error: "The request body is not valid JSON" },
    });
    expect((await send(post("[1,2]"))).status).toBe(400);
    expect(await postRows()).toEqual([]);
  });

  it("takes a long article but not an endless one; JSON only", async () => {
    sessionUser = ADMIN;
    const long = await send(post({ title: "Long read", content: "word ".repeat(30_000) }));
    expect(long.status).toBe(201);
    const huge = await send(post({ title: "Huge", content: "x".repeat(BLOG_API_MAX_BODY_BYTES) }));
    expect(huge.status).toBe(413);
    const form = await send(
      new Request("http://localhost/api/create-blog-post", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "title=T&content=C",
      }),
    );
    expect(form).toEqual({ status: 415, body: { error: "Send the fields as JSON" } });
    expect(await postRows()).toHaveLength(1);
  });

  it("answers 405 to GET", async () => {
    const response = (await loader()) as Response;
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});
