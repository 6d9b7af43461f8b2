import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPageScripts } from "../../server/page-csp";
import { type AdminSession, startAdminSession } from "../support/admin";
import { expectCleanPage, expectClientSideMoveToBlog, newPage } from "../support/browser";
import { parseCsp } from "../support/csp";

/**
 * Issue 15's page cache, switched on (PAGE_CACHE_MB) on a server of this file's own: visitors'
 * pages come from memory with hashes in place of the nonce, never anyone's personal page.
 */
let session: AdminSession;

beforeAll(async () => {
  session = await startAdminSession({ PAGE_CACHE_MB: "64" });
}, 180_000);
afterAll(async () => {
  await session?.close();
});

/** The bytes as sent (fetch would decode them). */
function rawGet(path: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(
        `${session.own.url}${path}`,
        { headers: { "accept-encoding": acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        },
      )
      .on("error", reject);
  });
}

const visitor = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${session.own.url}${path}`, { headers: { "accept-encoding": "identity", ...headers } });

describe("the page cache for visitors", () => {
  it("answers a visitor with a shareable page: hashes for its scripts, no nonce, no cookie", async () => {
    const first = await visitor("/about");
    const second = await visitor("/about");
    expect(first.status).toBe(200);
    const html = await second.text();
    expect(await first.text()).toBe(html);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    // Browsers ask again every time: a visitor's page they kept (stale-while-revalidate) would
    // show someone who has just signed in as signed out. A CDN may keep it, and serve it stale.
    expect(second.headers.get("cache-control")).toBe(
      "public, max-age=0, must-revalidate, s-maxage=60",
    );
    expect(second.headers.get("cdn-cache-control")).toBe(
      "public, max-age=60, stale-while-revalidate=300",
    );
    expect(second.headers.get("set-cookie")).toBeNull();
    const scriptSrc = parseCsp(second.headers.get("content-security-policy") ?? "")["script-src"];
    expect(scriptSrc).toMatch(/^('sha256-[A-Za-z0-9+/=]+' )+'strict-dynamic'$/);
    expect(html).not.toContain("nonce=");
    // The other headers of a page are there too.
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
    // An answer that says how long it may be kept keeps saying so.
    const sitemap = await visitor("/sitemap.xml");
    expect(sitemap.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(sitemap.headers.get("cdn-cache-control")).toBeNull();
    // Navigation data is for the browser alone: a page a CDN kept reloads it to correct itself.
    await visitor("/_root.data");
    const data = await visitor("/_root.data");
    expect(data.status).toBe(200);
    expect(data.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(data.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    expect(data.headers.get("cdn-cache-control")).toBeNull();
    expect(sitemap.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });

  it("is the very page the app renders, apart from how its scripts are allowed", async () => {
    // A pending-toast cookie makes the request personal: rendered as before, with a nonce.
    const fresh = await visitor("/about", { cookie: "flash_toast=x" });
    const nonce = /'nonce-([^']+)'/.exec(fresh.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeDefined();
    expect(fresh.headers.get("cache-control")).toBe("private, no-cache");
    const cached = await (await visitor("/about")).text();
    expect(cached).toBe(hashPageScripts(await fresh.text(), nonce as string).html);
  });

  it("sends it compressed once, and 304 to a browser that has it", async () => {
    const plain = await rawGet("/", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const gzipped = await rawGet("/", "gzip, deflate");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body)).toEqual(plain.body);
    const brotli = await rawGet("/", "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body)).toEqual(plain.body);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 4);
    expect(brotli.headers.vary).toBe("Accept-Encoding");

    const again = await visitor("/", { "if-none-match": plain.headers.etag as string });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("never gives a signed-in user's page to a visitor", async () => {
    const page = await newPage(session.context);
    await page.goto(`${session.own.url}/`);
    expect(await page.getByText(session.admin.email).first().isVisible()).toBe(true);
    await page.close();
    for (const path of ["/", "/about", "/blog"]) {
      const html = await (await visitor(path)).text();
      expect(html).not.toContain(session.admin.email);
      expect(html).not.toContain("Sign Out");
    }
  });

  it("corrects a visitor's page that a shared cache gave someone signed in", async () => {
    // A CDN that ignores cookies answers the signed-in browser with the visitors' home page.
    const kept = await visitor("/");
    const body = await kept.text();
    expect(body).not.toContain(session.admin.email);
    const headers = Object.fromEntries(kept.headers);
    const page = await newPage(session.context);
    await page.route(`${session.own.url}/`, (route) => route.fulfill({ headers, body }));
    await page.goto(`${session.own.url}/`);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect.poll(() => nav.getByText(session.admin.email).isVisible()).toBe(true);
    expect(await nav.getByRole("link", { name: "Sign In" }).count()).toBe(0);
    expectCleanPage(page);
    await page.close();
    // The hint says nothing secret: "1", readable by the page, set at sign-in.
    const hint = (await session.context.cookies()).find((c) => c.name === "has_session");
    expect(hint?.value).toBe("1");
    expect(hint?.httpOnly).toBe(false);
  });

  it("shows an admin's change on the next visitor's view", async () => {
    const before = await (await visitor("/blog")).text();
    expect(before).not.toContain("Fresh from the cache test");
    const created = await session.context.request.post(`${session.own.url}/api/create-blog-post`, {
      headers: { Origin: session.own.url },
      data: { title: "Fresh from the cache test", content: "Hello.", published: true },
    });
    expect(created.status()).toBe(201);
    expect(await (await visitor("/blog")).text()).toContain("Fresh from the cache test");
  });
});

describe("a cached page in the browser", () => {
  async function openAsVisitor(inject = false): Promise<{ page: Page; violations: string[] }> {
    const context = await session.browser.newContext();
    const page = await newPage(context);
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text());
    });
    if (inject) {
      // As if a stored script had slipped into the page: the same headers, one more script.
      await page.route(`${session.own.url}/about`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          "</body>",
          "<script>window.injected = true</script></body>",
        );
        await route.fulfill({ response, body });
      });
    }
    await visitor("/about"); // stored
    await page.goto(`${session.own.url}/about`);
    return { page, violations };
  }

  it("hydrates and moves between pages with no policy violation", async () => {
    const { page, violations } = await openAsVisitor();
    await expectClientSideMoveToBlog(page);
    expect(violations).toEqual([]);
    expectCleanPage(page);
    await page.context().close();
  });

  it("refuses a script that was not in the page it stored", async () => {
    const { page, violations } = await openAsVisitor(true);
    await expect.poll(() => page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { injected?: boolean }).injected),
    ).toBeUndefined();
    expect(violations.some((text) => /inline script/i.test(text))).toBe(true);
    await page.context().close();
  });
});
