import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { webRedirects } from "~/db/schema.server";
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

  it("switches off a stored redirect from an address the site serves, keeping it with a note", async () => {
    const { db } = database;
    // Written before the rule (the form refuses them now): they would hide the site's own pages.
    await db.insert(webRedirects).values([
      { fromPath: "/account/security", target: "https://evil.example/login" },
      { fromPath: "/invite/abc", target: "https://evil.example/" },
      { fromPath: "/blog?category=old", target: "/blog?category=new", origin: "category" },
      { fromPath: "/blog/old-post", target: "/blog/new-post", origin: "post" },
    ]);
    // Nor does a chain through a switched-off one lead on to its target.
    await createRedirect(db, { fromPath: "/old-settings", target: "/account/security" }, null);
    const memory = createRedirectMemory({ db, flushMs: 60_000 });
    await memory.start();
    expect(memory.match("/account/security", "setup=2fa")).toBeNull();
    expect(memory.match("/invite/abc", "")).toBeNull();
    expect(memory.match("/old-settings", "")?.location).toBe("/account/security");
    expect(memory.match("/blog", "category=old")?.location).toBe("/blog?category=new");
    expect(memory.match("/blog/old-post", "")?.location).toBe("/blog/new-post");
    await memory.stop();

    const notes = Object.fromEntries(
      (await listRedirects(db)).map((r) => [r.fromPath, r.switchedOff]),
    );
    expect(notes).toEqual({
      "/account/security":
        "Switched off: the site answers /account/security itself, and a redirect would hide it. Delete this redirect or change its old address.",
      "/invite/abc":
        "Switched off: the site answers /invite/abc itself, and a redirect would hide it. Delete this redirect or change its old address.",
      "/blog?category=old": null,
      "/blog/old-post": null,
      "/old-settings": null,
    });
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
