import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MediaRow } from "~/models/media.server";
import {
  mediaNameFromUrl,
  mediaNamesIn,
  toLinkPreview,
  toResponsiveImage,
} from "./responsive.server";
import { createLocalStorage, createS3Storage, setMediaStorage } from "./storage.server";

const BASE = "1790000000000-0123456789abcdef";

function row(overrides: Partial<MediaRow> = {}): MediaRow {
  const variant = (format: "avif" | "webp" | "jpg", width: number) => ({
    name: `${BASE}-v1-w${width}.${format}`,
    format,
    kind: "w" as const,
    width,
    height: Math.round(width * 0.75),
    size: width * 10,
  });
  return {
    id: 1,
    name: `${BASE}.jpg`,
    originalName: "photo.jpg",
    mimeType: "image/jpeg",
    size: 500_000,
    altText: "A photo",
    uploadedBy: null,
    createdAt: new Date(),
    uploadedSize: 2_400_000,
    width: 2560,
    height: 1920,
    placeholder: "data:image/webp;base64,AAAA",
    dominantColor: "#336699",
    variants: [
      ...[320, 640, 960, 1280, 1920].flatMap((w) => [
        variant("avif", w),
        variant("webp", w),
        variant("jpg", w),
      ]),
      {
        name: `${BASE}-v1-og.jpg`,
        format: "jpg",
        kind: "og",
        width: 1200,
        height: 630,
        size: 90_000,
      },
    ],
    processedVersion: 1,
    processingClaimedUntil: null,
    ...overrides,
  };
}

describe("responsive images from media rows", () => {
  beforeEach(() => setMediaStorage(createLocalStorage("/tmp/unused-media")));
  afterEach(() => setMediaStorage(undefined));

  it("offers AVIF and WebP sources, the JPEG widths plus the capped original, and a 960 px fallback", () => {
    const image = toResponsiveImage(row());
    expect(image?.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(image?.sources[0]?.srcSet).toBe(
      [320, 640, 960, 1280, 1920].map((w) => `/media/${BASE}-v1-w${w}.avif ${w}w`).join(", "),
    );
    expect(image?.srcSet.endsWith(`/media/${BASE}.jpg 2560w`)).toBe(true);
    expect(image).toMatchObject({
      src: `/media/${BASE}-v1-w960.jpg`,
      width: 2560,
      height: 1920,
      alt: "A photo",
      placeholder: "data:image/webp;base64,AAAA",
    });
  });

  it("has nothing to offer for a file without copies", () => {
    expect(toResponsiveImage(row({ variants: [], width: null, height: null }))).toBeNull();
    expect(toLinkPreview(row({ variants: [] }))).toBeNull();
  });

  it("gives the link preview an absolute address, the bucket's when media are in one", () => {
    expect(toLinkPreview(row())).toEqual({
      url: expect.stringMatching(new RegExp(`^http://[^/]+/media/${BASE}-v1-og\\.jpg$`)),
      width: 1200,
      height: 630,
    });
    setMediaStorage(
      createS3Storage({
        bucket: "media",
        accessKeyId: "a",
        secretAccessKey: "b",
        publicUrl: "https://cdn.example.com/files",
      }),
    );
    expect(toLinkPreview(row())?.url).toBe(`https://cdn.example.com/files/${BASE}-v1-og.jpg`);
    expect(mediaNameFromUrl(`https://cdn.example.com/files/${BASE}.jpg`)).toBe(`${BASE}.jpg`);
  });

  it("recognises library addresses and nothing else", () => {
    expect(mediaNameFromUrl(`/media/${BASE}.jpg`)).toBe(`${BASE}.jpg`);
    expect(
      mediaNameFromUrl(`https://www.example.com/media/${BASE}.jpg`, "https://www.example.com"),
    ).toBe(`${BASE}.jpg`);
    expect(
      mediaNameFromUrl(`https://evil.example.org/media/${BASE}.jpg`, "https://www.example.com"),
    ).toBeUndefined();
    expect(mediaNameFromUrl("/media/../../etc/passwd")).toBeUndefined();
    expect(mediaNameFromUrl("/images/blog/fallback-1.svg")).toBeUndefined();
    expect(mediaNameFromUrl(null)).toBeUndefined();
  });

  it("finds the library names a post mentions", () => {
    expect(
      mediaNamesIn(
        `![a](/media/${BASE}.jpg) <img src="https://cdn.example.com/x/${BASE}.png"> 123-abc.jpg`,
      ),
    ).toEqual([`${BASE}.jpg`, `${BASE}.png`]);
  });
});
