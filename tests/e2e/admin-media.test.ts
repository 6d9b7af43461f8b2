import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatFileSize } from "~/media/rules";
import { gpsFingerprints, makePhoto } from "../../bench/photo.js";
import {
  type AdminSession,
  createAdmin,
  type OwnServer,
  openAdminTab,
  signedInContext,
  startAdminSession,
  startOwnServer,
} from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, newPage } from "../support/browser";
import { parseCsp } from "../support/csp";
import { type FakeS3, startFakeS3 } from "../support/fake-s3";
import { expectToast, holdRequests, SLOW, waitForHydration } from "../support/forms";
import { HOSTILE_SVG, HTML, PNG, pngBomb, SVG, TEXT, truncated } from "../support/media-fixtures";

const TEN_MB = 10 * 1024 * 1024;
const UPLOAD = "/admin/media/upload";

let session: AdminSession;
let browser: Browser;
let own: OwnServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  session = await startAdminSession();
  ({ browser, own, context } = session);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: own.url });
  page = await newPage(context);
});
afterAll(async () => {
  await session?.close();
});

function card(name: string) {
  return page.getByRole("listitem", { name, exact: true });
}

/** The stored name of a listed file, from its "Open" link (/media/<name>). */
async function publicPathOf(name: string) {
  const href = await card(name)
    .getByRole("link", { name: `Open ${name}` })
    .getAttribute("href");
  expect(href).toMatch(/^\/media\/\d{13}-[0-9a-f]{16}\.[a-z]+$/);
  return href as string;
}

async function chooseFile(name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel("File to upload").setInputFiles({ name, mimeType, buffer });
}

/** The browser logs every 4xx answer: the refused uploads this file makes on purpose. */
const REFUSED_UPLOAD = /Failed to load resource: the server responded with a status of (?:415|422)/;

/**
 * Streams a multipart upload of `fileBytes` with chunked encoding (no Content-Length) until the
 * server answers; says how many bytes had been sent by then.
 */
function chunkedUpload(url: string, cookie: string, fileBytes: number) {
  const boundary = "----chunked-upload";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stream.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(url, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: new URL(url).origin,
        Accept: "application/json",
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Transfer-Encoding": "chunked",
      },
    });
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (part: string) => {
        body += part;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sent }));
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.write(head);
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    const pump = () => {
      while (!answered && sent < fileBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end(tail);
    };
    pump();
  });
}

/**
 * Records each state the upload form shows (the progress bar's text and value, the button's
 * label) as it changes, however briefly: the server's processing time is real, not staged (an
 * intercepted request holds back the page's upload events too).
 */
async function recordUploadStates(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { uploadStates: seen });
    const form = document.querySelector('form[aria-label="Upload a file"]');
    if (!form) throw new Error("no upload form");
    new MutationObserver(() => {
      const bar = form.querySelector('[role="progressbar"]');
      const button = form.querySelector('button[type="submit"]');
      const state = bar
        ? `${bar.getAttribute("aria-valuetext")} | ${bar.getAttribute("aria-valuenow")} | ${button?.textContent}`
        : "idle";
      if (seen.at(-1) !== state) seen.push(state);
    }).observe(form, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { uploadStates: string[] }).uploadStates);
}

async function openMediaTab() {
  await openAdminTab(page, "/admin/media", "Media library");
  await waitForHydration(page.getByRole("button", { name: "Upload", exact: true }));
}

describe("the media library", () => {
  it("starts empty, then uploads an image with alt text and a progress bar, listed first", async () => {
    await openMediaTab();
    expect(await page.getByText("No files yet.").isVisible()).toBe(true);

    await chooseFile("logo.png", "image/png", PNG);
    await page.getByLabel("Alt text (optional)").fill("Company logo");
    const held = await holdRequests(page, UPLOAD);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await held.arrived;
    const progress = page.getByRole("progressbar", { name: "Upload progress" });
    await progress.waitFor(SLOW);
    expect(Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(0);
    expect(await page.getByRole("button", { name: "Uploading…" }).isDisabled()).toBe(true);
    held.release();
    await expectToast(page, {
      type: "success",
      title: "File uploaded successfully",
      description: "",
    });
    await progress.waitFor({ state: "detached", ...SLOW });

    const logo = card("logo.png");
    await logo.waitFor(SLOW);
    expect(await logo.getByRole("img", { name: "Company logo" }).isVisible()).toBe(true);
    // Stored re-encoded (a PNG keeps every pixel): the card shows the size stored.
    const stored = await (await fetch(`${own.url}${await publicPathOf("logo.png")}`)).arrayBuffer();
    expect(await logo.getByText(`${stored.byteLength} Bytes`).isVisible()).toBe(true);
    expect(await page.getByText("No files yet.").count()).toBe(0);
    expectCleanPage(page);
  });

  it("serves the file at its public URL with its type, nosniff, a long cache and a sandbox", async () => {
    const response = await fetch(`${own.url}${await publicPathOf("logo.png")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(parseCsp(response.headers.get("content-security-policy"))).toMatchObject({
      "default-src": "'none'",
      sandbox: "",
    });
    // The same picture, re-encoded without metadata: a lossless PNG keeps every pixel.
    const served = Buffer.from(await response.arrayBuffer());
    expect(await sharp(served).raw().toBuffer()).toEqual(await sharp(PNG).raw().toBuffer());
    for (const path of [
      "/media/1763700000000-0000000000000000.png",
      "/media/..%2f..%2fetc%2fpasswd",
      "/media/logo.png",
    ]) {
      expect((await fetch(`${own.url}${path}`)).status).toBe(404);
    }
  });

  it("copies the absolute public URL", async () => {
    await card("logo.png").getByRole("button", { name: "Copy URL of logo.png" }).click();
    await expectToast(page, {
      type: "success",
      title: "File URL copied to clipboard",
      description: "",
    });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${own.url}${await publicPathOf("logo.png")}`);
  });

  it("edits the alt text", async () => {
    await card("logo.png").getByRole("button", { name: "Edit alt text of logo.png" }).click();
    const dialog = page.getByRole("dialog", { name: "Alt text" });
    await dialog.getByLabel("Alt text", { exact: true }).fill("Company logo in blue");
    await dialog.getByRole("button", { name: "Save alt text" }).click();
    await expectToast(page, { type: "success", title: "Alt text saved", description: "" });
    await dialog.waitFor({ state: "detached", ...SLOW });
    expect(
      await card("logo.png").getByRole("img", { name: "Company logo in blue" }).isVisible(),
    ).toBe(true);
  });

  it("refuses 10 MB + 1 byte in the browser with the toast, and on the server with 413", async () => {
    await chooseFile("huge.png", "image/png", Buffer.alloc(TEN_MB + 1));
    await expectToast(page, {
      type: "error",
      title: "File too large",
      description: "File size must be less than 10MB",
    });
    const tooBig = Buffer.concat([PNG, Buffer.alloc(TEN_MB + 1 - PNG.length)]);
    const response = await context.request.post(`${own.url}${UPLOAD}`, {
      headers: { Accept: "application/json", Origin: own.url },
      multipart: { file: { name: "huge.png", mimeType: "image/png", buffer: tooBig } },
    });
    expect(response.status()).toBe(413);
    expect(await response.json()).toEqual({
      error: "File too large",
      description: "File size must be less than 10MB",
    });
    // Exactly 10 MB is within the limit.
    const justFits = Buffer.concat([PNG, Buffer.alloc(TEN_MB - PNG.length)]);
    const fits = await context.request.post(`${own.url}${UPLOAD}`, {
      headers: { Accept: "application/json", Origin: own.url },
      multipart: { file: { name: "fits.png", mimeType: "image/png", buffer: justFits } },
    });
    expect(fits.status()).toBe(201);
  });

  it("stops reading a streamed upload (no Content-Length) once it passes 10 MB", async () => {
    const cookie = (await context.storageState()).cookies
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const result = await chunkedUpload(`${own.url}${UPLOAD}`, cookie, 200 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({
      error: "File too large",
      description: "File size must be less than 10MB",
    });
    // The answer came soon after 10 MB (plus what socket buffers hold), not after 200 MB.
    expect(result.sent).toBeLessThan(40 * 1024 * 1024);
  });

  it("refuses an HTML page named .png with the reason", async () => {
    await openMediaTab();
    await chooseFile("innocent.png", "image/png", HTML);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expectToast(page, {
      type: "error",
      title: "Failed to upload file",
      description: "The file is named .png but its content is plain text, not a PNG image.",
    });
    expect(await card("innocent.png").count()).toBe(0);
    expectCleanPage(page, [REFUSED_UPLOAD]);
  });

  it("refuses a decompression bomb and a truncated photo with the reason, stores nothing and keeps serving", async () => {
    const mediaDir = path.join(own.dataDir, "media");
    const filesBefore = fs.readdirSync(mediaDir).sort();
    await openMediaTab();
    await chooseFile("bomb.png", "image/png", pngBomb());
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expectToast(page, {
      type: "error",
      title: "Failed to upload file",
      description:
        "The image is too large to process: 30,000 × 30,000 pixels. Upload an image of at most 50 megapixels (for example 8,000 × 6,000).",
    });
    const cut = truncated(await makePhoto({ width: 1600, height: 1200, seed: 7 }));
    const response = await context.request.post(`${own.url}${UPLOAD}`, {
      headers: { Accept: "application/json", Origin: own.url },
      multipart: { file: { name: "cut.jpg", mimeType: "image/jpeg", buffer: cut } },
    });
    expect(response.status()).toBe(422);
    expect(await response.json()).toEqual({
      error: "Failed to upload file",
      description:
        "The image could not be read: the file is damaged or incomplete. Export it again and upload the new file.",
    });
    expect(fs.readdirSync(mediaDir).sort()).toEqual(filesBefore);
    expect(await card("bomb.png").count()).toBe(0);
    expect((await fetch(`${own.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${own.url}/`)).status).toBe(200);
    expectCleanPage(page, [REFUSED_UPLOAD]);
  });

  it("accepts a hostile SVG but serves it so that opening it runs nothing", async () => {
    await chooseFile("evil.svg", "image/svg+xml", HOSTILE_SVG);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expectToast(page, {
      type: "success",
      title: "File uploaded successfully",
      description: "",
    });
    const svgPath = await publicPathOf("evil.svg");

    const viewer = await newPage(context);
    const response = await viewer.goto(svgPath);
    expect(response?.headers()["content-type"]).toBe("image/svg+xml");
    expect(parseCsp(response?.headers()["content-security-policy"] ?? null)).toEqual({
      "default-src": "'none'",
      "style-src": "'unsafe-inline'",
      "img-src": "data:",
      "frame-ancestors": "'none'",
      sandbox: "",
    });
    await viewer.mouse.move(50, 50);
    await viewer.waitForTimeout(500);
    expect(await viewer.title()).toBe("");
    // The browser reports the scripts it blocked; none of them ran (each would log "… ran").
    expectCleanPage(viewer, [
      /Blocked script execution/,
      /Refused to/,
      /violates the following Content Security Policy directive/,
      /Failed to load resource/,
    ]);
    await viewer.close();
    expectCleanPage(page, [REFUSED_UPLOAD]);
  });

  it("filters images and documents", async () => {
    const upload = await context.request.post(`${own.url}${UPLOAD}`, {
      headers: { Accept: "application/json", Origin: own.url },
      multipart: { file: { name: "notes.txt", mimeType: "text/plain", buffer: TEXT } },
    });
    expect(upload.status()).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const download = await fetch(`${own.url}${url}`);
    expect(download.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename=/);

    await openMediaTab();
    const names = () =>
      page
        .locator("main li[aria-label]")
        .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
    expect(await names()).toEqual(["notes.txt", "evil.svg", "fits.png", "logo.png"]);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Documents", exact: true }).click();
    await expect.poll(names, SLOW).toEqual(["notes.txt"]);
    await page.getByRole("link", { name: "Images", exact: true }).click();
    await expect.poll(names, SLOW).toEqual(["evil.svg", "fits.png", "logo.png"]);
    await page.getByRole("link", { name: "All", exact: true }).click();
    await expect.poll(names, SLOW).toHaveLength(4);
  });

  it("keeps files and alt text across a restart, still served", async () => {
    const logoPath = await publicPathOf("logo.png");
    const before = Buffer.from(await (await fetch(`${own.url}${logoPath}`)).arrayBuffer());
    await own.restart();
    await openMediaTab();
    expect(
      await card("logo.png").getByRole("img", { name: "Company logo in blue" }).isVisible(),
    ).toBe(true);
    const response = await fetch(`${own.url}${logoPath}`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(before);
  });

  it("deletes a file only after confirmation, removing it from the list and the public URL", async () => {
    const logoPath = await publicPathOf("logo.png");
    await card("logo.png").getByRole("button", { name: "Delete logo.png" }).click();
    let dialog = page.getByRole("alertdialog", { name: "Delete this file?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached", ...SLOW });
    expect(await card("logo.png").isVisible()).toBe(true);
    expect((await fetch(`${own.url}${logoPath}`)).status).toBe(200);

    await card("logo.png").getByRole("button", { name: "Delete logo.png" }).click();
    dialog = page.getByRole("alertdialog", { name: "Delete this file?" });
    await dialog.getByRole("button", { name: "Delete file" }).click();
    await expectToast(page, {
      type: "success",
      title: "File deleted successfully",
      description: "",
    });
    await card("logo.png").waitFor({ state: "detached", ...SLOW });
    expect((await fetch(`${own.url}${logoPath}`)).status).toBe(404);
    expectCleanPage(page, [REFUSED_UPLOAD]);
  });

  it("uploads before JavaScript loads: the form posts and the page lists the file", async () => {
    const noScript = await browser.newContext({
      baseURL: own.url,
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const plain = await newPage(noScript);
    await plain.goto("/admin/media");
    await plain
      .getByLabel("File to upload")
      .setInputFiles({ name: "no-script.png", mimeType: "image/png", buffer: PNG });
    await plain.getByRole("button", { name: "Upload", exact: true }).click();
    await plain.waitForURL(`${own.url}/admin/media`);
    expect(
      await plain.getByRole("listitem", { name: "no-script.png", exact: true }).isVisible(),
    ).toBe(true);
    await noScript.close();
  });

  it("shows 100 files at a time and loads more on demand", async () => {
    const names = Array.from({ length: 100 }, (_, i) => `bulk-${String(i).padStart(3, "0")}.txt`);
    for (let i = 0; i < names.length; i += 10) {
      await Promise.all(
        names.slice(i, i + 10).map(async (name) => {
          const response = await context.request.post(`${own.url}${UPLOAD}`, {
            headers: { Accept: "application/json", Origin: own.url },
            multipart: { file: { name, mimeType: "text/plain", buffer: TEXT } },
          });
          expect(response.status()).toBe(201);
        }),
      );
    }
    await openMediaTab();
    const cards = page.locator("main li[aria-label]");
    expect(await cards.count()).toBe(100);
    // notes.txt, evil.svg, fits.png and no-script.png are older than the 100 bulk files.
    expect(await card("notes.txt").count()).toBe(0);
    await page.getByRole("link", { name: "Load more" }).click();
    await expect.poll(() => cards.count(), SLOW).toBe(104);
    expect(await card("notes.txt").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Load more" }).count()).toBe(0);
    expectCleanPage(page, [REFUSED_UPLOAD]);
  });

  it("says Processing… while the server resizes a photo, then shows a small copy, its size and the bytes saved", async () => {
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: "#3366cc" },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    await openMediaTab();
    await chooseFile("harbour.jpg", "image/jpeg", photo);
    const states = await recordUploadStates(page);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expectToast(page, {
      type: "success",
      title: "File uploaded successfully",
      description: "",
    });
    // Every byte sent, the bar stays full and says so until the server has made the copies.
    const shown = await states();
    expect(shown).toContain("Processing… | 100 | Processing…");
    expect(shown.indexOf("Processing… | 100 | Processing…")).toBeGreaterThan(
      shown.findIndex((state) => state.endsWith("| Uploading…")),
    );
    expect(shown.at(-1)).toBe("idle");

    const harbour = card("harbour.jpg");
    await harbour.waitFor(SLOW);
    const thumbnail = harbour.getByRole("link", { name: "Open harbour.jpg" }).locator("img");
    expect(await thumbnail.getAttribute("src")).toMatch(
      /^\/media\/\d{13}-[0-9a-f]{16}-v\d+-w320\.webp$/,
    );
    expect(await thumbnail.getAttribute("width")).toBe("1600");
    expect(await thumbnail.getAttribute("height")).toBe("1200");
    // The copy itself arrives: 320 pixels wide, not the 1600 of the original.
    await expect
      .poll(
        () => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        SLOW,
      )
      .toBe(320);
    // The link still opens the full image.
    expect(await publicPathOf("harbour.jpg")).toMatch(/\.jpg$/);
    expect(await harbour.getByText("1600 × 1200", { exact: true }).isVisible()).toBe(true);
    const saved = harbour.getByText(/→/);
    expect(await saved.textContent()).toMatch(
      /^[\d.]+ (Bytes|KB|MB) → [\d.]+ (Bytes|KB|MB) \(\d+% smaller\)$/,
    );
    expect(await saved.textContent()).toContain(`${formatFileSize(photo.length)} → `);
    expectCleanPage(page, [REFUSED_UPLOAD]);
  });
});

function carriesGps(bytes: Buffer) {
  return gpsFingerprints().some((fingerprint: Buffer) => bytes.includes(fingerprint));
}

/** Every image the page downloads, with its bytes, until the page and its lazy images settle. */
async function imagesOf(page: Page, path: string) {
  const images: { url: string; type: string; body: Buffer }[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== "image") return;
    pending.push(
      response.body().then((body) => {
        images.push({ url: response.url(), type: response.headers()["content-type"] ?? "", body });
      }),
    );
  };
  page.on("response", onResponse);
  await page.goto(`${own.url}${path}`, { waitUntil: "networkidle" });
  // Lazy images below the fold count too: scroll through the whole page.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  await Promise.all(pending);
  return images;
}

/**
 * Issue 14's promise, as a visitor on a phone sees it: a 12 MP phone photo with its GPS position,
 * uploaded through the media library and used as a post's featured image and in its body, costs a
 * phone at most 300 KB of images on the post and on /blog, only in AVIF or WebP, and no served
 * byte says where it was taken.
 */
describe("a phone photo on a phone", () => {
  let photo: Buffer;
  let mediaPath: string;
  const SLUG = "a-photo-from-the-phone";

  beforeAll(async () => {
    photo = await makePhoto({ width: 4032, height: 3024, gps: true });
  });

  it("is uploaded through the media library, stripped and resized", async () => {
    expect(photo.length).toBeGreaterThan(2_000_000);
    expect(carriesGps(photo)).toBe(true);
    const page = await newPage(context);
    await openAdminTab(page, "/admin/media", "Media library");
    await waitForHydration(page.getByRole("button", { name: "Upload", exact: true }));
    await page
      .getByLabel("File to upload")
      .setInputFiles({ name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByLabel("Alt text (optional)").fill("The harbour at dawn");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expectToast(page, {
      type: "success",
      title: "File uploaded successfully",
      description: "",
    });
    const href = await page
      .getByRole("listitem", { name: "IMG_0042.jpg", exact: true })
      .getByRole("link", { name: "Open IMG_0042.jpg" })
      .getAttribute("href");
    expect(href).toMatch(/^\/media\/\d{13}-[0-9a-f]{16}\.jpg$/);
    mediaPath = href as string;
    await page.close();

    // The stored original: capped at 2560 pixels and without its EXIF.
    const original = Buffer.from(await (await fetch(`${own.url}${mediaPath}`)).arrayBuffer());
    expect(await sharp(original).metadata()).toMatchObject({ width: 2560, height: 1920 });
    expect((await sharp(original).metadata()).exif).toBeUndefined();
    expect(carriesGps(original)).toBe(false);

    // Used as the featured image and in the body of a published post.
    const response = await context.request.post(`${own.url}/api/create-blog-post`, {
      headers: { Origin: own.url },
      data: {
        title: "A photo from the phone",
        slug: SLUG,
        excerpt: "What the harbour looked like this morning.",
        content: `The morning was clear.\n\n![](${mediaPath})\n\nThe boats went out at six.`,
        featured_image: mediaPath,
        published: true,
      },
    });
    expect(response.status()).toBeLessThan(300);
  }, 120_000);

  it.each([
    ["the post", `/blog/${SLUG}`],
    ["the blog list", "/blog"],
  ])(
    "costs a phone at most 300 KB of AVIF or WebP on %s, with no location in any byte",
    async (_, path) => {
      expect(mediaPath).toBeDefined();
      const phone = await browser.newContext({
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      try {
        const page = await newPage(phone);
        const images = await imagesOf(page, path);
        const photos = images.filter((image) =>
          image.url.includes(mediaPath.replace(/\.jpg$/, "")),
        );
        expect(photos.length).toBeGreaterThan(0);
        for (const image of images) {
          expect(image.type, image.url).toMatch(/^image\/(avif|webp|svg\+xml)$/);
          expect(carriesGps(image.body), image.url).toBe(false);
          if (image.type !== "image/svg+xml") {
            expect((await sharp(image.body).metadata()).exif, image.url).toBeUndefined();
          }
        }
        const total = images.reduce((sum, image) => sum + image.body.length, 0);
        expect(total).toBeLessThanOrEqual(300 * 1024);

        // The photo keeps its shape while it loads, and only the first one is fetched eagerly.
        const first = page.locator("main picture img").first();
        expect(await first.getAttribute("width")).toBe("2560");
        expect(await first.getAttribute("height")).toBe("1920");
        expect(await first.getAttribute("fetchpriority")).toBe("high");
        expectCleanPage(page);
      } finally {
        await phone.close();
      }
    },
  );

  it("describes the body image with the library's alt text and loads it lazily", async () => {
    const html = await (await fetch(`${own.url}/blog/${SLUG}`)).text();
    const body = html.slice(html.indexOf('data-testid="post-body"'));
    expect(body).toMatch(/<picture><source type="image\/avif" srcset="[^"]+-v1-w320\.avif 320w/);
    expect(body).toMatch(/<img [^>]*alt="The harbour at dawn"[^>]*loading="lazy"/);
    // The link preview is the 1200 × 630 crop, and the LCP image is preloaded.
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+-v1-og\.jpg"/);
    expect(html).toMatch(/<link rel="preload" as="image" imageSrcSet="[^"]+avif/i);
  });
});

describe("the media library on an S3 bucket", () => {
  let s3: FakeS3;
  let bucketServer: OwnServer;
  let bucketContext: BrowserContext;

  beforeAll(async () => {
    s3 = await startFakeS3();
    bucketServer = await startOwnServer(s3.env);
    const bucketAdmin = await createAdmin(bucketServer.dataDir);
    bucketContext = await signedInContext(browser, bucketServer.url, bucketAdmin);
  });
  afterAll(async () => {
    await bucketContext?.close();
    await bucketServer?.close();
    await s3?.close();
  });

  it("stores uploads in the bucket, links to it, and deletes from it", async () => {
    const upload = await bucketContext.request.post(`${bucketServer.url}${UPLOAD}`, {
      headers: { Accept: "application/json", Origin: bucketServer.url },
      multipart: {
        altText: "Logo",
        file: { name: "logo.svg", mimeType: "image/svg+xml", buffer: SVG },
      },
    });
    expect(upload.status()).toBe(201);
    const { name, url, item } = (await upload.json()) as {
      name: string;
      url: string;
      item: { id: number };
    };
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/${name}`);
    const fromBucket = await fetch(url);
    expect(fromBucket.headers.get("content-type")).toBe("image/svg+xml");
    // A bucket sends no CSP: an SVG opened directly is downloaded, not rendered.
    expect(fromBucket.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    expect(Buffer.from(await fromBucket.arrayBuffer())).toEqual(SVG);
    expect(fs.existsSync(path.join(bucketServer.dataDir, "media", name))).toBe(false);

    const local = await fetch(`${bucketServer.url}/media/${name}`, { redirect: "manual" });
    expect(local.status).toBe(302);
    expect(local.headers.get("location")).toBe(url);

    const removed = await bucketContext.request.post(`${bucketServer.url}/admin/media`, {
      form: { intent: "delete", id: String(item.id) },
    });
    expect(removed.status()).toBe(200);
    expect((await fetch(url)).status).toBe(404);
  });
});
