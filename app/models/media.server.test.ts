import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webMedia } from "~/db/schema.server";
import { createLocalStorage, setMediaStorage } from "~/media/storage.server";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { deleteMedia, listMedia, updateMediaAltText } from "./media.server";

describe.each(backends)("media library model on %s", (backend) => {
  let database: Database;
  let dir: string;

  beforeEach(async () => {
    database = await openSiteDatabase(backend);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-model-"));
    setMediaStorage(createLocalStorage(dir));
  });
  afterEach(async () => {
    setMediaStorage(undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    await closeSiteDatabase(database);
  });

  /** `count` files, alternating image and document, the last one newest. */
  async function addFiles(count: number) {
    const start = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: count }, (_, i) => {
      const image = i % 2 === 0;
      return {
        name: `${start + i}-${String(i).padStart(8, "0")}.${image ? "png" : "pdf"}`,
        originalName: `file-${i}.${image ? "png" : "pdf"}`,
        mimeType: image ? "image/png" : "application/pdf",
        size: 1000 + i,
        createdAt: new Date(start + i * 1000),
      };
    });
    await database.db.insert(webMedia).values(rows);
    return rows;
  }

  it("lists newest first, 100 at a time, saying whether more follow", async () => {
    await addFiles(205);
    const first = await listMedia();
    expect(first.items).toHaveLength(100);
    expect(first.hasMore).toBe(true);
    expect(first.items[0]?.originalName).toBe("file-204.png");
    expect(first.items[0]?.url).toMatch(/^\/media\/\d{13}-00000204\.png$/);
    const third = await listMedia({ offset: 200 });
    expect(third.items.map((item) => item.originalName)).toEqual([
      "file-4.png",
      "file-3.pdf",
      "file-2.png",
      "file-1.pdf",
      "file-0.png",
    ]);
    expect(third.hasMore).toBe(false);
    expect((await listMedia({ limit: 500 })).items).toHaveLength(100);
  });

  it("filters images and documents", async () => {
    await addFiles(6);
    const images = await listMedia({ kind: "images" });
    expect(images.items.map((item) => item.originalName)).toEqual([
      "file-4.png",
      "file-2.png",
      "file-0.png",
    ]);
    expect(images.items.every((item) => item.kind === "image")).toBe(true);
    const documents = await listMedia({ kind: "documents" });
    expect(documents.items.map((item) => item.mimeType)).toEqual([
      "application/pdf",
      "application/pdf",
      "application/pdf",
    ]);
  });

  it("edits alt text and deletes the row with its bytes", async () => {
    const [row] = await addFiles(1);
    const { items } = await listMedia();
    const id = items[0]?.id as number;
    fs.writeFileSync(path.join(dir, row?.name as string), "bytes");
    expect((await updateMediaAltText(id, "A chart"))?.altText).toBe("A chart");
    expect((await deleteMedia(id))?.name).toBe(row?.name);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect((await listMedia()).items).toEqual([]);
    expect(await deleteMedia(id)).toBeNull();
    expect(await updateMediaAltText(id, "x")).toBeNull();
  });
});
