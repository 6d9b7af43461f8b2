import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { createRedirect, listRedirects } from "~/models/redirects.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { createRedirectMemory } from "./redirect-memory.server";

describe.each(backends)("the redirects in memory on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  it("answers from memory, reads the table again on reload, and writes hits in one batch", async () => {
    const { db } = database;
    await createRedirect(db, { fromPath: "/a", target: "/b" }, null);
    const memory = createRedirectMemory({ db, flushMs: 60_000 });
    await memory.start();
    expect(memory.match("/a/", "x=1")?.location).toBe("/b?x=1");
    await createRedirect(db, { fromPath: "/c", target: "https://example.com/" }, null);
    expect(memory.match("/c", "")).toBeNull();
    await memory.reload();
    expect(memory.match("/c", "")?.location).toBe("https://example.com/");

    memory.hit("/a");
    memory.hit("/a");
    memory.hit("/gone");
    await memory.stop();
    const [a] = (await listRedirects(db)).filter((r) => r.fromPath === "/a");
    expect(a?.hits).toBe(2);
    expect(a?.lastHitAt).not.toBeNull();
  });

  it("keeps serving the table it had when a load fails", async () => {
    const { db } = database;
    await createRedirect(db, { fromPath: "/a", target: "/b" }, null);
    let failing = false;
    const flaky = new Proxy(db, {
      get(target, name, receiver) {
        if (name === "select" && failing) throw new Error("database away");
        return Reflect.get(target, name, receiver);
      },
    }) as Db;
    const memory = createRedirectMemory({ db: flaky, flushMs: 60_000 });
    await memory.start();
    failing = true;
    await memory.reload();
    expect(memory.match("/a", "")?.location).toBe("/b");
    await memory.stop();
  });
});
