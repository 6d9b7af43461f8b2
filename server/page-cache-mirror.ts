import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { logger } from "~/lib/logger.server";
import { type CachedPage, makeCachedPage, type PageCacheListener } from "./page-cache";

/**
 * The page cache copied to a directory (PAGE_CACHE_DIR), for nginx or a CDN origin to serve
 * visitors' pages without reaching Node (the README's "Serving pages from nginx"). Each page the
 * cache keeps is written there with its `.gz` and `.br`, in the background (an answer never waits
 * for the disk); the whole directory is emptied when the cache is (every content change) and a
 * page's files go when it reaches the cache's max age, so nginx serves nothing the app would no
 * longer answer. Only what every visitor may get as a plain file is written: a page or its
 * navigation data (`.data`) at an address without a query string, never a blog post (its
 * readers are counted by the app), and only where the address maps to one file name and back.
 */

/** A path segment as written to disk: letters of any script, digits, '-' and '_'; no dot. */
const DISK_SEGMENT = /^[\p{L}\p{N}_-]+$/u;
/** The same segment as sent: plain ASCII or percent-encoded bytes, nothing else. */
const SENT_SEGMENT = /^(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2})+$/;
/** Under a file system's 255-byte name limit with the endings the mirror adds. */
const SEGMENT_MAX_BYTES = 200;
const DATA = ".data";

/** The file that marks a directory as the mirror's, so emptying it can never take anyone else's. */
export const MIRROR_MARKER = ".page-cache-mirror";

/**
 * The file (relative to the mirror) that nginx finds for a page's address, or null for an
 * address the mirror leaves to the app. A page is `<path>/index.html` (`/` is `index.html`),
 * its navigation data `<path>.data` (React Router asks `/_root.data` for `/`): nginx looks up
 * `$uri/index.html` and, for `.data`, `$uri`. A directory name never has a dot, so no page, data
 * file or temporary file can be taken for another. nginx decodes the address before it looks, so
 * a percent-encoded segment is written decoded, and only if it decodes to letters and digits and
 * is encoded as browsers do it (upper-case hex, nothing encoded that needs no encoding).
 */
export function mirrorFile(key: string): string | null {
  if (!key.startsWith("/") || /[?#]/.test(key)) return null;
  const data = key.endsWith(DATA);
  const pagePath = data ? key.slice(0, -DATA.length) : key;
  if (pagePath === "/") return data ? null : "index.html";
  const segments: string[] = [];
  for (const sent of pagePath.slice(1).split("/")) {
    if (!SENT_SEGMENT.test(sent)) return null;
    let segment: string;
    try {
      segment = decodeURIComponent(sent);
    } catch {
      return null; // Not UTF-8.
    }
    if (!DISK_SEGMENT.test(segment) || Buffer.byteLength(segment) > SEGMENT_MAX_BYTES) return null;
    // One spelling per file: nginx sends `/%61bout` and `/caf%c3%a9` to the files of `/about` and
    // `/caf%C3%A9`, so what the app rendered for those spellings must not be written there.
    if (encodeURIComponent(segment) !== sent) return null;
    segments.push(segment);
  }
  const joined = segments.join("/");
  return data ? `${joined}${DATA}` : `${joined}/index.html`;
}

/** Directives a policy in a <meta> element may not carry (browsers ignore them, with a warning). */
const HEADER_ONLY_DIRECTIVES = new Set(["frame-ancestors", "report-uri", "report-to", "sandbox"]);

/**
 * The page with its policy in a `<meta http-equiv="Content-Security-Policy">` at the top of its
 * head: nginx sends one fixed header for every file, and the policy differs per page (the hashes
 * of its scripts). Nothing runs before the element, so it governs every script; what a meta
 * element cannot say (frame-ancestors) is the fixed header's. Null for a page without a head.
 */
export function withPolicyMeta(html: string, policy: string): string | null {
  const head = /<head(?:\s[^>]*)?>(?:\s*<meta charset=[^>]*>)?/i.exec(html);
  if (!head) return null;
  const kept = policy
    .split(";")
    .map((directive) => directive.trim())
    .filter((directive) => {
      const name = directive.split(/\s+/)[0]?.toLowerCase() ?? "";
      return name !== "" && !HEADER_ONLY_DIRECTIVES.has(name);
    })
    .join("; ");
  const content = kept.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}<meta http-equiv="Content-Security-Policy" content="${content}">${html.slice(at)}`;
}

/** Headers a stored page may carry that a file served by nginx would lose: such pages stay out. */
const HEADERS_ONLY_THE_APP_SENDS = ["link", "x-robots-tag", "content-language"];

type Files = Pick<CachedPage, "body" | "gzip" | "br">;

/**
 * What to write for a stored page: the navigation data as stored, a page with its policy in it
 * (compressed again, once); null for anything the mirror leaves to the app.
 */
function filesFor(data: boolean, page: CachedPage): Promise<Files | null> | null {
  if (page.postId !== null) return null; // Its readers are counted by the app.
  const type = page.headers["content-type"] ?? "";
  if (data) return type.startsWith("text/x-script") ? Promise.resolve(page) : null;
  if (!type.startsWith("text/html") || page.headers["cache-control"]) return null;
  if (HEADERS_ONLY_THE_APP_SENDS.some((name) => page.headers[name] !== undefined)) return null;
  const policy = page.headers["content-security-policy"];
  const html = policy && withPolicyMeta(page.body.toString("utf8"), policy);
  return html ? makeCachedPage(Buffer.from(html, "utf8"), {}) : null;
}

export class PageCacheMirror implements PageCacheListener {
  readonly dir: string;
  private readonly maxAgeMs: number;
  /** Writes and removals one at a time, in the order the cache made its changes. */
  private queue: Promise<void> = Promise.resolve();
  /** Bumped by cleared(): a write queued before it is of old content and is dropped. */
  private generation = 0;
  /** Each written file's removal at its max age, replaced when the file is written again. */
  private expiries = new Map<string, NodeJS.Timeout>();
  private temporaries = 0;

  /**
   * Opens the mirror directory (made if missing) and empties it: what an earlier run left may be
   * out of date. Refuses a directory with files in it that the mirror did not write.
   */
  constructor({ dir, maxAgeMs }: { dir: string; maxAgeMs: number }) {
    this.dir = path.resolve(dir);
    this.maxAgeMs = maxAgeMs;
    fs.mkdirSync(this.dir, { recursive: true });
    const entries = fs.readdirSync(this.dir);
    if (entries.length > 0 && !entries.includes(MIRROR_MARKER)) {
      throw new Error(
        `PAGE_CACHE_DIR (${this.dir}) holds files the page cache did not write: give it an empty directory of its own`,
      );
    }
    for (const entry of entries) {
      if (entry !== MIRROR_MARKER) {
        fs.rmSync(path.join(this.dir, entry), { recursive: true, force: true });
      }
    }
    fs.writeFileSync(
      path.join(this.dir, MIRROR_MARKER),
      "Pages written by the site's page cache (PAGE_CACHE_DIR); emptied at every start and change.\n",
    );
  }

  stored(key: string, page: CachedPage) {
    const file = mirrorFile(key);
    if (!file) return;
    // Compressed now, beside the queue: only the writes wait their turn.
    const files = filesFor(file.endsWith(DATA), page);
    if (!files) return;
    const generation = this.generation;
    this.enqueue(async () => {
      const bytes = await files;
      if (!bytes || generation !== this.generation) return;
      await this.write(file, bytes);
      const left = page.storedAt + this.maxAgeMs - Date.now();
      clearTimeout(this.expiries.get(file));
      const expiry = setTimeout(
        () => {
          this.expiries.delete(file);
          this.enqueue(() => this.remove(file));
        },
        Math.max(0, left),
      );
      expiry.unref();
      this.expiries.set(file, expiry);
    });
  }

  cleared() {
    this.generation += 1;
    for (const expiry of this.expiries.values()) clearTimeout(expiry);
    this.expiries.clear();
    this.enqueue(() => this.empty());
  }

  /** Resolves once every change made so far is on disk. */
  settled(): Promise<void> {
    return this.queue;
  }

  private enqueue(work: () => Promise<void>) {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      logger.warn({ err: error, dir: this.dir }, "page cache mirror: writing to disk failed");
    });
  }

  private target(file: string) {
    const target = path.join(this.dir, file);
    // mirrorFile lets nothing else through; this holds even if it one day did.
    if (!target.startsWith(`${this.dir}${path.sep}`))
      throw new Error(`outside the mirror: ${file}`);
    return target;
  }

  /** The compressed files first: nginx looks for the page itself, then for its `.gz`/`.br`. */
  private async write(file: string, bytes: Files) {
    const target = this.target(file);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await this.writeAtomically(`${target}.gz`, bytes.gzip);
      await this.writeAtomically(`${target}.br`, bytes.br);
      await this.writeAtomically(target, bytes.body);
    } catch (error) {
      await this.remove(file);
      throw error;
    }
  }

  /** Written beside, then renamed over: nginx sees the old file or the new, never half of one. */
  private async writeAtomically(target: string, bytes: Buffer) {
    this.temporaries += 1;
    const temporary = `${target}.${process.pid}-${this.temporaries}.tmp`;
    try {
      await fsp.writeFile(temporary, bytes, { mode: 0o644 });
      await fsp.rename(temporary, target);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  }

  /** The page itself first: without it nginx passes the request on, whatever else is left. */
  private async remove(file: string) {
    const target = this.target(file);
    await fsp.rm(target, { force: true });
    await fsp.rm(`${target}.gz`, { force: true });
    await fsp.rm(`${target}.br`, { force: true });
  }

  private async empty() {
    const entries = await fsp.readdir(this.dir);
    await Promise.all(
      entries
        .filter((entry) => entry !== MIRROR_MARKER)
        .map((entry) => fsp.rm(path.join(this.dir, entry), { recursive: true, force: true })),
    );
  }
}
