import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";

/**
 * Public pages as visitors without a session get them, kept in memory: rendered once, compressed
 * once (gzip and brotli), answered from here until content changes. Bounded by bytes (least
 * recently used goes first); one render per key at a time however many visitors miss at once.
 * The HTTP side (which requests may use it, what the answer carries) is the middleware's.
 */

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface CachedPage {
  /** Headers of the stored answer (content type, CSP, …); never a cookie. */
  headers: Record<string, string>;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Strong validator of the uncompressed bytes, quoted as the header carries it. */
  etag: string;
  /** What the entry costs in memory: every body kept, plus the headers. */
  bytes: number;
  /** When it was rendered (Date.now()). */
  storedAt: number;
  /** The blog post the page shows, whose readers are counted on every answer; else null. */
  postId: number | null;
}

export type Encoding = "br" | "gzip" | "identity";

/** Compresses a rendered page once, for every visitor that will get it. */
export async function makeCachedPage(
  body: Buffer,
  headers: Record<string, string>,
  postId: number | null = null,
): Promise<CachedPage> {
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: 11,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const headerBytes = Object.entries(headers).reduce(
    (sum, [name, value]) => sum + name.length + value.length,
    0,
  );
  return {
    headers,
    body,
    gzip: gzipped,
    br: brotli,
    etag,
    bytes: body.length + gzipped.length + brotli.length + headerBytes,
    storedAt: Date.now(),
    postId,
  };
}

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. A coding
 * refused with q=0 (also through `*;q=0`) is not used.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [rawName, ...params] = part.trim().split(";");
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key?.trim().toLowerCase() === "q") {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    weights.set(name, q);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gz = Math.max(weightOf("gzip"), weights.get("x-gzip") ?? 0);
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return "identity";
}

/** Whether an If-None-Match header names this strong ETag (or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  // Weak comparison, as RFC 9110 asks for If-None-Match: W/"x" matches "x".
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

/**
 * Told of what the cache keeps and when it empties (server/page-cache-mirror.ts copies the pages
 * to disk). Called synchronously, after the change: a listener must not slow the caller.
 */
export interface PageCacheListener {
  stored(key: string, page: CachedPage): void;
  cleared(): void;
}

/** How long a page is kept at most, unless a test says otherwise (PageCache's maxAgeMs). */
export const PAGE_MAX_AGE_MS = 60_000;

export class PageCache {
  readonly maxBytes: number;
  /**
   * How long a page is kept at most. Changes made through the app empty the cache at once; this
   * bounds what no write announces (a post whose publish time arrives).
   */
  readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly listener: PageCacheListener | undefined;
  /** Insertion order is recency: a hit moves its entry to the end, eviction takes the front. */
  private entries = new Map<string, CachedPage>();
  private inFlight = new Map<string, Promise<CachedPage | null>>();
  private used = 0;
  /** Bumped by clear(): a render that began before it may show old content, so is not kept. */
  private generation = 0;
  private hits = 0;
  private misses = 0;

  constructor({
    maxBytes,
    maxAgeMs = PAGE_MAX_AGE_MS,
    now = Date.now,
    listener,
  }: {
    maxBytes: number;
    maxAgeMs?: number;
    now?: () => number;
    listener?: PageCacheListener;
  }) {
    this.maxBytes = maxBytes;
    this.maxAgeMs = maxAgeMs;
    this.now = now;
    this.listener = listener;
  }

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    if (this.now() - page.storedAt >= this.maxAgeMs) {
      this.remove(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, page);
    this.hits += 1;
    return page;
  }

  /**
   * The stored page for `key`, or the one `render` makes. Visitors that miss while a render of
   * the same key runs wait for it instead of rendering again. `render` answers null for an
   * answer that must not be kept (not a 200, a cookie, …); each waiting visitor then gets null
   * and renders for itself.
   */
  async fill(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const stored = this.get(key);
    if (stored) return stored;
    const running = this.inFlight.get(key);
    if (running) return running;
    this.misses += 1;
    const startedIn = this.generation;
    const rendering = render().finally(() => {
      if (this.inFlight.get(key) === rendering) this.inFlight.delete(key);
    });
    this.inFlight.set(key, rendering);
    const page = await rendering;
    if (page && startedIn === this.generation) this.set(key, page);
    return page;
  }

  set(key: string, page: CachedPage) {
    // One page may take at most a quarter of the room, so a few odd pages cannot empty the rest.
    if (page.bytes > this.maxBytes / 4) return;
    this.remove(key);
    this.entries.set(key, page);
    this.used += page.bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
    this.listener?.stored(key, page);
  }

  /** Empties the cache; renders under way are not stored (they may show the old content). */
  clear() {
    this.entries.clear();
    this.inFlight.clear();
    this.used = 0;
    this.generation += 1;
    this.listener?.cleared();
  }

  stats(): PageCacheStats {
    return {
      entries: this.entries.size,
      bytes: this.used,
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
    };
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }
}
