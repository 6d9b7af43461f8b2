import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Encrypter, generateX25519Identity, identityToRecipient } from "age-encryption";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, createAdmin, dataTemplate } from "../support/admin";
import { type RunningServer, runNode, serverEnv, startServer } from "../support/server";
import {
  adminWriter,
  createSiteContent,
  decodeRouteData,
  fileChecksums,
  type SiteContent,
  sha256,
  signInCookie,
} from "../support/site-content";

/**
 * A site with real content is backed up through its running server, restored into an empty data
 * directory (and, when TEST_DATABASE_URL names a PostgreSQL server, into an empty PostgreSQL
 * database), and each restored site must serve the same pages, media bytes and dashboard data as
 * the site did when it was backed up. A second backup taken while posts are being published must
 * restore one consistent moment of the site.
 */

const scratch: string[] = [];
const servers: RunningServer[] = [];
const databases: string[] = [];
const pgUrl = process.env.TEST_DATABASE_URL;
/** For each test: a backup, a restore or a server start takes a while on a loaded two-core runner. */
const SLOW = 120_000;

function scratchDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-backup-"));
  scratch.push(dir);
  return dir;
}

async function start(dataDir: string, env: NodeJS.ProcessEnv = {}, template?: string) {
  const server = await startServer({ dataDir, env: { TRUST_PROXY: "loopback", ...env }, template });
  servers.push(server);
  return server;
}

async function onMaintenance(work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const name of databases) {
    await onMaintenance((client) => client.query(`drop database if exists ${name} with (force)`));
  }
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

function backup(dataDir: string, out: string) {
  return runNode(["scripts/backup.js", "--out", out], serverEnv(dataDir, undefined));
}

interface Restored {
  code: number | null;
  stdout: string;
  stderr: string;
  dataDir: string;
  /** What a server on the restored target needs: its DATABASE_URL, if any. */
  env: NodeJS.ProcessEnv;
}

/**
 * `npm run restore` of `archive` into `dataDir` (and the PostgreSQL database `databaseUrl`), as
 * on a new machine that was given the SESSION_SECRET of the site that made the archive (its
 * DATA_DIR/session-secret, from `secretOf`): the archive's signature checks out. Without it, the
 * archive is another site's to this one.
 */
async function restoreInto(
  archive: string,
  dataDir: string,
  options: { databaseUrl?: string; secretOf?: string; args?: string[] } = {},
) {
  const env: NodeJS.ProcessEnv = options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {};
  if (options.secretOf) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.copyFileSync(
      path.join(options.secretOf, "session-secret"),
      path.join(dataDir, "session-secret"),
    );
  }
  const result = await runNode(
    ["scripts/restore.js", archive, ...(options.args ?? [])],
    serverEnv(dataDir, undefined, env),
  );
  return { ...result, dataDir, env } satisfies Restored;
}

/** The archive encrypted as an off-machine copy is (age, to a recipient), and the key file that opens it. */
async function encryptLikeTheCopy(archive: string) {
  const identity = await generateX25519Identity();
  const encrypter = new Encrypter();
  encrypter.addRecipient(await identityToRecipient(identity));
  const encrypted = `${archive}.age`;
  fs.writeFileSync(encrypted, await encrypter.encrypt(fs.readFileSync(archive)));
  const keyFile = path.join(scratchDir(), "backup-key.txt");
  fs.writeFileSync(keyFile, `# created: by the test\n${identity}\n`, { mode: 0o600 });
  return { encrypted, keyFile };
}

/** A new, empty database on the TEST_DATABASE_URL server (dropped in afterAll). */
async function newDatabase() {
  const name = `e2e_restore_${randomBytes(5).toString("hex")}`;
  await onMaintenance((client) => client.query(`create database ${name}`));
  databases.push(name);
  const url = new URL(pgUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * What differs between two processes serving the same data, and nothing else: each answer's
 * CSP nonce (a fresh random value per response, in the header and on every script tag) and the
 * origin, which carries each server's own port (the site builds absolute links, the sitemap, the
 * feed and canonical URLs from the request's origin when SITE_URL is not set). The build is the
 * same, so asset names match; the rows are the same, so dates, ids and counts must match too.
 */
function normalize(text: string, server: RunningServer) {
  return text
    .replace(/\bnonce="[^"]*"/g, 'nonce="NONCE"')
    .replaceAll(server.url, "ORIGIN")
    .replaceAll(`127.0.0.1:${server.port}`, "ORIGIN")
    .replaceAll(encodeURIComponent(server.url), "ORIGIN");
}

interface Answer {
  status: number;
  type: string | null;
  location: string | null;
  /** Text bodies normalized (see normalize); binary ones (media) as their SHA-256. */
  body: string;
}

/** Every visitor reads as this one address, so the post pages count the same reader on each site. */
const READER = "198.51.100.7";

async function read(server: RunningServer, address: string, cookie?: string): Promise<Answer> {
  const response = await fetch(`${server.url}${address}`, {
    headers: { "x-forwarded-for": READER, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
  const type = response.headers.get("content-type");
  const bytes = Buffer.from(await response.arrayBuffer());
  const textual = /^(text\/|application\/(xml|rss\+xml|json))/.test(type ?? "");
  return {
    status: response.status,
    type,
    location: response.headers.get("location"),
    body: textual ? normalize(bytes.toString("utf8"), server) : `sha256:${sha256(bytes)}`,
  };
}

/** The public addresses each restored site must answer as the original did. */
function publicAddresses(content: SiteContent) {
  return [
    "/",
    "/blog",
    ...content.published.map((slug) => `/blog/${slug}`),
    // A draft is not public: both must answer 404.
    `/blog/${content.draft}`,
    `/blog?category=${content.category.slug}`,
    "/blog/rss.xml",
    "/sitemap.xml",
    "/robots.txt",
    "/process-automation",
    "/contact",
    // The renamed post's first address and the manual redirect: same status and Location.
    `/blog/${content.renamed.from}`,
    content.manualRedirect.from,
    content.media.original,
    ...content.media.variants,
  ];
}

/** The dashboard's data an admin reads: each tab's own loader data, and the CSV exports. */
const ADMIN_DATA = [
  ["/admin/leads.data", "routes/admin/leads"],
  ["/admin/newsletter.data", "routes/admin/newsletter"],
  ["/admin/blog.data", "routes/admin/blog"],
  ["/admin/blog.data?view=categories", "routes/admin/blog"],
  ["/admin/redirects.data", "routes/admin/redirects"],
  ["/admin/media.data", "routes/admin/media"],
] as const;
const ADMIN_EXPORTS = ["/admin/newsletter/export", "/admin/leads/export"];

async function adminView(server: RunningServer, cookie: string, content: SiteContent) {
  const view: Record<string, unknown> = {};
  for (const [address, route] of ADMIN_DATA) {
    const response = await fetch(`${server.url}${address}`, { headers: { cookie } });
    expect(response.status, address).toBe(200);
    const value = (await decodeRouteData(response)) as Record<string, { data: unknown }>;
    view[address] = JSON.parse(normalize(JSON.stringify(value[route]?.data), server));
  }
  for (const address of ADMIN_EXPORTS) view[address] = await read(server, address, cookie);
  // A draft is shown to an admin as a preview.
  view.draftPreview = await read(server, `/blog/${content.draft}`, cookie);
  return view;
}

async function publicView(server: RunningServer, content: SiteContent) {
  const view: Record<string, Answer> = {};
  for (const address of publicAddresses(content)) view[address] = await read(server, address);
  return view;
}

describe("npm run backup / npm run restore", () => {
  let source: RunningServer;
  let admin: Account;
  let cookie: string;
  let content: SiteContent;
  let archive: string;
  let mediaAtBackup: Record<string, string>;
  /** The source's answers right after the backup, which every restored site must give. */
  let expectedAdmin: Record<string, unknown>;
  let expectedPages: Record<string, Answer>;
  /**
   * Restores run as soon as their archive exists, side by side (each is a process of its own and
   * mostly waits on its database), and each test awaits its own: the file takes less time.
   */
  const restores = new Map<string, Promise<Restored>>();
  /** The busy backup's counts: posts stored before it began, posts begun before it ended. */
  let busy: { storedBefore: number; begunBefore: number; begun: number };

  beforeAll(async () => {
    source = await start(path.join(scratchDir(), "source"), {}, dataTemplate());
    admin = await createAdmin(source.dataDir);
    cookie = await signInCookie(source.url, admin);
    content = await createSiteContent(source, cookie);
  });

  afterAll(async () => {
    // Let restores still running finish before their directories are removed.
    await Promise.allSettled(restores.values());
  });

  it(
    "backs up a site with content through its running server",
    async () => {
      archive = path.join(scratchDir(), "site.tar.gz");
      mediaAtBackup = fileChecksums(path.join(source.dataDir, "media"));
      // The photo and its copies, written by the server when it was uploaded.
      expect(Object.keys(mediaAtBackup).length).toBe(1 + content.media.variants.length);

      const result = await backup(source.dataDir, archive);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(
        new RegExp(
          `Backed up \\d+ tables \\(\\d+ rows\\) and ${Object.keys(mediaAtBackup).length} media files to `,
        ),
      );
      expect(fs.existsSync(archive)).toBe(true);
      // It holds every secret of the site: readable by its owner only.
      expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
      // Into PGlite from the copy that left the machine (encrypted), opened with the key file.
      const { encrypted, keyFile } = await encryptLikeTheCopy(archive);
      restores.set(
        "pglite",
        restoreInto(encrypted, path.join(scratchDir(), "restored"), {
          secretOf: source.dataDir,
          args: ["--identity", keyFile],
        }),
      );
      if (pgUrl) {
        restores.set(
          "postgres",
          restoreInto(archive, path.join(scratchDir(), "restored-pg"), {
            databaseUrl: await newDatabase(),
            secretOf: source.dataDir,
          }),
        );
      }

      // Read before any visitor does: the post pages count readers, and the dashboard shows it.
      expectedAdmin = await adminView(source, cookie, content);
      expectedPages = await publicView(source, content);
      // The comparison is worth something only if the pages show the content.
      expect(expectedPages["/"]?.body).toContain(content.siteName);
      expect(expectedPages["/blog"]?.body).toContain(`/blog/${content.published[0]}`);
      expect(expectedPages[`/blog?category=${content.category.slug}`]?.body).toContain(
        `/blog/${content.renamed.to}`,
      );
      expect(expectedPages[`/blog/${content.draft}`]?.status).toBe(404);
      expect(expectedPages[`/blog/${content.renamed.from}`]).toMatchObject({
        status: 301,
        location: `/blog/${content.renamed.to}`,
      });
      expect(expectedPages[content.manualRedirect.from]).toMatchObject({
        status: 301,
        location: content.manualRedirect.to,
      });
      expect(expectedPages["/sitemap.xml"]?.body).toContain(`/blog/${content.renamed.to}`);
      expect(expectedPages["/blog/rss.xml"]?.body).toContain(`/blog/${content.published[1]}`);
      expect(expectedPages[content.media.original]?.body).toBe(
        `sha256:${mediaAtBackup[content.media.original.replace("/media/", "")]}`,
      );
      expect(expectedAdmin.draftPreview).toMatchObject({ status: 200 });
      const exports = JSON.stringify([
        expectedAdmin["/admin/newsletter/export"],
        expectedAdmin["/admin/leads/export"],
      ]);
      for (const row of [content.subscriber, content.contact.email, content.consultation.email]) {
        expect(exports).toContain(row);
      }

      // Restoring into the data directory of a running server is refused.
      const refused = await runNode(
        ["scripts/restore.js", archive],
        serverEnv(source.dataDir, undefined),
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("Stop the server before restoring");

      // An archive planted where backups are kept is not this site's: a site with another
      // SESSION_SECRET refuses it, and nothing is restored.
      const foreign = await restoreInto(archive, path.join(scratchDir(), "foreign"));
      expect(foreign.code).toBe(1);
      expect(foreign.stderr).toMatch(/was signed by another site.*--unsigned/);
      expect(fs.existsSync(path.join(foreign.dataDir, "db"))).toBe(false);
    },
    SLOW,
  );

  it(
    "backs up through the running server while posts are being published",
    async () => {
      const writer = adminWriter(source.url, cookie);
      // One post after another, each answered before the next is sent: the posts stored at any
      // moment are busy-0 … busy-(k-1), and a consistent snapshot holds exactly such a run.
      let stop = false;
      let begun = 0;
      let stored = 0;
      let failed: unknown;
      const writing = (async () => {
        while (!stop) {
          const n = begun++;
          await writer.apiPost({
            title: `Busy ${n}`,
            slug: `busy-${n}`,
            content: `Published while the backup ran (${n}).`,
            published: true,
          });
          stored += 1;
        }
      })().catch((error) => {
        failed = error;
      });
      /** Waits until `count` posts are stored (or the writes failed). */
      const storedAtLeast = async (count: number) => {
        while (stored < count && failed === undefined) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        if (failed !== undefined) throw failed;
      };
      try {
        await storedAtLeast(3);
        const storedBefore = stored;
        const out = path.join(scratchDir(), "busy.tar.gz");
        const result = await backup(source.dataDir, out);
        const begunBefore = begun;
        // The writes went on after the backup too.
        await storedAtLeast(stored + 2);
        stop = true;
        await writing;
        if (failed !== undefined) throw failed;
        expect(result.stderr).toBe("");
        expect(result.code).toBe(0);
        busy = { storedBefore, begunBefore, begun };
        // Into PostgreSQL when there is one (the PGlite restore is the one above); PGlite otherwise.
        // Without the source's SESSION_SECRET, as a site's owner would with --unsigned.
        restores.set(
          "busy",
          restoreInto(out, path.join(scratchDir(), "restored-busy"), {
            databaseUrl: pgUrl && (await newDatabase()),
            args: ["--unsigned"],
          }),
        );
      } finally {
        stop = true;
        await writing;
      }
    },
    SLOW,
  );

  /** Starts a server on a restored target and compares it with the source at the backup. */
  async function servesTheSameSite(restored: Restored) {
    expect(restored.stdout).toContain("web_posts:");
    expect(restored.stdout).toContain(`media files: ${Object.keys(mediaAtBackup).length}`);
    expect(fileChecksums(path.join(restored.dataDir, "media"))).toEqual(mediaAtBackup);

    const server = await start(restored.dataDir, restored.env);
    // The admin's account came along: the same password signs in and opens the dashboard. (A
    // fresh sign-in: session cookies are signed with SESSION_SECRET, which, unless it is set in
    // the environment, is generated into DATA_DIR/session-secret, a file the archive does not
    // hold; only a site given the old secret, as these were, keeps everyone signed in.)
    const fresh = await signInCookie(server.url, admin);
    const dashboard = await fetch(`${server.url}/admin`, {
      headers: { cookie: fresh },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
    expect(await adminView(server, fresh, content)).toEqual(expectedAdmin);
    const pages = await publicView(server, content);
    for (const [address, answer] of Object.entries(expectedPages)) {
      expect(pages[address], address).toEqual(answer);
    }
    // And the restored site takes new content (its id sequences were carried on).
    const writer = adminWriter(server.url, fresh);
    await writer.action("/admin/blog", {
      intent: "create-category",
      name: "After the restore",
      slug: "after-the-restore",
    });
    await writer.apiPost({
      title: "After the restore",
      slug: "after-the-restore",
      content: "Written on the restored site.",
      published: true,
    });
    expect((await read(server, "/blog/after-the-restore")).status).toBe(200);
  }

  it(
    "restores into an empty data directory, and that site serves the same pages",
    async () => {
      await servesTheSameSite(await restored("pglite"));
    },
    SLOW,
  );

  it.skipIf(!pgUrl)(
    "restores into an empty PostgreSQL database, and that site serves the same pages",
    async () => {
      await servesTheSameSite(await restored("postgres"));
    },
    SLOW,
  );

  it(
    "restores one consistent moment from the backup taken during the writes",
    async () => {
      const target = await restored("busy", /^Warning: the archive was not signed by this site/);
      expect(target.stdout).toContain(`media files: ${Object.keys(mediaAtBackup).length}`);
      const server = await start(target.dataDir, target.env);
      const present: number[] = [];
      for (let n = 0; n < busy.begun; n += 1) {
        const { status } = await read(server, `/blog/busy-${n}`);
        expect([200, 404], `busy-${n}`).toContain(status);
        if (status === 200) present.push(n);
      }
      // Every post stored before the backup began, none begun after it ended, and no gaps.
      expect(present.length).toBeGreaterThanOrEqual(busy.storedBefore);
      expect(present.length).toBeLessThanOrEqual(busy.begunBefore);
      expect(present).toEqual(Array.from({ length: present.length }, (_, n) => n));
      const sitemap = (await read(server, "/sitemap.xml")).body;
      const listed = [...sitemap.matchAll(/\/blog\/busy-(\d+)</g)].map((m) => Number(m[1]));
      expect(listed.sort((a, b) => a - b)).toEqual(present);
      // The rest of the site is there and answers as before.
      for (const address of publicAddresses(content)) {
        const answer = await read(server, address);
        expect([answer.status, answer.location], address).toEqual([
          expectedPages[address]?.status,
          expectedPages[address]?.location,
        ]);
      }
    },
    SLOW,
  );

  /** The restore of `key`, checked: it succeeded, without a word on stderr unless `warned`. */
  async function restored(key: string, warned?: RegExp) {
    const result = await restores.get(key);
    if (!result) throw new Error(`no restore of ${key} was started (an earlier test failed)`);
    if (warned) expect(result.stderr).toMatch(warned);
    else expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    return result;
  }
});
