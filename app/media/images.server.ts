import sharp, { type Metadata, type Sharp } from "sharp";
import type { StoredVariant } from "~/db/schema.server";

/**
 * What an uploaded photo becomes: the original, oriented, stripped of every piece of metadata
 * (EXIF, XMP, IPTC, GPS; colours converted to sRGB) and capped at MAX_STORED_EDGE, plus copies at
 * the WIDTHS steps in AVIF and WebP and the original's own format, and a 1200 × 630 crop for
 * link previews. Nothing here writes anywhere: the caller stores what comes back.
 */

/**
 * The widths a browser may choose from (`srcset`); never larger than the image itself. 768 is
 * for phones: a full-width image on a 375-412 px screen at 1.75-2× wants 660-750 pixels, and the
 * next step up (960) costs them about 40% more bytes.
 */
export const WIDTHS = [320, 640, 768, 960, 1280, 1920] as const;

/** The long edge of the stored original, as WordPress caps it ("big image" threshold). */
export const MAX_STORED_EDGE = 2560;

/** Decompression bombs: a small file that decodes to an enormous image is refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** An animation's frames together (a long GIF costs as much to resize as a huge photo). */
export const MAX_ANIMATION_PIXELS = 4 * MAX_INPUT_PIXELS;

/**
 * Bumped when what is produced changes (widths, formats, quality): variant names carry it, so a
 * reprocessed image gets new names and no browser or CDN keeps the old copy under a cached name.
 */
export const PROCESSING_VERSION = 1;

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

export type VariantFormat = StoredVariant["format"];
export type RasterExtension = "jpg" | "png" | "gif" | "webp" | "avif";

export const VARIANT_MIME: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

/** A refusal to show the uploader; nothing was stored. */
export class ImageRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageRefusedError";
  }
}

export const DAMAGED_IMAGE =
  "The image could not be read: the file is damaged or incomplete. Export it again and upload the new file.";

export interface ProcessedFile {
  bytes: Buffer;
  variant: StoredVariant;
}

export interface ProcessedImage {
  /** The new bytes of the original (same name, same format). */
  original: Buffer;
  width: number;
  height: number;
  /** Null for an image with transparency: a blurred copy behind it would show through. */
  placeholder: string | null;
  dominantColor: string;
  animated: boolean;
  files: ProcessedFile[];
}

// One libvips thread per operation: with the queue's bounded concurrency (processing-queue.server)
// image work takes at most that many cores, and the rest stay free for pages. No operation cache:
// every upload is new, and the cache would only hold memory.
sharp.concurrency(1);
sharp.cache(false);

const INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;

/** Encoder settings: quality chosen by eye on photos; effort kept low so ten uploads stay quick. */
function encode(image: Sharp, format: VariantFormat, animated: boolean): Sharp {
  switch (format) {
    case "avif":
      // Effort 0 makes files within a few per cent of effort 2 at a quarter of the time.
      return image.avif({ quality: 50, effort: 0 });
    case "webp":
      return image.webp({ quality: 75, effort: animated ? 2 : 4 });
    case "jpg":
      return image.jpeg({ quality: 80, mozjpeg: true });
    case "png":
      return image.png({ compressionLevel: 9, effort: 4 });
    case "gif":
      return image.gif({ effort: 4 });
  }
}

/** The widths to make for an image of this stored width: the steps below it, and itself (≤ 1920). */
export function variantWidths(width: number): number[] {
  const largest = WIDTHS[WIDTHS.length - 1] as number;
  const widths = WIDTHS.filter((step) => step < width) as number[];
  const top = Math.min(width, largest);
  if (!widths.includes(top)) widths.push(top);
  return widths;
}

/** `<timestamp>-<random>` of `<timestamp>-<random>.<ext>`. */
export function baseOfName(name: string) {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}

export function variantName(mediaName: string, kind: "w" | "og", width: number, format: string) {
  const suffix = kind === "og" ? "og" : `w${width}`;
  return `${baseOfName(mediaName)}-v${PROCESSING_VERSION}-${suffix}.${format}`;
}

function hex(value: number) {
  return Math.max(0, Math.min(255, Math.round(value)))
    .toString(16)
    .padStart(2, "0");
}

async function readHeader(bytes: Buffer) {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefusedError(DAMAGED_IMAGE);
  }
  const width = meta.width ?? 0;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const frames = Math.max(1, meta.pages ?? 1);
  if (width <= 0 || frameHeight <= 0) throw new ImageRefusedError(DAMAGED_IMAGE);
  const megapixels = MAX_INPUT_PIXELS / 1_000_000;
  if (width * frameHeight > MAX_INPUT_PIXELS) {
    throw new ImageRefusedError(
      `The image is too large to process: ${width.toLocaleString("en-US")} × ${frameHeight.toLocaleString("en-US")} pixels. Upload an image of at most ${megapixels} megapixels (for example 8,000 × 6,000).`,
    );
  }
  if (width * frameHeight * frames > MAX_ANIMATION_PIXELS) {
    throw new ImageRefusedError(
      `The animation is too large to process: ${frames} frames of ${width} × ${frameHeight} pixels. Shorten it or make it smaller.`,
    );
  }
  return { meta, animated: frames > 1 };
}

/**
 * Processes one uploaded raster image. Throws ImageRefusedError with a message for the uploader
 * when the file is damaged or too large to decode; other errors are the server's.
 */
export async function processImage(
  bytes: Buffer,
  ext: RasterExtension,
  mediaName: string,
): Promise<ProcessedImage> {
  const { animated } = await readHeader(bytes);
  try {
    return animated
      ? await processAnimation(bytes, mediaName)
      : await processStill(bytes, ext, mediaName);
  } catch (error) {
    if (error instanceof ImageRefusedError) throw error;
    // libvips reports damaged data ("premature end of JPEG image", "Invalid PNG") as plain errors.
    if (
      error instanceof Error &&
      /Vips|premature|corrupt|invalid|truncat|read error/i.test(error.message)
    ) {
      throw new ImageRefusedError(DAMAGED_IMAGE);
    }
    throw error;
  }
}

async function processStill(
  bytes: Buffer,
  ext: RasterExtension,
  mediaName: string,
): Promise<ProcessedImage> {
  // Decoded once, oriented and capped; every copy is resized from these pixels.
  const { data, info } = await sharp(bytes, INPUT)
    .autoOrient()
    .resize(MAX_STORED_EDGE, MAX_STORED_EDGE, { fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const pixels = () => sharp(data, raw);
  const { width, height } = info;
  const ownFormat: VariantFormat = ext === "gif" ? "gif" : ext;

  const original = await encode(pixels(), ownFormat, false).toBuffer();
  const files: ProcessedFile[] = [];
  const formats: VariantFormat[] = ["avif", "webp"];
  // The original's own format at each width, for browsers without AVIF or WebP (a GIF has its
  // original only: a still GIF is a poor format for a photo at any size).
  if (ownFormat === "jpg" || ownFormat === "png") formats.push(ownFormat);
  for (const step of variantWidths(width)) {
    for (const format of formats) {
      // The original is the full-size copy in its own format.
      if (format === ownFormat && step === width) continue;
      const { data: out, info: outInfo } = await encode(
        pixels().resize({ width: step }),
        format,
        false,
      ).toBuffer({ resolveWithObject: true });
      files.push({
        bytes: out,
        variant: {
          name: variantName(mediaName, "w", step, format),
          format,
          kind: "w",
          width: outInfo.width,
          height: outInfo.height,
          size: out.length,
        },
      });
    }
  }
  files.push(await ogCrop(pixels(), mediaName));
  const { placeholder, dominantColor } = await preview(pixels());
  return {
    original,
    width,
    height,
    placeholder: info.channels === 4 || info.channels === 2 ? null : placeholder,
    dominantColor,
    animated: false,
    files,
  };
}

async function processAnimation(bytes: Buffer, mediaName: string): Promise<ProcessedImage> {
  const frames = () => sharp(bytes, { ...INPUT, animated: true });
  const capped = await frames()
    .resize(MAX_STORED_EDGE, MAX_STORED_EDGE, { fit: "inside", withoutEnlargement: true })
    .gif({ effort: 4 })
    .toBuffer({ resolveWithObject: true });
  const width = capped.info.width;
  const height = capped.info.pageHeight ?? capped.info.height;
  const files: ProcessedFile[] = [];
  // Animated WebP at each width: a fraction of the GIF's bytes, and it stays animated.
  for (const step of variantWidths(width)) {
    const { data: out, info } = await sharp(capped.data, { ...INPUT, animated: true })
      .resize({ width: step })
      .webp({ quality: 75, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    files.push({
      bytes: out,
      variant: {
        name: variantName(mediaName, "w", step, "webp"),
        format: "webp",
        kind: "w",
        width: info.width,
        height: info.pageHeight ?? info.height,
        size: out.length,
      },
    });
  }
  // Link previews and the placeholder use the first frame.
  const first = () => sharp(capped.data, { ...INPUT, pages: 1 });
  files.push(await ogCrop(first(), mediaName));
  const { placeholder, dominantColor } = await preview(first());
  return {
    original: capped.data,
    width,
    height,
    placeholder,
    dominantColor,
    animated: true,
    files,
  };
}

async function ogCrop(image: Sharp, mediaName: string): Promise<ProcessedFile> {
  const bytes = await image
    .resize(OG_WIDTH, OG_HEIGHT, { fit: "cover", position: sharp.strategy.attention })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  return {
    bytes,
    variant: {
      name: variantName(mediaName, "og", OG_WIDTH, "jpg"),
      format: "jpg",
      kind: "og",
      width: OG_WIDTH,
      height: OG_HEIGHT,
      size: bytes.length,
    },
  };
}

/** A 16-pixel blurred copy (about 150 bytes as a data: URL) and the dominant colour. */
async function preview(image: Sharp) {
  const small = await image.resize(16, 16, { fit: "inside" }).webp({ quality: 40 }).toBuffer();
  const { dominant } = await sharp(small).stats();
  return {
    placeholder: `data:image/webp;base64,${small.toString("base64")}`,
    dominantColor: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
  };
}
