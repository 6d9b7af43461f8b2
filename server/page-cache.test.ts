import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  type CachedPage,
  etagMatches,
  makeCachedPage,
  PageCache,
  preferredEncoding,
} from "./page-cache";

const html = (text: string) => Buffer.from(`<!DOCTYPE html><html><body>${text}</body></html>`);

/** A page of exactly `bytes` bytes of cost, for the memory bound. */
function sized(bytes: number, tag = "x"): CachedPage {
  return {
    headers: {},
    body: Buffer.from(tag),
    gzip: Buffer.alloc(0),
    br: Buffer.alloc(0),
    etag: `"${tag}"`,
    bytes,
    storedAt: Date.now(),
    postId: null,
  };
}

describe("makeCachedPage", () => {
  it("compresses once into gzip and brotli that give back the same bytes", async () => {
    const body = html("Hello ".repeat(2000));
    const page = await makeCachedPage(body, { "content-type": "text/html; charset=utf-8" });
    expect(gunzipSync(page.gzip)).toEqual(body);
    expect(brotliDecompressSync(page.br)).toEqual(body);
    expect(page.br.length).toBeLessThan(body.length / 10);
    expect(page.bytes).toBeGreaterThan(body.length + page.gzip.length + page.br.length);
  });

  it("gives the same bytes the same strong ETag, and other bytes another", async () => {
    const a = await makeCachedPage(html("one"), {});
    const b = await makeCachedPage(html("one"), {});
    const c = await makeCachedPage(html("two"), {});
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(b.etag).toBe(a.etag);
    expect(c.etag).not.toBe(a.etag);
  });
});

describe("preferredEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["identity", "identity"],
    ["gzip;q=0, br;q=0", "identity"],
    ["x-gzip", "gzip"],
    ["gzip;q=oops, br", "br"],
  ] as const)("%s → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe("etagMatches", () => {
  it("matches the tag, a list holding it, its weak form and *, nothing else", () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
    expect(etagMatches('"abcd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});

describe("PageCache", () => {
  it("keeps pages within its bytes, dropping the least recently used first", () => {
    const cache = new PageCache({ maxBytes: 1000 });
    cache.set("/a", sized(200, "a"));
    cache.set("/b", sized(200, "b"));
    cache.set("/c", sized(200, "c"));
    cache.set("/d", sized(200, "d"));
    expect(cache.get("/a")?.etag).toBe('"a"'); // /a is now the most recent
    cache.set("/e", sized(250, "e")); // 1050 bytes: the oldest, /b, goes
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.stats()).toMatchObject({ entries: 4, bytes: 850 });
  });

  it("replaces a key's page without counting it twice, and never keeps one over a quarter of the room", () => {
    const cache = new PageCache({ maxBytes: 1000 });
    cache.set("/a", sized(200, "a"));
    cache.set("/a", sized(100, "a2"));
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 100 });
    cache.set("/huge", sized(251, "huge"));
    expect(cache.get("/huge")).toBeUndefined();
    expect(cache.get("/a")?.etag).toBe('"a2"');
  });

  it("renders a key once however many visitors miss it at the same time", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    let renders = 0;
    let finish: (page: CachedPage) => void = () => {};
    const render = () => {
      renders += 1;
      return new Promise<CachedPage>((resolve) => {
        finish = resolve;
      });
    };
    const visitors = Array.from({ length: 50 }, () => cache.fill("/", render));
    finish(sized(100, "home"));
    const pages = await Promise.all(visitors);
    expect(renders).toBe(1);
    expect(new Set(pages.map((page) => page?.etag))).toEqual(new Set(['"home"']));
    expect(await cache.fill("/", render)).toBe(pages[0]);
    expect(renders).toBe(1);
    expect(cache.stats()).toMatchObject({ misses: 1 });
  });

  it("keeps nothing when the render says so, and renders again next time", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      return null;
    };
    expect(await cache.fill("/flash", render)).toBeNull();
    expect(await cache.fill("/flash", render)).toBeNull();
    expect(renders).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it("does not keep a render that began before the cache was emptied", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    let finish: (page: CachedPage) => void = () => {};
    const stale = cache.fill(
      "/",
      () =>
        new Promise<CachedPage>((resolve) => {
          finish = resolve;
        }),
    );
    cache.clear(); // content changed while the old version was being rendered
    const fresh = cache.fill("/", async () => sized(100, "new"));
    finish(sized(100, "old"));
    expect((await stale)?.etag).toBe('"old"');
    expect((await fresh)?.etag).toBe('"new"');
    expect(cache.get("/")?.etag).toBe('"new"');
  });

  it("lets a page go once it is older than the longest it may be kept", () => {
    let now = Date.now();
    const cache = new PageCache({ maxBytes: 1000, maxAgeMs: 60_000, now: () => now });
    cache.set("/", { ...sized(100, "home"), storedAt: now });
    now += 59_999;
    expect(cache.get("/")).toBeDefined();
    now += 1;
    expect(cache.get("/")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("lets a failed render fail its visitors and tries again on the next", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    await expect(cache.fill("/", () => Promise.reject(new Error("database away")))).rejects.toThrow(
      "database away",
    );
    expect((await cache.fill("/", async () => sized(10, "back")))?.etag).toBe('"back"');
  });
});
