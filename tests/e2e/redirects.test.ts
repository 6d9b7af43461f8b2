import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVED_ADDRESS_MESSAGE } from "~/lib/redirect-sources";
import {
  type Account,
  createAdmin,
  createStaff,
  openAdminTab,
  signedInContext,
} from "../support/admin";
import {
  expectCleanPage,
  launchBrowser,
  newPage,
  waitForRouterHydration,
} from "../support/browser";
import { sharedServer } from "../support/shared-server";

const { url: baseURL, dataDir } = sharedServer();

let browser: Browser;
let admin: Account;
let context: BrowserContext;
// Unique per run: the server is shared with the other files.
const run = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createAdmin(dataDir);
  context = await signedInContext(browser, baseURL, admin, {
    viewport: { width: 1280, height: 900 },
  });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** A plain GET that does not follow redirects: status and Location. */
async function visit(path: string, base = baseURL) {
  const response = await fetch(`${base}${path}`, { redirect: "manual" });
  await response.body?.cancel();
  return {
    status: response.status,
    location: response.headers.get("location"),
    cacheControl: response.headers.get("cache-control"),
  };
}

function postForm(path: string, form: Record<string, string>) {
  return context.request.post(`${baseURL}${path}`, {
    form,
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
}

async function toastShown(page: Page, title: string) {
  await expect
    .poll(() => page.getByText(title, { exact: true }).first().isVisible(), { timeout: 10_000 })
    .toBe(true);
}

describe("redirects", () => {
  it("adds a redirect in the dashboard that answers 301 at once, and counts its hits", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin/redirects", "Redirects");
    await waitForRouterHydration(page);
    const from = `/old-${run}`;

    await page.getByRole("button", { name: "Add redirect" }).click();
    const dialog = page.getByRole("dialog", { name: "Add redirect" });
    await dialog.getByRole("textbox", { name: "Old address" }).fill(from);
    // Refused in the browser with the server's schema: another site by a trick.
    await dialog.getByRole("textbox", { name: "New address" }).fill("//evil.example");
    await dialog.getByRole("button", { name: "Add redirect" }).click();
    await expect.poll(() => dialog.getByText(/leads to another site/).isVisible()).toBe(true);
    await dialog.getByRole("textbox", { name: "New address" }).fill("/about");
    await dialog.getByRole("button", { name: "Add redirect" }).click();
    await toastShown(page, "Redirect added");
    await dialog.waitFor({ state: "detached" });

    expect(await visit(from)).toEqual({
      status: 301,
      location: "/about",
      cacheControl: "public, max-age=300",
    });
    expect((await visit(`${from}/?ref=mail`)).location).toBe("/about?ref=mail");
    // Client-side navigation asks for the route's data: the router's own redirect answer.
    const data = await fetch(`${baseURL}${from}.data?_routes=root`, { redirect: "manual" });
    expect([data.status, data.headers.get("x-remix-redirect")]).toEqual([204, "/about"]);

    // Counted in memory, written within PAGE_VIEW_FLUSH_MS (5 s): the row shows both.
    const row = page.getByRole("row").filter({ hasText: from });
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await row.getByTestId("redirect-hits").textContent())?.trim();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe("3");
    expect(await row.textContent()).toContain("Manual");
    expectCleanPage(page);
    await page.close();
  });

  it("refuses targets that leave for another scheme, and loops, on the server too", async () => {
    for (const target of ["javascript:alert(1)", "//evil.example", "http://example.com/"]) {
      const answer = await postForm("/admin/redirects", {
        intent: "create",
        fromPath: `/bad-${run}`,
        target,
      });
      expect(answer.status(), target).toBe(400);
    }
    expect((await visit(`/bad-${run}`)).status).toBe(404);
    expect(
      (
        await postForm("/admin/redirects", {
          intent: "create",
          fromPath: `/a-${run}`,
          target: `/b-${run}`,
        })
      ).status(),
    ).toBe(200);
    const loop = await postForm("/admin/redirects", {
      intent: "create",
      fromPath: `/b-${run}`,
      target: `/a-${run}`,
    });
    expect(loop.status()).toBe(409);
    expect(await loop.text()).toContain("This would make a loop");
  });

  it("refuses an editor a redirect from an address the site serves", async () => {
    const editor = await signedInContext(browser, baseURL, await createStaff(dataDir, "editor"));
    try {
      // The review's finding: /account/security?setup=2fa is where an admin who must set up
      // two-factor sign-in is sent right after signing in.
      for (const fromPath of [
        "/account/security",
        "/invite/x",
        "/newsletter/unsubscribe",
        "/auth/two-factor",
        "/blog",
      ]) {
        const answer = await editor.request.post(`${baseURL}/admin/redirects`, {
          form: { intent: "create", fromPath, target: "https://evil.example/login" },
          headers: { origin: baseURL },
          maxRedirects: 0,
        });
        expect(answer.status(), fromPath).toBe(400);
        expect(await answer.text(), fromPath).toContain(SERVED_ADDRESS_MESSAGE);
      }
      // About is a page the site comes with: its address is refused as every page's is.
      const page = await editor.request.post(`${baseURL}/admin/redirects`, {
        form: { intent: "create", fromPath: "/about", target: "https://evil.example/login" },
        headers: { origin: baseURL },
        maxRedirects: 0,
      });
      expect(page.status()).toBe(409);
      expect(await page.text()).toContain("A page of the site has this address");
      expect((await visit("/account/security?setup=2fa")).status).not.toBe(301);
      // An address no route answers still can, an old post's too.
      const allowed = await editor.request.post(`${baseURL}/admin/redirects`, {
        form: { intent: "create", fromPath: `/blog/gone-${run}`, target: "/blog" },
        headers: { origin: baseURL },
        maxRedirects: 0,
      });
      expect(allowed.status()).toBe(200);
      expect(await visit(`/blog/gone-${run}`)).toMatchObject({ status: 301, location: "/blog" });
    } finally {
      await editor.close();
    }
  });

  it("answers 301 from a renamed category's old address", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin/blog?view=categories", "Blog");
    await waitForRouterHydration(page);
    const name = `Guides ${run}`;
    const form = page.locator("[data-new-category]");
    await form.getByRole("textbox", { name: "Name" }).fill(name);
    await form.getByRole("textbox", { name: "Slug" }).fill(`guides-${run}`);
    await form.getByRole("button", { name: "Create Category" }).click();
    await toastShown(page, "Category created");

    await page.getByRole("button", { name: `Rename ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Rename category" });
    await dialog.getByRole("textbox", { name: "Slug" }).fill(`how-tos-${run}`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await toastShown(page, "Category updated");

    expect(await visit(`/blog?category=guides-${run}`)).toMatchObject({
      status: 301,
      location: `/blog?category=how-tos-${run}`,
    });
    expect((await visit(`/blog?category=how-tos-${run}`)).status).toBe(200);
    expectCleanPage(page);
    await page.close();
  });

  it("answers 301 from a published post's old slug after the Blog tab renames it", async () => {
    const created = await context.request.post(`${baseURL}/api/create-blog-post`, {
      headers: { origin: baseURL },
      data: {
        title: `Moving post ${run}`,
        slug: `first-${run}`,
        content: "Body.",
        published: true,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const renamed = await postForm("/admin/blog", {
      intent: "update-post",
      id: String(id),
      title: `Moving post ${run}`,
      slug: `second-${run}`,
      content: "Body.",
      status: "published",
    });
    expect(renamed.status()).toBe(200);
    expect(await visit(`/blog/first-${run}`)).toMatchObject({
      status: 301,
      location: `/blog/second-${run}`,
    });
    expect((await visit(`/blog/second-${run}`)).status).toBe(200);
  });
});
