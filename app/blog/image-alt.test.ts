import { describe, expect, it } from "vitest";
import {
  altTextWarning,
  imagesInContent,
  imagesWithoutAlt,
  type LibraryFile,
  libraryFileOf,
  libraryLookupSchema,
  libraryNamesOf,
} from "./image-alt";

const PHOTO = "1763700000000-0123456789abcdef.jpg";
const CHART = "1763700000001-fedcba9876543210.png";
const ORIGIN = "https://example.com";

function library(...files: Partial<LibraryFile>[]) {
  return new Map(
    files.map((file) => {
      const name = file.name ?? PHOTO;
      const full: LibraryFile = {
        name,
        originalName: "photo.jpg",
        altText: "",
        url: `/media/${name}`,
        ...file,
      };
      return [name, full];
    }),
  );
}

describe("imagesInContent", () => {
  it("finds markdown images with their alt text, inline and by reference", () => {
    expect(
      imagesInContent(
        [
          "Intro ![A team at work](/media/a.jpg) and ![](https://cdn.example.com/b.png).",
          "",
          '![Chart][chart] then ![ ](</media/c d.png> "title")',
          "",
          "[chart]: /media/chart.png",
        ].join("\n"),
      ),
    ).toEqual([
      { url: "/media/a.jpg", alt: "A team at work" },
      { url: "https://cdn.example.com/b.png", alt: "" },
      { url: "/media/chart.png", alt: "Chart" },
      { url: "/media/c d.png", alt: " " },
    ]);
  });

  it("finds <img> tags in markdown and in the creators' HTML, with or without alt", () => {
    expect(
      imagesInContent(
        'Text <img src="/media/a.jpg" alt="Inline"> more\n\n<div><img src=\'/media/b.png\'><img alt="" src="/media/c.png"></div>',
      ),
    ).toEqual([
      { url: "/media/a.jpg", alt: "Inline" },
      { url: "/media/b.png", alt: "" },
      { url: "/media/c.png", alt: "" },
    ]);
    expect(
      imagesInContent(
        '<p>Hello</p>\n    <img src="/media/x.png?a=1&amp;b=2" alt="Tom &amp; Jerry &#8212; &gt;">',
      ),
    ).toEqual([{ url: "/media/x.png?a=1&b=2", alt: "Tom & Jerry — >" }]);
  });

  it("ignores what the page does not show as an image", () => {
    expect(
      imagesInContent(
        [
          "```",
          "![in a code block](/media/code.png)",
          "```",
          "",
          "`![inline code](/media/inline.png)` <!-- <img src=/media/comment.png> -->",
          "",
          "![script](javascript:alert(1)) ![data](data:image/png;base64,AAAA) ![](//evil.example/x.png)",
        ].join("\n"),
      ),
    ).toEqual([]);
  });
});

describe("library look-up", () => {
  it("asks about names with the server's shape only, once each", () => {
    expect(
      libraryNamesOf(
        `/media/${PHOTO}`,
        `![](/media/${CHART}) ![](https://example.com/media/${PHOTO}) ![](/media/logo.png) ![](/media/${CHART}-v1-w320.webp)`,
      ),
    ).toEqual([PHOTO, CHART]);
    expect(libraryNamesOf("", "No images.")).toEqual([]);
  });

  it("validates the query: library names, at most 50", () => {
    expect(libraryLookupSchema.parse({ names: `${PHOTO},${CHART},${PHOTO}` }).names).toEqual([
      PHOTO,
      CHART,
    ]);
    expect(libraryLookupSchema.safeParse({ names: "../../etc/passwd" }).success).toBe(false);
    const many = Array.from(
      { length: 51 },
      (_, i) => `17637000000${String(i).padStart(2, "0")}-0123456789abcdef.jpg`,
    );
    expect(libraryLookupSchema.safeParse({ names: many.join(",") }).success).toBe(false);
  });

  it("matches /media/<name>, the site's absolute address and the file's own (bucket) address", () => {
    const local = library({});
    expect(libraryFileOf(`/media/${PHOTO}`, local, ORIGIN)?.name).toBe(PHOTO);
    expect(libraryFileOf(`${ORIGIN}/media/${PHOTO}`, local, ORIGIN)?.name).toBe(PHOTO);
    expect(libraryFileOf(`https://elsewhere.example/media/${PHOTO}`, local, ORIGIN)).toBe(
      undefined,
    );
    const bucket = library({ url: `https://bucket.example/media-bucket/${PHOTO}` });
    expect(
      libraryFileOf(`https://bucket.example/media-bucket/${PHOTO}`, bucket, ORIGIN)?.name,
    ).toBe(PHOTO);
  });
});

describe("imagesWithoutAlt", () => {
  it("flags a featured image whose library alt text is empty, and not once it is set", () => {
    const input = { featuredImageUrl: `/media/${PHOTO}`, content: "Text only.", origin: ORIGIN };
    expect(imagesWithoutAlt({ ...input, library: library({}) })).toEqual([
      { where: "featured", url: `/media/${PHOTO}`, label: "photo.jpg", inLibrary: true },
    ]);
    expect(imagesWithoutAlt({ ...input, library: library({ altText: "A photo" }) })).toEqual([]);
    expect(imagesWithoutAlt({ ...input, library: library({ altText: "   " }) })).toHaveLength(1);
  });

  it("counts a body image as described by its own alt text or by the library's", () => {
    const files = library(
      { altText: "Our office" },
      { name: CHART, originalName: "chart.png", altText: "" },
    );
    const missing = imagesWithoutAlt({
      featuredImageUrl: "",
      content: [
        `![](/media/${PHOTO})`,
        `![Sales by month](/media/${CHART})`,
        `![](/media/${CHART}) <img src="/media/${CHART}" alt="">`,
        "![](https://cdn.example.com/pics/team%20photo.png?w=1)",
      ].join("\n\n"),
      library: files,
      origin: ORIGIN,
    });
    expect(missing).toEqual([
      { where: "content", url: `/media/${CHART}`, label: "chart.png", inLibrary: true },
      {
        where: "content",
        url: "https://cdn.example.com/pics/team%20photo.png?w=1",
        label: "team photo.png",
        inLibrary: false,
      },
    ]);
  });

  it("leaves out images whose library file is still being looked up", () => {
    expect(
      imagesWithoutAlt({
        featuredImageUrl: `/media/${PHOTO}`,
        content: `![](/media/${CHART}) ![](/images/team.png)`,
        library: new Map(),
        pending: new Set([PHOTO, CHART]),
      }),
    ).toEqual([{ where: "content", url: "/images/team.png", label: "team.png", inLibrary: false }]);
  });

  it("says nothing for a post without images", () => {
    expect(
      imagesWithoutAlt({ featuredImageUrl: " ", content: "Just text.", library: new Map() }),
    ).toEqual([]);
  });
});

describe("altTextWarning", () => {
  it("names each image and says where to add the text", () => {
    expect(altTextWarning([])).toBe(undefined);
    expect(
      altTextWarning([{ where: "featured", url: "/media/a", label: "photo.jpg", inLibrary: true }]),
    ).toBe(
      "An image has no alt text: the featured image (photo.jpg). Add it in the media library (Alt text) or in the image's markdown, so people who cannot see it know what it shows.",
    );
    expect(
      altTextWarning([
        { where: "featured", url: "https://x.example/a.jpg", label: "a.jpg", inLibrary: false },
        { where: "content", url: "/media/b", label: "chart.png", inLibrary: true },
        { where: "content", url: "/media/c", label: "team.png", inLibrary: true },
      ]),
    ).toBe(
      "Some images have no alt text: the featured image (a.jpg); chart.png and team.png in the content. Add it in the media library (Alt text) or in the image's markdown, so people who cannot see the images know what they show. A featured image from outside the media library cannot have alt text: choose one from the library.",
    );
  });
});
