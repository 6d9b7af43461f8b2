import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webMedia } from "~/db/schema.server";
import { SVG, truncated } from "../../tests/support/media-fixtures";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { PROCESSING_VERSION } from "./images.server";
import { countImagesToReprocess, reprocessImages } from "./reprocess.server";
import { createLocalStorage, setMediaStorage } from "./storage.server";

async function cameraPhoto(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#557799",
      noise: { type: "gaussian", mean: 128, sigma: 20 },
    },
  })
    .jpeg()
    .withExif({ IFD0: { Make: "OldCamera" }, IFD3: { GPSLatitudeRef: "N" } })
    .toBuffer();
}

describe.each(backends)("media:reprocess on %s", (backend) => {
  let database: Database;
  let dir: string;

  beforeEach(async () => {
    database = await openSiteDatabase(backend);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-reprocess-"));
    setMediaStorage(createLocalStorage(dir));
  });
  afterEach(async () => {
    setMediaStorage(undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    await closeSiteDatabase(database);
  });

  /** A file as uploads stored them before processing existed: bytes as sent, no copies. */
  async function oldUpload(name: string, bytes: Buffer, mimeType: string) {
    fs.writeFileSync(path.join(dir, name), bytes);
    const [row] = await database.db
      .insert(webMedia)
      .values({ name, originalName: `was-${name}`, mimeType, size: bytes.length })
      .returning();
    if (!row) throw new Error("no row");
    return row;
  }

  it("gives old photos their copies and stripped originals, once, and skips what is not a photo", async () => {
    const big = await cameraPhoto(3000, 2000);
    await oldUpload("1700000000001-aaaaaaaa11111111.jpg", big, "image/jpeg");
    await oldUpload(
      "1700000000002-bbbbbbbb22222222.jpg",
      await cameraPhoto(500, 400),
      "image/jpeg",
    );
    await oldUpload("1700000000003-cccccccc33333333.svg", SVG, "image/svg+xml");
    expect(await countImagesToReprocess()).toBe(2);

    const seen: string[] = [];
    const summary = await reprocessImages((progress) =>
      seen.push(`${progress.done}/${progress.total} ${progress.name} ${progress.ok}`),
    );
    expect(summary).toEqual({ processed: 2, failed: [] });
    expect(seen).toEqual([
      "1/2 1700000000001-aaaaaaaa11111111.jpg true",
      "2/2 1700000000002-bbbbbbbb22222222.jpg true",
    ]);

    const rows = await database.db.select().from(webMedia).orderBy(webMedia.id);
    expect(rows[0]).toMatchObject({
      width: 2560,
      height: 1707,
      uploadedSize: big.length,
      processedVersion: PROCESSING_VERSION,
      processingClaimedUntil: null,
    });
    expect(rows[0]?.variants.length).toBeGreaterThan(10);
    expect(rows[2]).toMatchObject({ processedVersion: 0, width: null, variants: [] });
    const stored = fs.readFileSync(path.join(dir, "1700000000001-aaaaaaaa11111111.jpg"));
    expect(rows[0]?.size).toBe(stored.length);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    for (const variant of rows.flatMap((row) => row.variants)) {
      expect(fs.existsSync(path.join(dir, variant.name)), variant.name).toBe(true);
    }

    // A second run finds nothing to do and leaves every file as it is.
    const before = fs
      .readdirSync(dir)
      .map((name) => [name, fs.statSync(path.join(dir, name)).mtimeMs]);
    expect(await reprocessImages()).toEqual({ processed: 0, failed: [] });
    expect(
      fs.readdirSync(dir).map((name) => [name, fs.statSync(path.join(dir, name)).mtimeMs]),
    ).toEqual(before);
  });

  it("never processes one image twice when two runs go at once", async () => {
    for (let i = 0; i < 4; i++) {
      await oldUpload(
        `170000000001${i}-dddddddd0000000${i}.jpg`,
        await cameraPhoto(700, 500),
        "image/jpeg",
      );
    }
    const [a, b] = await Promise.all([reprocessImages(), reprocessImages()]);
    expect((a?.processed ?? 0) + (b?.processed ?? 0)).toBe(4);
    expect(await countImagesToReprocess()).toBe(0);
  });

  it("reports a damaged or missing file, processes the rest, and tries it again next time", async () => {
    await oldUpload(
      "1700000000021-eeeeeeee11111111.jpg",
      truncated(await cameraPhoto(900, 700)),
      "image/jpeg",
    );
    const gone = await oldUpload(
      "1700000000022-ffffffff22222222.png",
      Buffer.alloc(10),
      "image/png",
    );
    fs.rmSync(path.join(dir, gone.name));
    await oldUpload(
      "1700000000023-abababab33333333.jpg",
      await cameraPhoto(600, 400),
      "image/jpeg",
    );

    const summary = await reprocessImages();
    expect(summary.processed).toBe(1);
    expect(summary.failed).toEqual([
      {
        name: "1700000000021-eeeeeeee11111111.jpg",
        originalName: "was-1700000000021-eeeeeeee11111111.jpg",
        error: expect.stringContaining("damaged or incomplete"),
      },
      {
        name: gone.name,
        originalName: `was-${gone.name}`,
        error: "The file is missing from the storage.",
      },
    ]);
    // Not claimed any more: the next run tries them again at once.
    expect(await countImagesToReprocess()).toBe(2);
    expect((await reprocessImages()).failed).toHaveLength(2);
  });
});
