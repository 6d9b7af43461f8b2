import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CachedPage, makeCachedPage, PageCache } from "./page-cache";
import { MIRROR_MARKER, mirrorFile, PageCacheMirror, withPolicyMeta } from "./page-cache-mirror";

const POLICY =
  "default-src 'self';script-src 'sha256-abc' 'strict-dynamic';object-src 'none';frame-ancestors 'none'";

function htmlPage(
  text: string,
  headers: Record<string, string> = {},
  postId: number | null = null,
) {
  return makeCachedPage(
    Buffer.from(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${text}</title></head><body>${text}</body></html>`,
    ),
    { "content-type": "text/html; charset=utf-8", "content-security-policy": POLICY, ...headers },
    postId,
  );
}

const dataPage = (text: string) =>
  makeCachedPage(Buffer.from(`[{"_1":2},"${text}"]`), {
    "content-type": "text/x-script",
    "cache-control": "private, max-age=0, must-revalidate",
  });

describe("mirrorFile", () => {
  it("maps a page to <path>/index.html and its navigation data to <path>.data", () => {
    expect(mirrorFile("/")).toBe("index.html");
    expect(mirrorFile("/_root.data")).toBe("_root.data");
    expect(mirrorFile("/about")).toBe("about/index.html");
    expect(mirrorFile("/about.data")).toBe("about.data");
    expect(mirrorFile("/blog/my-first_post")).toBe("blog/my-first_post/index.html");
    expect(mirrorFile("/index")).toBe("index/index.html");
  });

  it("writes a percent-encoded letter decoded, as nginx looks it up", () => {
    expect(mirrorFile("/caf%C3%A9")).toBe("café/index.html");
    expect(mirrorFile("/%E6%97%A5%E6%9C%AC.data")).toBe("日本.data");
  });

  it("leaves to the app every address that is not one plain file", () => {
    for (const key of [
      "/about?utm_source=x", // a query string cannot be a file
      "/about?",
      "/about#top",
      "/about/", // the app's answer for a trailing slash is its own
      "//about",
      "/.data",
      "/about.data.data",
      "/sitemap.xml",
      "/robots.txt",
      "/index.html",
      "/about/index.html",
      "/a.b",
      "/café", // sent raw: browsers encode it
      "/a%20b", // a space
      "/a%2Fb", // an encoded slash
      "/a%5Cb", // a backslash
      "/%2E%2E/etc/passwd",
      "/..",
      "/../etc/passwd",
      "/a/../../etc",
      "/%2e%2e",
      "/a%00b",
      "/a%0Ab",
      "/%C3", // not UTF-8
      "/%FF",
      "/%zz",
      "/a~b",
      "/%61bout", // another spelling of /about: the app's answer to it is not /about's file
      "/caf%c3%a9", // lower-case hex: browsers send upper case
      "/.page-cache-mirror",
      `/${"a".repeat(201)}`,
      "about",
      "",
    ]) {
      expect(mirrorFile(key), key).toBeNull();
    }
  });
});

describe("withPolicyMeta", () => {
  it("puts the page's policy at the top of its head, without what only a header may say", () => {
    const html = withPolicyMeta(
      '<!DOCTYPE html><html><head><meta charset="utf-8"><script>go()</script></head></html>',
      POLICY,
    );
    expect(html).toBe(
      "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'sha256-abc' 'strict-dynamic'; object-src 'none'\"><script>go()</script></head></html>",
    );
  });

  it("escapes the policy for the attribute, and refuses a page without a head", () => {
    expect(withPolicyMeta("<html><head></head></html>", `img-src "x" <y> &z`)).toContain(
      'content="img-src &quot;x&quot; &lt;y> &amp;z"',
    );
    expect(withPolicyMeta("<p>no head</p>", POLICY)).toBeNull();
  });
});

describe("PageCacheMirror", () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "page-mirror-")), "pages");
  });
  afterEach(() => {
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  const read = (file: string) => fs.readFileSync(path.join(dir, file), "utf8");
  const exists = (file: string) => fs.existsSync(path.join(dir, file));
  /** Every file in the mirror but its marker, relative and sorted. */
  const files = () =>
    (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((name) => fs.statSync(path.join(dir, name)).isFile() && name !== MIRROR_MARKER)
      .sort();

  it("writes a stored page with its policy, and its .gz and .br of the same bytes", async () => {
    const mirror = new PageCacheMirror({ dir, maxAgeMs: 60_000 });
    const cache = new PageCache({ maxBytes: 1 << 20, listener: mirror });
    cache.set("/about", await htmlPage("About us"));
    cache.set("/about.data", await dataPage("About us"));
    await mirror.settled();
    expect(files()).toEqual([
      "about.data",
      "about.data.br",
      "about.data.gz",
      "about/index.html",
      "about/index.html.br",
      "about/index.html.gz",
    ]);
    const html = read("about/index.html");
    expect(html).toContain("<title>About us</title>");
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'sha256-abc' 'strict-dynamic'; object-src 'none'">`,
    );
    const raw = fs.readFileSync(path.join(dir, "about/index.html"));
    expect(gunzipSync(fs.readFileSync(path.join(dir, "about/index.html.gz")))).toEqual(raw);
    expect(brotliDecompressSync(fs.readFileSync(path.join(dir, "about/index.html.br")))).toEqual(
      raw,
    );
    expect(read("about.data")).toBe('[{"_1":2},"About us"]');
    // No temporary file is left behind.
    expect(fs.readdirSync(path.join(dir, "about"))).toHaveLength(3);
  });

  it("leaves out blog posts, addresses with a query, feeds and pages with headers of their own", async () => {
    const mirror = new PageCacheMirror({ dir, maxAgeMs: 60_000 });
    const cache = new PageCache({ maxBytes: 1 << 20, listener: mirror });
    cache.set("/blog/hello", await htmlPage("A post", {}, 7));
    cache.set("/blog/hello.data", { ...(await dataPage("A post")), postId: 7 });
    cache.set("/blog?page=2", await htmlPage("Page 2"));
    cache.set(
      "/sitemap",
      await makeCachedPage(Buffer.from("<urlset/>"), { "content-type": "application/xml" }),
    );
    cache.set("/hidden", await htmlPage("Hidden", { "x-robots-tag": "noindex" }));
    cache.set("/plain", await htmlPage("Plain", { "cache-control": "public, max-age=3600" }));
    await mirror.settled();
    expect(files()).toEqual([]);
  });

  it("empties the whole mirror when the cache is cleared, dropping writes still queued", async () => {
    const mirror = new PageCacheMirror({ dir, maxAgeMs: 60_000 });
    const cache = new PageCache({ maxBytes: 1 << 20, listener: mirror });
    cache.set("/", await htmlPage("Home"));
    cache.set("/services/automation", await htmlPage("Automation"));
    await mirror.settled();
    expect(files()).toHaveLength(6);
    cache.set("/about", await htmlPage("Old about"));
    cache.clear();
    await mirror.settled();
    expect(files()).toEqual([]);
    cache.set("/about", await htmlPage("New about"));
    await mirror.settled();
    expect(read("about/index.html")).toContain("New about");
  });

  it("removes a page's files when it reaches the cache's max age", async () => {
    const mirror = new PageCacheMirror({ dir, maxAgeMs: 300 });
    const cache = new PageCache({ maxBytes: 1 << 20, maxAgeMs: 300, listener: mirror });
    cache.set("/about", await htmlPage("About us"));
    await mirror.settled();
    expect(exists("about/index.html")).toBe(true);
    await expect.poll(() => files(), { timeout: 3000, interval: 50 }).toEqual([]);
  });

  it("keeps a page rewritten before its max age for a max age from the rewrite", async () => {
    const mirror = new PageCacheMirror({ dir, maxAgeMs: 1500 });
    const first: CachedPage = await htmlPage("About us");
    mirror.stored("/about", first);
    await mirror.settled();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    mirror.stored("/about", await htmlPage("About us, again"));
    await mirror.settled();
    // Past the first write's max age, not the second's.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(read("about/index.html")).toContain("About us, again");
    await expect.poll(() => exists("about/index.html"), { timeout: 3000 }).toBe(false);
  });

  it("empties what an earlier run left, and refuses a directory that is not its own", async () => {
    const earlier = new PageCacheMirror({ dir, maxAgeMs: 60_000 });
    earlier.stored("/about", await htmlPage("Old"));
    await earlier.settled();
    expect(files()).toHaveLength(3);
    fs.mkdirSync(path.join(dir, "stale"), { recursive: true });
    fs.writeFileSync(path.join(dir, "stale", "index.html"), "old");
    new PageCacheMirror({ dir, maxAgeMs: 60_000 });
    expect(files()).toEqual([]);

    const someoneElses = path.join(path.dirname(dir), "elsewhere");
    fs.mkdirSync(someoneElses);
    fs.writeFileSync(path.join(someoneElses, "notes.txt"), "keep me");
    expect(() => new PageCacheMirror({ dir: someoneElses, maxAgeMs: 60_000 })).toThrow(
      /holds files the page cache did not write/,
    );
    expect(fs.readFileSync(path.join(someoneElses, "notes.txt"), "utf8")).toBe("keep me");
  });
});
