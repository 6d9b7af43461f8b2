import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { type StoredVariant, webMedia } from "~/db/schema.server";
import { createLocalStorage, type MediaStorage } from "~/media/storage.server";
import { closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import {
  CANNOT_DESCRIBE,
  DESCRIBE_ORIGINAL_MAX_BYTES,
  describableVariant,
  FILE_MISSING,
  imageToDescribe,
  NOT_AN_IMAGE,
  NOT_IN_LIBRARY,
} from "./alt-text-image.server";

const BASE = "1700000000000-abcdefgh";

function variant(
  format: StoredVariant["format"],
  width: number,
  kind: StoredVariant["kind"] = "w",
): StoredVariant {
  const ext = format;
  const step = kind === "og" ? "og" : `w${width}`;
  return {
    name: `${BASE}-v1-${step}.${ext}`,
    format,
    kind,
    width,
    height: Math.round(width * 0.75),
    size: width * 10,
  };
}

describe("the copy of an image sent for its alt text", () => {
  it("is the smallest WebP (else JPEG) width step that vision models see whole", () => {
    const all = [
      variant("avif", 320),
      variant("webp", 960),
      variant("jpg", 640),
      variant("webp", 640),
      variant("webp", 320),
      variant("jpg", 1200, "og"),
    ];
    expect(describableVariant(all)?.name).toBe(`${BASE}-v1-w640.webp`);
    expect(describableVariant(all.filter((v) => v.format !== "webp"))?.name).toBe(
      `${BASE}-v1-w640.jpg`,
    );
    // A small image: its largest copy, WebP first.
    expect(describableVariant([variant("webp", 320), variant("jpg", 320)])?.name).toBe(
      `${BASE}-v1-w320.webp`,
    );
    expect(describableVariant([variant("avif", 640), variant("png", 640)])).toBeUndefined();
    expect(describableVariant([])).toBeUndefined();
  });
});

describe("reading the image of a media file", () => {
  let database: Database;
  let dir: string;
  let storage: MediaStorage;

  async function insert(values: Partial<typeof webMedia.$inferInsert> & { name: string }) {
    const [row] = await database.db
      .insert(webMedia)
      .values({ originalName: values.name, mimeType: "image/jpeg", size: 100, ...values })
      .returning({ id: webMedia.id });
    if (!row) throw new Error("not inserted");
    return row.id;
  }

  beforeAll(async () => {
    database = await openSiteDatabase("pglite");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "alt-text-image-"));
    storage = createLocalStorage(dir);
  });
  afterAll(async () => {
    await closeSiteDatabase(database);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads the chosen copy from the storage, with its type", async () => {
    const copy = variant("webp", 640);
    await storage.put(copy.name, Buffer.from("webp-copy"), { contentType: "image/webp" });
    const id = await insert({
      name: "1700000000001-abcdefgh.jpg",
      variants: [variant("webp", 320), copy],
    });
    const image = await imageToDescribe(database.db, id, storage);
    expect(image.mime).toBe("image/webp");
    expect(Buffer.from(image.bytes).toString()).toBe("webp-copy");
  });

  it("falls back to a small original of a type vision models read", async () => {
    const name = "1700000000002-abcdefgh.png";
    await storage.put(name, Buffer.from("png-original"), { contentType: "image/png" });
    const id = await insert({ name, mimeType: "image/png", size: 12 });
    expect(await imageToDescribe(database.db, id, storage)).toEqual({
      mime: "image/png",
      bytes: Buffer.from("png-original"),
    });

    const large = await insert({
      name: "1700000000003-abcdefgh.jpg",
      size: DESCRIBE_ORIGINAL_MAX_BYTES + 1,
    });
    await expect(imageToDescribe(database.db, large, storage)).rejects.toMatchObject({
      status: 400,
      message: CANNOT_DESCRIBE,
    });
    const svg = await insert({ name: "1700000000004-abcdefgh.svg", mimeType: "image/svg+xml" });
    await expect(imageToDescribe(database.db, svg, storage)).rejects.toMatchObject({
      status: 400,
      message: CANNOT_DESCRIBE,
    });
  });

  it("refuses unknown ids, documents and missing files with a clear message", async () => {
    await expect(imageToDescribe(database.db, 999_999, storage)).rejects.toMatchObject({
      status: 404,
      message: NOT_IN_LIBRARY,
    });
    const pdf = await insert({ name: "1700000000005-abcdefgh.pdf", mimeType: "application/pdf" });
    await expect(imageToDescribe(database.db, pdf, storage)).rejects.toMatchObject({
      status: 400,
      message: NOT_AN_IMAGE,
    });
    const gone = await insert({ name: "1700000000006-abcdefgh.jpg" });
    await expect(imageToDescribe(database.db, gone, storage)).rejects.toMatchObject({
      status: 404,
      message: FILE_MISSING,
    });
  });
});
