import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users, webPagePreviews } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { createPagePreview, type PagePreview, readPagePreview } from "./preview.server";

const preview: PagePreview = {
  title: "Spring offer (unsaved)",
  path: "/spring-offer",
  kind: "landing",
  blocks: [
    {
      id: "cta1",
      type: "cta",
      v: 2,
      anchor: "",
      title: "Talk to us",
      text: "",
      primary: { label: "Book a call", href: "/schedule-consultation" },
    },
  ],
  metaTitle: null,
  metaDescription: "Twenty percent off",
  ogImageUrl: null,
};

describe.each(backends)("page previews on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
    await database.db.insert(users).values({ id: "u1", name: "Ada", email: "ada@example.com" });
  });
  afterEach(async () => {
    await database.close();
  });

  it("shows the snapshot at an unguessable address until it expires, then nothing", async () => {
    const made = await createPagePreview(database.db, preview, { userId: "u1" });
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hour = new Date(made.expiresAt).getTime() - Date.now();
    expect(hour).toBeGreaterThan(59 * 60_000);
    expect(hour).toBeLessThanOrEqual(60 * 60_000);
    expect(await readPagePreview(database.db, made.token)).toEqual(preview);

    const other = await createPagePreview(database.db, preview, { userId: "u1" });
    expect(other.token).not.toBe(made.token);
    expect(await readPagePreview(database.db, `${made.token.slice(0, -1)}A`)).toBeNull();
    expect(await readPagePreview(database.db, "../../etc")).toBeNull();

    const brief = await createPagePreview(database.db, preview, { userId: "u1", ttlMs: 200 });
    expect(await readPagePreview(database.db, brief.token)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await readPagePreview(database.db, brief.token)).toBeNull();

    // The next preview clears the expired ones away; the live ones stay.
    await createPagePreview(database.db, preview, { userId: "u1" });
    const tokens = (
      await database.db.select({ token: webPagePreviews.token }).from(webPagePreviews)
    ).map((r) => r.token);
    expect(tokens).not.toContain(brief.token);
    expect(tokens).toContain(made.token);
    expect(tokens).toHaveLength(3);
  });
});
