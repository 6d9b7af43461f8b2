import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { matchRedirect, redirectTable } from "~/lib/redirect-paths";
import { SERVED_ADDRESS_MESSAGE } from "~/lib/redirect-sources";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import { redirectCreateSchema } from "~/schemas/admin/redirects";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  createRedirect,
  deleteRedirect,
  listRedirects,
  recordMovedPath,
  suggestRedirectTarget,
  updateRedirect,
  withRedirectSuggestions,
} from "./redirects.server";

describe("the redirect form's schema", () => {
  const targetError = (target: string, fromPath = "/old") => {
    const parsed = redirectCreateSchema.safeParse({ fromPath, target });
    return parsed.success ? null : fieldErrorsOf(parsed.error).target;
  };

  it("refuses targets that leave for another scheme or host by a trick", () => {
    expect(targetError("//evil.example")).toMatch(/single \//);
    expect(targetError("javascript:alert(1)")).toMatch(/https:\/\//);
    expect(targetError("data:text/html,hi")).toMatch(/https:\/\//);
    expect(targetError("http://x")).toMatch(/plain http/);
    expect(targetError("/\\evil.example")).toMatch(/backslash/);
    expect(targetError("https://user:pw@evil.example/")).toMatch(/user name/);
    expect(targetError("/old/")).toMatch(/same as the old/);
    expect(targetError("/new?ref=old")).toBeNull();
    expect(targetError("https://example.com/a?b=1#c")).toBeNull();
  });

  it("takes an address no route answers as the old address, never one the site serves", () => {
    const fromError = (fromPath: string) => {
      const parsed = redirectCreateSchema.safeParse({ fromPath, target: "/new" });
      return parsed.success ? null : fieldErrorsOf(parsed.error).fromPath;
    };
    for (const served of [
      // The review's finding: where an admin who must set up two-factor is sent after sign-in.
      "/account/security",
      "/account/anything",
      "/invite/abc123",
      // A page editor's preview: the catch-all's pages stay free (see "/old-page" below).
      "/preview/abc123",
      "/newsletter",
      "/newsletter/unsubscribe",
      "/auth/two-factor",
      "/auth",
      "/sign-out",
      "/reset-password",
      // Static pages and the home page, in any spelling the router accepts.
      "/",
      "/create-voice-blog",
      "/blog",
      "/Blog/",
      "/%62log",
      "/blog.data",
      "/blog/rss.xml",
      // The dashboard and resources, whole areas.
      "/admin",
      "/admin/blog",
      "/admin/settings/backups/site-backup.tar.gz",
      "/admin/no-such-tab",
      "/api/contact",
      "/api/auth/sign-in/email",
      "/robots.txt",
      "/sitemap.xml",
      // What server/app.ts serves before the router, public/'s files, the router's own endpoint.
      "/healthz",
      "/readyz",
      "/internal/admin",
      "/assets/app-1234.js",
      "/media/a.png",
      "/favicon.svg",
      "/images/og-default.png",
      "/__manifest",
    ]) {
      expect(fromError(served), served).toBe(SERVED_ADDRESS_MESSAGE);
    }
    // Addresses no route answers: an old page, an old (renamed or deleted) post.
    for (const free of [
      "/old-page",
      "/about/team",
      "/administrators",
      "/blog/old-post",
      "/x.html",
    ]) {
      expect(fromError(free), free).toBeNull();
    }
    expect(fromError("//evil.example")).toMatch(/single \//);
    expect(fromError("/old?x=1")).toMatch(/without \? or #/);
    expect(fromError("old")).toMatch(/Start the old address with \//);
    expect(redirectCreateSchema.parse({ fromPath: " /old/ ", target: "/new" }).fromPath).toBe(
      "/old",
    );
  });

  it("matches the exact address first, then the bare path, passing the query on", () => {
    const table = redirectTable([
      { fromPath: "/blog?category=old", target: "/blog?category=new" },
      { fromPath: "/old", target: "/new?ref=1" },
      { fromPath: "/blog/café", target: "/blog/tea" },
    ]);
    expect(matchRedirect(table, "/blog", "category=old")?.location).toBe("/blog?category=new");
    expect(matchRedirect(table, "/blog", "category=other")).toBeNull();
    expect(matchRedirect(table, "/old/", "utm=x")?.location).toBe("/new?ref=1&utm=x");
    expect(matchRedirect(table, "/blog/caf%C3%A9", "")?.location).toBe("/blog/tea");
  });
});

describe("the link audit's suggested target", () => {
  it("picks the page sharing most words, else the nearest parent page, else the home page", () => {
    const pages = ["/", "/about", "/blog", "/blog/ai-voice-agents", "/blog/voice-tips"];
    expect(suggestRedirectTarget("/blog/ai-voice-agents-guide", pages)).toBe(
      "/blog/ai-voice-agents",
    );
    expect(suggestRedirectTarget("/blog/nothing-alike/", pages)).toBe("/blog");
    expect(suggestRedirectTarget("/gone/deeper", pages)).toBe("/");
  });
});

describe.each(backends)("redirects on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  const targets = async () =>
    Object.fromEntries((await listRedirects(database.db)).map((r) => [r.fromPath, r.target]));

  it("collapses chains both ways", async () => {
    const { db } = database;
    expect(await createRedirect(db, { fromPath: "/b", target: "/c" }, null)).toMatchObject({
      ok: true,
    });
    // A→B with B→C stores A→C.
    expect(await createRedirect(db, { fromPath: "/a", target: "/b" }, null)).toMatchObject({
      ok: true,
      redirect: { target: "/c" },
    });
    // X→Y, then Y→Z: X now goes straight to Z.
    await createRedirect(db, { fromPath: "/x", target: "/y" }, null);
    await createRedirect(db, { fromPath: "/y", target: "https://example.com/z" }, null);
    expect(await targets()).toEqual({
      "/a": "/c",
      "/b": "/c",
      "/x": "https://example.com/z",
      "/y": "https://example.com/z",
    });
  });

  it("refuses a loop and a second redirect from the same path", async () => {
    const { db } = database;
    await createRedirect(db, { fromPath: "/a", target: "/b" }, null);
    const loop = await createRedirect(db, { fromPath: "/b", target: "/a" }, null);
    expect(loop).toMatchObject({ ok: false, status: 409, field: "target" });
    expect(loop.ok ? "" : loop.message).toMatch(/loop/);
    // Editing one into a circle is refused too, and so is the trailing-slash variant of a taken path.
    const [c] = await Promise.all([createRedirect(db, { fromPath: "/c", target: "/d" }, null)]);
    if (!c?.ok) throw new Error("not created");
    expect(
      await updateRedirect(db, c.redirect.id, { fromPath: "/b", target: "/a/" }),
    ).toMatchObject({
      ok: false,
      field: "target",
    });
    expect(await createRedirect(db, { fromPath: "/a", target: "/e" }, null)).toMatchObject({
      ok: false,
      field: "fromPath",
    });
    expect(await targets()).toEqual({ "/a": "/b", "/c": "/d" });
    expect(await deleteRedirect(db, c.redirect.id)).toMatchObject({ fromPath: "/c" });
    expect(await updateRedirect(db, c.redirect.id, { fromPath: "/c", target: "/d" })).toMatchObject(
      {
        status: 404,
      },
    );
  });

  it("records a rename inside the writer's transaction, back and forth without a loop", async () => {
    const { db } = database;
    await createRedirect(db, { fromPath: "/older", target: "/blog/a" }, null);
    await db.transaction(async (tx) => {
      await recordMovedPath(tx as never, "/blog/a", "/blog/b", "post", null);
    });
    expect(await targets()).toEqual({ "/older": "/blog/b", "/blog/a": "/blog/b" });
    await recordMovedPath(db, "/blog/b", "/blog/a", "post", null);
    expect(await targets()).toEqual({ "/older": "/blog/a", "/blog/b": "/blog/a" });
    // A rename that fails takes its redirect with it.
    await expect(
      db.transaction(async (tx) => {
        await recordMovedPath(tx as never, "/blog/a", "/blog/c", "post", null);
        throw new Error("the post's write failed");
      }),
    ).rejects.toThrow("the post's write failed");
    expect(await targets()).toEqual({ "/older": "/blog/a", "/blog/b": "/blog/a" });
    const [moved] = (await listRedirects(db)).filter((r) => r.fromPath === "/blog/b");
    expect(moved?.origin).toBe("post");
  });

  it("offers the link audit's broken links a redirect, and shows the one made since", async () => {
    const { db } = database;
    const broken = {
      url: "/blog/gone",
      page: "/",
      type: "internal",
      status: "missing",
      detail: "HTTP 404",
    };
    const working = { url: "/about", page: "/", type: "internal", status: "working" };
    const [offered, untouched] = await withRedirectSuggestions(db, [broken, working]);
    expect(offered?.redirect).toEqual({ fromPath: "/blog/gone", target: "/blog", exists: false });
    expect(untouched).toBe(working);
    await createRedirect(db, { fromPath: "/blog/gone", target: "/about" }, null);
    const [made] = await withRedirectSuggestions(db, [broken]);
    expect(made?.redirect).toEqual({ fromPath: "/blog/gone", target: "/about", exists: true });
  });
});
