import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminChanged } from "~/admin/mutation.server";
import type { Database } from "~/db/client.server";
import { users, webSettings } from "~/db/schema.server";
import { getFooter, invalidateSiteCache, siteContentChanged } from "~/models/site.server";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import {
  announceContentChange,
  type ContentChangeSubscription,
  retryDelay,
  subscribeToContentChanges,
} from "./content-changes.server";

const DEFAULT_EMAIL = "hello@aisolutions.example";
/** Well under the 5-second cache lifetime: only an announcement explains a change this fast. */
const WITHIN_A_SECOND = { timeout: 1_000, interval: 25 };

async function setContactEmail(database: Database, email: string) {
  await database.db
    .update(webSettings)
    .set({ value: email })
    .where(eq(webSettings.key, "contact_email"));
}

describe("retry delays", () => {
  it("double from the first delay up to the cap, with at most a quarter taken off", () => {
    const policy = { initialMs: 100, maxMs: 1_000 };
    const full = () => 1;
    expect([0, 1, 2, 3, 4, 10, 100].map((n) => retryDelay(n, policy, full))).toEqual([
      100, 200, 400, 800, 1_000, 1_000, 1_000,
    ]);
    expect(retryDelay(2, policy, () => 0)).toBe(300);
  });
});

describe.each(backends)("a content change on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await openSiteDatabase(backend);
  });
  afterEach(async () => {
    await closeSiteDatabase(database);
  });

  it("shows on this process's next read after siteContentChanged", async () => {
    expect((await getFooter()).email).toBe(DEFAULT_EMAIL);
    await setContactEmail(database, "first@acme.test");
    expect((await getFooter()).email).toBe(DEFAULT_EMAIL);
    await siteContentChanged();
    expect((await getFooter()).email).toBe("first@acme.test");
  });
});

/** The URL of the test's own database (createTestDatabase names one per test). */
async function urlOf(database: Database) {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${result.rows[0]?.name}`;
  return url;
}

/** A TCP relay to the PostgreSQL server, to take it away and bring it back. */
function relayTo(target: URL, port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(socket).add(upstream);
    const drop = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on("error", drop).on("close", drop).pipe(upstream);
    upstream.on("error", drop).on("close", drop).pipe(socket);
  });
  return {
    listen: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Registered only with a PostgreSQL server to talk to (TEST_DATABASE_URL, as CI sets it).
describe.each(backends.filter((backend) => backend === "postgres"))(
  "content changes between processes on %s",
  (backend) => {
    let database: Database;
    let subscription: ContentChangeSubscription | undefined;
    let changes: number;
    /** Stands in for another app process: its own connection, its own process id. */
    async function listenAsOtherProcess(url: URL, retry?: { initialMs: number; maxMs: number }) {
      subscription = subscribeToContentChanges({
        connectionString: url.toString(),
        origin: "the-other-process",
        retry,
        onChange: () => {
          changes += 1;
          invalidateSiteCache();
        },
      });
      await subscription.ready;
      return subscription;
    }

    beforeEach(async () => {
      changes = 0;
      database = await openSiteDatabase(backend);
    });
    afterEach(async () => {
      await subscription?.close();
      subscription = undefined;
      await closeSiteDatabase(database);
    });

    it("clears the cache when another process announces a change, and not for its own", async () => {
      await listenAsOtherProcess(await urlOf(database));
      expect(subscription?.listening).toBe(true);
      expect((await getFooter()).email).toBe(DEFAULT_EMAIL);
      await setContactEmail(database, "second@acme.test");
      expect((await getFooter()).email).toBe(DEFAULT_EMAIL);

      await announceContentChange(database, "the-writing-process");
      await expect
        .poll(async () => (await getFooter()).email, WITHIN_A_SECOND)
        .toBe("second@acme.test");
      expect(changes).toBe(1);

      // Its own announcement is skipped; the next one from elsewhere still counts, in order.
      await announceContentChange(database, "the-other-process");
      await announceContentChange(database, "the-writing-process");
      await expect.poll(() => changes, WITHIN_A_SECOND).toBeGreaterThanOrEqual(2);
      // Announcements arrive in order on one connection; give a wrongly counted one time to show.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(changes).toBe(2);
    });

    it("is announced by an admin write, with the write already visible to the listener", async () => {
      await listenAsOtherProcess(await urlOf(database));
      const [admin] = await database.db
        .insert(users)
        .values({ id: "admin-1", name: "Admin", email: "admin@acme.test", emailVerified: true })
        .returning({ id: users.id, email: users.email });
      await setContactEmail(database, "third@acme.test");
      await adminChanged(
        {
          ...(admin as { id: string; email: string }),
          role: "admin",
          isAdmin: true,
          isStaff: true,
        },
        { action: "updated", entity: "settings" },
      );
      await expect.poll(() => changes, WITHIN_A_SECOND).toBe(1);
      expect((await getFooter()).email).toBe("third@acme.test");
    });

    it("listens again after its connection is cut, and clears the cache for what it missed", async () => {
      const url = await urlOf(database);
      await listenAsOtherProcess(url, { initialMs: 50, maxMs: 200 });
      const cut = (await database.db.execute(sql`
        select pg_terminate_backend(pid) as cut from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`)) as unknown as {
        rows: { cut: boolean }[];
      };
      expect(cut.rows).toEqual([{ cut: true }]);

      // Back with a new connection; an announcement sent while it was away is lost, so it clears.
      await expect.poll(() => changes, { timeout: 10_000, interval: 50 }).toBe(1);
      expect(subscription?.listening).toBe(true);
      await announceContentChange(database, "the-writing-process");
      await expect.poll(() => changes, WITHIN_A_SECOND).toBe(2);
    });

    it("keeps trying while the database cannot be reached and listens once it can", async () => {
      const port = await freePort();
      const target = new URL(process.env.TEST_DATABASE_URL as string);
      const url = await urlOf(database);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      await listenAsOtherProcess(url, { initialMs: 50, maxMs: 200 });
      expect(subscription?.listening).toBe(false);

      const relay = relayTo(target, port);
      await relay.listen();
      try {
        await expect
          .poll(() => subscription?.listening, { timeout: 10_000, interval: 50 })
          .toBe(true);
        expect(changes).toBe(0);
        await announceContentChange(database, "the-writing-process");
        await expect.poll(() => changes, WITHIN_A_SECOND).toBe(1);
      } finally {
        await subscription?.close();
        await relay.close();
      }
    });
  },
);
