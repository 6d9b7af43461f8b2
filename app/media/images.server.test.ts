import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngBomb, truncated } from "../../tests/support/media-fixtures";
import {
  DAMAGED_IMAGE,
  ImageRefusedError,
  MAX_STORED_EDGE,
  processImage,
  variantWidths,
} from "./images.server";
import { MEDIA_NAME_PATTERN } from "./rules";

const NAME = "1790000000000-0123456789abcdef.jpg";

/** A recognisable position in the GPS block: 48° 51' 29.99" as three EXIF rationals. */
const LATITUDE = [48, 1, 51, 1, 2999, 100];

function rationals(values: number[], littleEndian: boolean) {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => {
    if (littleEndian) bytes.writeUInt32LE(value, index * 4);
    else bytes.writeUInt32BE(value, index * 4);
  });
  return bytes;
}

function carriesGps(bytes: Buffer) {
  return bytes.includes(rationals(LATITUDE, true)) || bytes.includes(rationals(LATITUDE, false));
}

/** A noisy photo (noise keeps the encoders honest) with camera EXIF, GPS and an orientation. */
async function photo(width: number, height: number, orientation = 1) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#4a7bd0",
      noise: { type: "gaussian", mean: 120, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 2999/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 17/1 4000/100",
      },
    })
    .toBuffer();
}

describe("processImage", () => {
  it("caps a large photo at 2,560 pixels, applies its orientation and drops every piece of metadata", async () => {
    // A camera that was held upright stores landscape pixels and says "turn 90°" (orientation 6).
    const input = await photo(3200, 1800, 6);
    expect(carriesGps(input)).toBe(true);
    const result = await processImage(input, "jpg", NAME);

    expect(result.width).toBe(Math.round((1800 / 3200) * MAX_STORED_EDGE));
    expect(result.height).toBe(MAX_STORED_EDGE);
    const original = await sharp(result.original).metadata();
    expect(original).toMatchObject({ format: "jpeg", width: result.width, height: result.height });
    for (const bytes of [result.original, ...result.files.map((file) => file.bytes)]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(carriesGps(bytes)).toBe(false);
      expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
    }
    expect(result.original.length).toBeLessThan(input.length);
  });

  it("makes AVIF, WebP and JPEG copies at each width below the image's own, never larger", async () => {
    const result = await processImage(await photo(800, 600), "jpg", NAME);
    const made = result.files
      .filter((file) => file.variant.kind === "w")
      .map((file) => `${file.variant.format}@${file.variant.width}`)
      .sort();
    // 800 px wide: 320, 640 and 768 in every format, the full 800 in AVIF and WebP (the JPEG
    // original is the full-size JPEG).
    expect(made).toEqual(
      [
        "avif@320",
        "avif@640",
        "avif@768",
        "avif@800",
        "jpg@320",
        "jpg@640",
        "jpg@768",
        "webp@320",
        "webp@640",
        "webp@768",
        "webp@800",
      ].sort(),
    );
    for (const { bytes, variant } of result.files) {
      expect(variant.name).toMatch(MEDIA_NAME_PATTERN);
      expect(variant.name.startsWith("1790000000000-0123456789abcdef-v1-")).toBe(true);
      const meta = await sharp(bytes).metadata();
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(variant.height);
      expect(variant.size).toBe(bytes.length);
      expect(meta.format).toBe(
        { avif: "heif", webp: "webp", jpg: "jpeg", png: "png", gif: "gif" }[variant.format],
      );
    }
  });

  it("makes a 1200 × 630 crop for link previews, a tiny placeholder and the dominant colour", async () => {
    const result = await processImage(await photo(900, 900), "jpg", NAME);
    const og = result.files.find((file) => file.variant.kind === "og");
    expect(og?.variant).toMatchObject({ width: 1200, height: 630, format: "jpg" });
    expect(og?.variant.name).toBe("1790000000000-0123456789abcdef-v1-og.jpg");
    expect(result.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(result.placeholder?.length).toBeLessThan(600);
    expect(result.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("keeps transparency, and gives such an image no placeholder to show through it", async () => {
    const input = await sharp({
      create: { width: 700, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const result = await processImage(input, "png", "1790000000000-0123456789abcdef.png");
    expect(result.placeholder).toBeNull();
    expect((await sharp(result.original).metadata()).hasAlpha).toBe(true);
    const webp = result.files.find((file) => file.variant.format === "webp");
    expect(webp && (await sharp(webp.bytes).metadata()).hasAlpha).toBe(true);
    expect(result.files.some((file) => file.variant.format === "png")).toBe(true);
  });

  it("keeps an animated GIF animated, in its WebP copies too", async () => {
    const frames = await Promise.all(
      ["#ff0000", "#00ff00", "#0000ff"].map((background) =>
        sharp({ create: { width: 400, height: 300, channels: 3, background } })
          .raw()
          .toBuffer(),
      ),
    );
    const gif = await sharp(Buffer.concat(frames), {
      raw: { width: 400, height: 300 * 3, channels: 3, pageHeight: 300 },
    })
      .gif({ delay: [100, 100, 100], loop: 0 })
      .toBuffer();
    const result = await processImage(gif, "gif", "1790000000000-0123456789abcdef.gif");
    expect(result).toMatchObject({ animated: true, width: 400, height: 300 });
    expect((await sharp(result.original).metadata()).pages).toBe(3);
    const copies = result.files.filter((file) => file.variant.kind === "w");
    expect(copies.map((file) => `${file.variant.format}@${file.variant.width}`)).toEqual([
      "webp@320",
      "webp@400",
    ]);
    for (const copy of copies) {
      expect((await sharp(copy.bytes).metadata()).pages).toBe(3);
    }
  });

  it("refuses a decompression bomb before decoding it", async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const started = Date.now();
    const refusal = await processImage(bomb, "png", NAME).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ImageRefusedError);
    expect((refusal as Error).message).toBe(
      "The image is too large to process: 30,000 × 30,000 pixels. Upload an image of at most 50 megapixels (for example 8,000 × 6,000).",
    );
    // Refused from the header: decoding 900 million pixels would take far longer.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("refuses a truncated JPEG and a file that is no image at all", async () => {
    const cut = truncated(await photo(1200, 900));
    await expect(processImage(cut, "jpg", NAME)).rejects.toThrow(DAMAGED_IMAGE);
    await expect(processImage(Buffer.from("not an image"), "png", NAME)).rejects.toThrow(
      DAMAGED_IMAGE,
    );
  });
});

describe("processImage on damaged files", () => {
  it("either processes a cut or bit-flipped image of any format or refuses it with the message, never failing otherwise", async () => {
    const source = sharp({
      create: {
        width: 96,
        height: 64,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 30 },
      },
    });
    const originals = {
      jpg: await source.clone().jpeg().toBuffer(),
      png: await source.clone().png().toBuffer(),
      gif: await source.clone().gif().toBuffer(),
      webp: await source.clone().webp().toBuffer(),
      avif: await source.clone().avif().toBuffer(),
    } as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(originals) as (keyof typeof originals)[])),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })),
          {
            maxLength: 8,
          },
        ),
        async (ext, cutAt, flips) => {
          const bytes = Buffer.from(originals[ext]);
          for (const [at, value] of flips) bytes[Math.floor(at * (bytes.length - 1))] = value;
          const damaged = bytes.subarray(0, Math.max(12, Math.ceil(cutAt * bytes.length)));
          try {
            await processImage(damaged, ext, NAME);
          } catch (error) {
            expect(error).toBeInstanceOf(ImageRefusedError);
          }
        },
      ),
      { numRuns: 150, seed: 14 },
    );
  }, 120_000);
});

describe("variantWidths", () => {
  it("offers the steps below the image and the image itself, up to 1920", () => {
    expect(variantWidths(2560)).toEqual([320, 640, 768, 960, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([320, 640, 768, 960, 1280, 1920]);
    expect(variantWidths(1000)).toEqual([320, 640, 768, 960, 1000]);
    expect(variantWidths(320)).toEqual([320]);
    expect(variantWidths(48)).toEqual([48]);
  });
});
