import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { request as playwrightRequest } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hiringHubPost, voiceBlogPost } from "~/content/creator-posts";
import {
  createAdmin,
  createMember,
  type OwnServer,
  openAdminTab,
  signedInContext,
  startOwnServer,
} from "../support/admin";
import { expectCleanPage, launchBrowser, newClientContext, newPage } from "../support/browser";

// The creators' own server: the tests count rows, so no other file's posts may be there.
let own: OwnServer;
let browser: Browser;
let admin: BrowserContext;
let adminPassword = "";
let member: BrowserContext;

beforeAll(async () => {
  own = await startOwnServer();
  browser = await launchBrowser();
  const adminAccount = await createAdmin(own.dataDir);
  adminPassword = adminAccount.password;
  const memberAccount = await createMember(browser, own.url, own.dataDir);
  admin = await signedInContext(browser, own.url, adminAccount, {
    viewport: { width: 1280, height: 900 },
  });
  member = await signedInContext(browser, own.url, memberAccount);
});
afterAll(async () => {
  await admin?.close();
  await member?.close();
  await browser?.close();
  await own?.close();
});

const CREATORS = [
  {
    path: "/create-voice-blog",
    post: voiceBlogPost,
    success: "Blog post created successfully",
  },
  {
    path: "/create-hiring-hub-post",
    post: hiringHubPost,
    success: "Hiring Hub blog post created successfully",
  },
];

async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title }).last();
  await toast.waitFor();
  expect(await toast.textContent()).toContain(description);
}

/** Holds the page's calls to the post API until `release` is called; counts them. */
async function holdApiCalls(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const calls: string[] = [];
  await page.route("**/api/create-blog-post", async (route) => {
    calls.push(route.request().method());
    await released;
    await route.continue();
  });
  return { calls, release };
}

/** The stored posts with these slugs, read from the stopped server's database. */
async function storedPosts(slugs: string[]) {
  return own.whileStopped(async () => {
    const db = await PGlite.create(path.join(own.dataDir, "db"));
    try {
      const result = await db.query<{ slug: string; title: string; status: string }>(
        "select slug, title, status from web_posts where slug = any($1) order by id",
        [slugs],
      );
      return result.rows;
    } finally {
      await db.close();
    }
  });
}

describe("the one-off creator pages", () => {
  for (const creator of CREATORS) {
    it(`${creator.path} publishes its article for an admin and goes to /blog after 2 s`, async () => {
      const page = await newPage(admin);
      const held = await holdApiCalls(page);
      await page.goto(creator.path);
      // Busy while the request is out: the spinner and its text (and the voice page's button).
      await page.getByText("Creating Blog Post...", { exact: true }).first().waitFor();
      await page.getByRole("status", { name: "Creating the blog post" }).waitFor();
      if (creator.path === "/create-voice-blog") {
        const button = page.getByRole("button", { name: "Creating Blog Post..." });
        expect(await button.isDisabled()).toBe(true);
        for (const item of [
          "business-case article",
          "3 images",
          "ROI metrics",
          "Competitive analysis",
          "SEO content",
        ]) {
          await page.getByText(item).first().waitFor();
        }
      }
      held.release();
      await page.getByText("Blog Post Created!", { exact: true }).waitFor();
      const shownAt = Date.now();
      await page.getByText("Redirecting to blog...", { exact: true }).waitFor();
      await expectToast(page, "Success!", creator.success);
      expect(new URL(page.url()).pathname).toBe(creator.path);
      await page.waitForURL((url) => url.pathname === "/blog", { timeout: 10_000 });
      const waited = Date.now() - shownAt;
      expect(waited).toBeGreaterThan(1_500);
      expect(waited).toBeLessThan(4_000);
      await page.getByText(creator.post.title, { exact: true }).first().waitFor();
      // Sent once, also though React may run the start-up effect twice.
      expect(held.calls).toEqual(["POST"]);
      expectCleanPage(page);
      await page.close();
    });
  }

  it("updates the same post when a creator runs again, and the admin's Blog tab lists it once", async () => {
    const page = await newPage(admin);
    await page.goto("/create-voice-blog");
    await page.getByText("Blog Post Created!", { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === "/blog", { timeout: 10_000 });
    await openAdminTab(page, "/admin/blog", "Blog");
    // One row per post: each row has one Edit (a link to its editor) named after its post.
    for (const post of [voiceBlogPost, hiringHubPost]) {
      expect(
        await page.getByRole("link", { name: `Edit ${post.title}`, exact: true }).count(),
      ).toBe(1);
    }
    expectCleanPage(page);
    await page.close();
  });

  for (const who of ["visitor", "member"] as const) {
    it(`shows the error state to a ${who} and creates nothing`, async () => {
      const context =
        who === "member" ? member : await newClientContext(browser, { baseURL: own.url });
      const expected =
        who === "member"
          ? "Only admins and editors can do this."
          : "Sign in as an admin or editor, or send an API key.";
      for (const creator of CREATORS) {
        const page = await newPage(context);
        await page.route("**/api/create-blog-post", (route) =>
          route.continue({
            // A different article, so a guard that failed would show as a new row.
            postData: JSON.stringify({ ...creator.post, slug: `${who}-${creator.post.slug}` }),
          }),
        );
        await page.goto(creator.path);
        await page.getByText("The blog post was not created", { exact: true }).waitFor();
        await page.getByText(expected, { exact: true }).first().waitFor();
        await expectToast(page, "Error", expected);
        if (creator.path === "/create-voice-blog") {
          // Busy cleared: the button is there to try again.
          const button = page.getByRole("button", { name: "Create Blog Post", exact: true });
          expect(await button.isEnabled()).toBe(true);
        } else {
          await page.getByRole("button", { name: "Try again", exact: true }).waitFor();
        }
        // Stays on the page: no redirect to the blog.
        await page.waitForTimeout(2_500);
        expect(new URL(page.url()).pathname).toBe(creator.path);
        expectCleanPage(page, [/status of 40[13]/]);
        await page.close();
      }
      if (who === "visitor") await context.close();
    });
  }

  it("takes an API key made in the admin's API keys tab, and refuses it once revoked", async () => {
    const page = await newPage(admin);
    await openAdminTab(page, "/admin/api-keys", "API keys");
    await page.getByRole("textbox", { name: "Key name", exact: true }).fill("Blog automation");
    await page.getByRole("button", { name: "Create key", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    await confirm.getByLabel("Password").fill(adminPassword);
    await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
    const key = await page
      .getByRole("region", { name: "New key “Blog automation”" })
      .getByLabel("The new API key")
      .inputValue();

    const api = await playwrightRequest.newContext({ baseURL: own.url });
    const payload = {
      title: "Quarterly automation notes",
      content: "## Notes\n\nSent by a script with an API key.",
      excerpt: "What our automation did this quarter.",
      featured_image: "https://images.example.com/notes.png",
      published: true,
    };
    const send = (body: unknown, authorization = `Bearer ${key}`) =>
      api.post("/api/create-blog-post", {
        data: body,
        headers: { authorization },
        failOnStatusCode: false,
      });

    const created = await send(payload);
    expect(created.status()).toBe(201);
    expect(await created.json()).toEqual({
      id: expect.any(Number),
      slug: "quarterly-automation-notes",
      url: "/blog/quarterly-automation-notes",
      created: true,
      status: "published",
      published_at: expect.any(String),
    });
    const again = await send({ ...payload, excerpt: "Revised." });
    expect(again.status()).toBe(200);
    expect((await again.json()).created).toBe(false);

    const bad = await send({ ...payload, title: "", published: "yes" });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).fieldErrors).toEqual({
      title: "Title is required",
      published: "Published must be true or false",
    });
    const form = await api.post("/api/create-blog-post", {
      form: { title: "T", content: "C" },
      headers: { authorization: `Bearer ${key}` },
      failOnStatusCode: false,
    });
    expect(form.status()).toBe(415);
    const get = await api.get("/api/create-blog-post", { failOnStatusCode: false });
    expect(get.status()).toBe(405);

    await page.getByRole("button", { name: "Revoke Blog automation", exact: true }).click();
    await page
      .getByRole("alertdialog", { name: "Revoke API key?" })
      .getByRole("button", { name: "Revoke key", exact: true })
      .click();
    await page
      .getByRole("row")
      .filter({ hasText: "Blog automation" })
      .getByText("Revoked")
      .first()
      .waitFor();
    const revoked = await send({ ...payload, slug: "after-revoking" });
    expect(revoked.status()).toBe(401);
    await api.dispose();
    // The key's first answer asks the admin to confirm it's them (403), as it should.
    expectCleanPage(page, [/status of 403/]);
    await page.close();
  });

  it("refuses writes on the admin's session that do not say they come from the site", async () => {
    const cookie = (await admin.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const post = (path: string, headers: Record<string, string>, body: BodyInit) =>
      fetch(`${own.url}${path}`, { method: "POST", headers: { cookie, ...headers }, body });
    const json = { "content-type": "application/json", accept: "application/json" };
    const article = JSON.stringify({ title: "No origin", content: "C", slug: "no-origin-post" });
    for (const [path, headers, body] of [
      ["/api/create-blog-post", json, article],
      ["/admin/blog/assist", json, JSON.stringify({ action: "title" })],
      ["/admin/media/upload", { accept: "application/json" }, new FormData()],
      ["/admin/settings/backups", { "content-type": "application/x-www-form-urlencoded" }, ""],
    ] as const) {
      const refused = await post(path, headers, body);
      expect(refused.status, path).toBe(403);
      expect(await refused.json(), path).toEqual({ error: "Cross-site requests are not allowed" });
    }
    // The same call from the site's pages (Fetch Metadata, as a browser sends it) goes through.
    const allowed = await post(
      "/api/create-blog-post",
      { ...json, "sec-fetch-site": "same-origin" },
      JSON.stringify({ title: "", content: "C", slug: "same-origin-check" }),
    );
    expect(allowed.status).toBe(400);
    expect((await allowed.json()).fieldErrors).toEqual({ title: "Title is required" });
  });

  it("stored each article once, published, and nothing for the refused callers", async () => {
    const slugs = CREATORS.flatMap(({ post }) => [
      post.slug,
      `visitor-${post.slug}`,
      `member-${post.slug}`,
    ]);
    const rows = await storedPosts([...slugs, "quarterly-automation-notes", "after-revoking"]);
    expect(rows).toEqual([
      { slug: voiceBlogPost.slug, title: voiceBlogPost.title, status: "published" },
      { slug: hiringHubPost.slug, title: hiringHubPost.title, status: "published" },
      {
        slug: "quarterly-automation-notes",
        title: "Quarterly automation notes",
        status: "published",
      },
    ]);
  });
});
