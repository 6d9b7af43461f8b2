import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext, Browser, BrowserContext } from "playwright-core";
import { request as playwrightRequest } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminTabs } from "~/admin/tabs";
import { publicPagePaths } from "~/content/service-paths";
import { createAdmin, signedInContext } from "../support/admin";
import { launchBrowser, uniqueClientAddress } from "../support/browser";
import { type Access, routeAccess } from "../support/route-access";
import { allAddresses } from "../support/route-addresses";
import { sharedServer } from "../support/shared-server";

const { url: baseURL, dataDir } = sharedServer();

/** The npm package vnu-jar ships the checker's jar and exports its path. */
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

type Viewer = "visitor" | "admin";

/** Who fetches the pages of each access: visitors' pages as a visitor and as the admin. */
const viewersOf: Record<Access, Viewer[]> = {
  public: ["visitor", "admin"],
  "signed-out": ["visitor"],
  "signed-in": ["admin"],
  section: ["admin"],
  "api-key-or-section": [],
  "admin-command": [],
};

/** Pages that must be among those checked, each as the admin unless it is for visitors. */
const mustCheck = [
  ...adminTabs.map((tab) => tab.path),
  "/admin/integrations/deliveries",
  "/account/security",
  "/",
  "/blog",
  "/auth",
];

/**
 * Every address of the route configuration with who fetches it (server/app.ts's own routes serve
 * files and JSON, no page): its sample address, or `postSlug`'s for /blog/:slug; and the
 * marketing pages the site comes with.
 */
function addressesToFetch(postSlug: string) {
  const fetches: { url: string; viewer: Viewer }[] = [];
  for (const address of allAddresses().values()) {
    if (address.files.includes("server/app.ts")) continue;
    const rule = routeAccess[address.path];
    if (!rule) throw new Error(`${address.path} has no rule in tests/support/route-access.ts`);
    const sample =
      typeof rule.sample === "function"
        ? rule.sample({ postSlug, mediaName: "", assetPath: "" })
        : rule.sample;
    for (const viewer of viewersOf[rule.access]) {
      fetches.push({ url: sample ?? address.path, viewer });
    }
  }
  // The marketing pages the site comes with are page rows the catch-all draws, not routes.
  for (const url of publicPagePaths) {
    if (!fetches.some((fetch) => fetch.url === url)) fetches.push({ url, viewer: "visitor" });
  }
  return fetches;
}

/** One message of `vnu --format json`. */
interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/** Runs the checker once over all files (one JVM start): its errors. */
async function nuErrors(files: string[]): Promise<VnuMessage[]> {
  const { stdout } = await promisify(execFile)(
    "java",
    [
      "-jar",
      vnuJar,
      "--format",
      "json",
      "--errors-only",
      "--exit-zero-always",
      "--stdout",
      ...files,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
}

describe("the W3C Nu HTML checker on every page as served", () => {
  let browser: Browser;
  let adminContext: BrowserContext;
  let visitor: APIRequestContext;
  let folder: string;
  /** Each written file's page: "<address> as <viewer>". */
  const pageOf = new Map<string, string>();

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "html-validity-"));
    browser = await launchBrowser();
    adminContext = await signedInContext(browser, baseURL, await createAdmin(dataDir));
    visitor = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
    });
    const viewers = { visitor, admin: adminContext.request };

    // A published post, so that the blog's pages and its tab show one.
    const postSlug = `html-validity-${Date.now().toString(36)}`;
    const post = await viewers.admin.post("/api/create-blog-post", {
      headers: { origin: baseURL },
      data: {
        title: "Checked markup",
        content: "## A heading\n\nA paragraph with a [link](https://example.com).",
        excerpt: "A post for the markup check.",
        slug: postSlug,
        featured_image: "/images/blog/creators/hiring-hub.svg",
        published: true,
      },
    });
    if (post.status() !== 201) throw new Error(`publishing a post: ${await post.text()}`);

    for (const { url, viewer } of addressesToFetch(postSlug)) {
      const response = await viewers[viewer].get(url, { maxRedirects: 0 });
      // Redirects, CSV, JSON, XML and text are no pages.
      if (!response.headers()["content-type"]?.startsWith("text/html")) continue;
      const file = path.join(folder, `page-${pageOf.size}.html`);
      fs.writeFileSync(file, await response.body());
      pageOf.set(file, `${url} as ${viewer}${response.ok() ? "" : ` (${response.status()})`}`);
    }
  });
  afterAll(async () => {
    await visitor?.dispose();
    await adminContext?.close();
    await browser?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("checks every public, account and admin page", () => {
    const checked = new Set(pageOf.values());
    const missing = mustCheck
      .map((url) => `${url} as ${url === "/auth" ? "visitor" : "admin"}`)
      .filter((page) => !checked.has(page));
    expect(missing, "pages that did not answer 200 with HTML").toEqual([]);
  });

  it("finds no error on any of them", { timeout: 180_000 }, async () => {
    const errors = (await nuErrors([...pageOf.keys()])).map((error) => {
      const file = decodeURIComponent(error.url.replace(/^file:/, ""));
      const extract = error.extract?.replace(/\s+/g, " ").trim();
      const where = `line ${error.lastLine ?? "?"}, column ${error.firstColumn ?? "?"}`;
      return `${pageOf.get(file) ?? file}, ${where}: ${error.message}\n    ${extract ?? ""}`;
    });
    expect(
      errors.length,
      `${errors.length} errors of the Nu HTML checker:\n${errors.join("\n")}\n`,
    ).toBe(0);
  });
});
