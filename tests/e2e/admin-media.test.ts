import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { HOSTILE_SVG, HTML, PNG, SVG, TEXT } from "../support/media-fixtures";

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
const REFUSED_UPLOAD = /Failed to load resource: the server responded with a status of 415/;

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
    expect(await logo.getByText("79 Bytes").isVisible()).toBe(true);
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
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
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
      headers: { Accept: "application/json" },
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
      headers: { Accept: "application/json" },
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
      headers: { Accept: "application/json" },
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
    await own.restart();
    await openMediaTab();
    expect(
      await card("logo.png").getByRole("img", { name: "Company logo in blue" }).isVisible(),
    ).toBe(true);
    const response = await fetch(`${own.url}${logoPath}`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
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
            headers: { Accept: "application/json" },
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
      headers: { Accept: "application/json" },
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
