import type { APIRequestContext, Browser } from "playwright-core";
import { request as playwrightRequest } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  createAdmin,
  createMember,
  createStaff,
  type OwnServer,
  signedInContext,
  startOwnServer,
} from "../support/admin";
import type { AdminCall } from "../support/admin-actions/types";
import { isRefusal, loadAdminCalls, roleOf, routeOf } from "../support/admin-calls";
import { launchBrowser } from "../support/browser";
import { type DatabaseSnapshot, snapshotOwnServer } from "../support/db-snapshot";
import { routeAccess, staffRoleOf } from "../support/route-access";

// Every dashboard area lists each of its reads and writes in tests/support/admin-actions/.
const calls = await loadAdminCalls();
// The ones only an admin may make: those of a section app/admin/tabs.ts gives the role "admin".
const adminOnlyCalls = calls.filter((call) => roleOf(call) === "admin");

async function send(client: APIRequestContext, origin: string, call: AdminCall) {
  const response = await client.fetch(call.path, {
    method: call.method,
    headers: { origin },
    form: call.form,
    data: call.json,
    multipart: call.multipart
      ? {
          ...call.multipart.fields,
          ...(call.multipart.file
            ? {
                [call.multipart.file.field]: {
                  name: call.multipart.file.name,
                  mimeType: call.multipart.file.type,
                  buffer: Buffer.from(call.multipart.file.content),
                },
              }
            : {}),
        }
      : undefined,
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  const body = await response.text();
  return {
    ok: isRefusal(response.status(), response.headers().location ?? null, body),
    status: response.status(),
    summary: `${call.name} (${call.method} ${call.path}) answered ${response.status()} ${response.headers().location ?? body.slice(0, 120)}`,
  };
}

describe("every admin read and write refuses visitors and non-staff, and admin-only ones editors", () => {
  let browser: Browser;
  let own: OwnServer;
  let member: Account;
  let editor: Account;
  let before: DatabaseSnapshot;

  beforeAll(async () => {
    browser = await launchBrowser();
    own = await startOwnServer();
    // An admin exists, so that a guard that only checked "someone is signed in" would show.
    await createAdmin(own.dataDir);
    member = await createMember(browser, own.url, own.dataDir);
    editor = await createStaff(own.dataDir, "editor");
    before = await snapshotOwnServer(own);
  });
  afterAll(async () => {
    await browser?.close();
    await own?.close();
  });

  it("has every area's calls listed", () => {
    expect(calls.length).toBeGreaterThan(0);
  });

  it("refuses each one to a visitor", async () => {
    const visitor = await playwrightRequest.newContext({ baseURL: own.url });
    const failures: string[] = [];
    for (const call of calls) {
      const result = await send(visitor, own.url, call);
      if (!result.ok) failures.push(result.summary);
    }
    await visitor.dispose();
    expect(failures).toEqual([]);
  });

  it("refuses each one to a signed-in member without a staff role", async () => {
    const context = await signedInContext(browser, own.url, member);
    const failures: string[] = [];
    for (const call of calls) {
      const result = await send(context.request, own.url, call);
      if (!result.ok) failures.push(result.summary);
    }
    await context.close();
    expect(failures).toEqual([]);
  });

  it("refuses each admin-only one to an editor with 403", async () => {
    // Every admin-only route has its calls listed (a new one without them would go untested).
    const adminOnlyRoutes = Object.keys(routeAccess).filter(
      (route) => staffRoleOf(route) === "admin",
    );
    const listed = new Set(adminOnlyCalls.map(routeOf));
    expect(adminOnlyRoutes.filter((route) => !listed.has(route))).toEqual([]);
    const context = await signedInContext(browser, own.url, editor);
    const failures: string[] = [];
    for (const call of adminOnlyCalls) {
      const result = await send(context.request, own.url, call);
      if (result.status !== 403) failures.push(result.summary);
    }
    await context.close();
    expect(failures).toEqual([]);
  });

  it("changed nothing", async () => {
    const after = await snapshotOwnServer(own);
    expect(after).toEqual(before);
  });

  it("lets an editor publish a post from the Blog tab and through the post API", async () => {
    const context = await signedInContext(browser, own.url, editor);
    const visitor = await playwrightRequest.newContext({ baseURL: own.url });
    try {
      const fromTab = await context.request.post("/admin/blog", {
        headers: { origin: own.url },
        form: {
          intent: "create-post",
          title: "Written by an editor",
          content: "An editor wrote and published this.",
          status: "published",
          slug: "written-by-an-editor",
        },
        failOnStatusCode: false,
      });
      expect(fromTab.status(), await fromTab.text()).toBe(200);

      const fromApi = await context.request.post("/api/create-blog-post", {
        headers: { origin: own.url },
        data: {
          title: "Sent by an editor",
          content: "An editor published this through the post API.",
          excerpt: "From the API",
          slug: "sent-by-an-editor",
          featured_image: "/images/blog/creators/hiring-hub.svg",
          published: true,
          meta_title: "Sent by an editor",
          meta_description: "An editor's post",
        },
        failOnStatusCode: false,
      });
      expect(fromApi.status(), await fromApi.text()).toBe(201);

      // Both are public now: a visitor reads them.
      for (const [slug, title] of [
        ["written-by-an-editor", "Written by an editor"],
        ["sent-by-an-editor", "Sent by an editor"],
      ]) {
        const page = await visitor.get(`/blog/${slug}`, { failOnStatusCode: false });
        expect(page.status(), slug).toBe(200);
        expect(await page.text()).toContain(title);
      }
    } finally {
      await visitor.dispose();
      await context.close();
    }
  });
});
