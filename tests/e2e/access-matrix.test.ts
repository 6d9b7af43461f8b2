import type { APIRequestContext, BrowserContext } from "playwright-core";
import { request as playwrightRequest } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRMATION_REQUIRED_MESSAGE } from "~/schemas/step-up";
import {
  type Account,
  type AdminSession,
  createMember,
  createStaff,
  signedInContext,
  startAdminSession,
} from "../support/admin";
import { isRefusal } from "../support/admin-calls";
import { uniqueClientAddress } from "../support/browser";
import { type DatabaseSnapshot, snapshotOwnServer } from "../support/db-snapshot";
import { mailsTo } from "../support/mail";
import {
  type AccessFixtures,
  type RouteRule,
  routeAccess,
  staffRoleOf,
} from "../support/route-access";
import { allAddresses, createAccessFixtures, routeRequests } from "../support/route-addresses";
import { confirmItsMeIn } from "../support/step-up";

const addresses = allAddresses();

type Role = "visitor" | "member" | "editor" | "admin";

/**
 * What `role` should get from GET (or POST) of the route `key` with `rule`: a status, or "refused"
 * (a visitor or a member: sent to /auth or / , or 401/403). An editor on a route of an admin-only
 * section gets exactly 403, never a redirect.
 */
function expected(
  key: string,
  rule: RouteRule,
  role: Role,
  method: "GET" | "POST",
): number | "refused" {
  const allowed = method === "GET" ? (rule.get ?? 200) : (rule.post as number);
  // The role of the route's section in app/admin/tabs.ts; the rules check it has one.
  const sectionRole = staffRoleOf(key);
  const staffMayUse = role === "admin" || (role === "editor" && sectionRole === "editor");
  switch (rule.access) {
    case "public":
      return allowed;
    case "signed-out":
      return role === "visitor" ? allowed : 302;
    case "signed-in":
      return role === "visitor" ? "refused" : allowed;
    case "section":
      if (staffMayUse) return allowed;
      return role === "editor" ? 403 : "refused";
    case "api-key-or-section":
      // Its GET answers no one (no read); the write checks the caller.
      if (method === "GET" || staffMayUse) return allowed;
      return role === "visitor" ? 401 : 403;
    case "admin-command":
      return allowed;
  }
}

describe("the access rules", () => {
  it("has a rule for every route, and no rule for a route that is gone", () => {
    const undeclared = [...addresses.keys()].filter((key) => !(key in routeAccess));
    expect(
      undeclared,
      `routes without an access rule in tests/support/route-access.ts: ${undeclared.join(", ")}`,
    ).toEqual([]);
    const stale = Object.keys(routeAccess).filter((key) => !addresses.has(key));
    expect(stale, "rules for routes that no longer exist").toEqual([]);
    const writesUndeclared = [...addresses.values()]
      .filter((a) => a.takesWrites && routeAccess[a.path]?.post === undefined)
      .map((a) => a.path);
    expect(writesUndeclared, "routes that take writes without a declared POST answer").toEqual([]);
  });

  it("gives every /admin route the role of its section in app/admin/tabs.ts", () => {
    const dashboard = [...addresses.keys()].filter(
      (key) => key === "/admin" || key.startsWith("/admin/"),
    );
    expect(dashboard.length).toBeGreaterThan(20);
    const notSection = dashboard.filter((key) => routeAccess[key]?.access !== "section");
    expect(notSection, "/admin routes whose rule is not their section's").toEqual([]);
    const sectionless = Object.entries(routeAccess)
      .filter(([, rule]) => rule.access === "section" || rule.access === "api-key-or-section")
      .filter(([key]) => staffRoleOf(key) === undefined)
      .map(([key]) => key);
    expect(sectionless, "routes that no tab of app/admin/tabs.ts covers").toEqual([]);
  });
});

describe("the access matrix: every route as a visitor, a member, an editor and an admin", () => {
  let session: AdminSession;
  let member: BrowserContext;
  let editor: BrowserContext;
  let editorAccount: Account;
  let visitor: APIRequestContext;
  let fixtures: AccessFixtures;
  let before: DatabaseSnapshot;

  beforeAll(async () => {
    session = await startAdminSession();
    const { own, browser, context } = session;
    const account = await createMember(browser, own.url, own.dataDir);
    member = await signedInContext(browser, own.url, account);
    editorAccount = await createStaff(own.dataDir, "editor");
    editor = await signedInContext(browser, own.url, editorAccount);
    visitor = await playwrightRequest.newContext({
      baseURL: own.url,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
    });

    fixtures = await createAccessFixtures(context.request, own.url);
    before = await snapshotOwnServer(own);
  });

  afterAll(async () => {
    await visitor?.dispose();
    await member?.close();
    await editor?.close();
    await session?.close();
  });

  async function callEveryRoute(client: APIRequestContext, role: Role) {
    const requests = routeRequests(fixtures);
    const failures: string[] = [];
    for (const { method, url, rule, key } of requests) {
      const response = await client.fetch(url, {
        method,
        headers: method === "POST" ? { origin: session.own.url } : {},
        form: method === "POST" ? {} : undefined,
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      const body = await response.text();
      const status = response.status();
      const location = response.headers().location ?? null;
      const want = expected(key, rule, role, method);
      const ok =
        want === "refused"
          ? isRefusal(status, location, body)
          : status === want &&
            // A signed-in caller's way out of a signed-out page is the home page.
            (rule.access !== "signed-out" || role === "visitor" || location === "/");
      if (!ok) {
        failures.push(
          `${method} ${url} (${key}, ${rule.access}) as ${role}: wanted ${want}, got ${status} ${location ?? body.slice(0, 100).replace(/\s+/g, " ")}`,
        );
      }
    }
    return { failures, count: requests.length };
  }

  it("answers a visitor as the rules say", async () => {
    const { failures, count } = await callEveryRoute(visitor, "visitor");
    expect(count).toBeGreaterThan(addresses.size);
    expect(failures).toEqual([]);
  });

  it("answers a signed-in member without a staff role as the rules say", async () => {
    expect((await callEveryRoute(member.request, "member")).failures).toEqual([]);
  });

  it("answers an editor as the rules say: 403 on every admin-only route", async () => {
    expect((await callEveryRoute(editor.request, "editor")).failures).toEqual([]);
  });

  it("changed nothing for the visitor, the member and the editor", async () => {
    expect(await snapshotOwnServer(session.own)).toEqual(before);
  });

  it("answers the admin as the rules say", async () => {
    expect((await callEveryRoute(session.context.request, "admin")).failures).toEqual([]);
  });

  /**
   * "Confirm it's you" (10 minutes) before team changes, a new passkey and turning two-factor off
   * (also at better-auth's own endpoints): with a session cookie alone the admin is refused with
   * the dialog's answer and the editor with a plain 403, as before; once confirmed, each works.
   */
  describe("the writes that ask to confirm it's you", () => {
    const stamp = `${process.pid}-${Date.now()}`;
    let memberId = "";

    const teamWrites = (): Record<string, string>[] => [
      { intent: "invite", email: `step-up-${stamp}@example.com`, role: "admin" },
      { intent: "change-role", userId: memberId, role: "admin" },
      { intent: "remove", userId: memberId },
    ];

    async function teamWrite(client: APIRequestContext, form: Record<string, string>) {
      const response = await client.post(`${session.own.url}/admin/team.data`, {
        headers: { origin: session.own.url },
        form,
      });
      return { status: response.status(), text: await response.text() };
    }

    async function authCall(client: APIRequestContext, endpoint: string, password: string) {
      const url = `${session.own.url}/api/auth${endpoint}`;
      const response =
        endpoint === "/passkey/generate-register-options"
          ? await client.get(url, { headers: { origin: session.own.url } })
          : await client.post(url, { headers: { origin: session.own.url }, data: { password } });
      return { status: response.status(), body: await response.json().catch(() => ({})) };
    }

    const authWrites = ["/passkey/generate-register-options", "/two-factor/disable"];

    // Sessions of their own: the matrix above signed the admin and the editor out (/sign-out).
    let adminContext: BrowserContext;
    let editorContext: BrowserContext;

    beforeAll(async () => {
      const { browser, own } = session;
      adminContext = await signedInContext(browser, own.url, session.admin);
      editorContext = await signedInContext(browser, own.url, editorAccount);
      // The editor's id, for the role change and the removal.
      const page = await adminContext.newPage();
      await page.goto("/admin/team");
      memberId =
        (await page
          .getByRole("row")
          .filter({ hasText: editorAccount.email })
          .locator('input[name="userId"]')
          .first()
          .getAttribute("value")) ?? "";
      await page.close();
      expect(memberId).not.toBe("");
    });

    afterAll(async () => {
      await adminContext?.close();
      await editorContext?.close();
    });

    it("refuses an editor's team change with a plain 403, and asks the editor to confirm before a passkey", async () => {
      for (const form of teamWrites()) {
        const answer = await teamWrite(editorContext.request, form);
        expect(answer.status, form.intent).toBe(403);
        expect(answer.text).not.toContain(CONFIRMATION_REQUIRED_MESSAGE);
      }
      const refused = await authCall(
        editorContext.request,
        "/passkey/generate-register-options",
        "",
      );
      expect(refused).toMatchObject({ status: 403, body: { code: "CONFIRMATION_REQUIRED" } });
      await confirmItsMeIn(editorContext.request, session.own.url, editorAccount.password);
      const options = await authCall(
        editorContext.request,
        "/passkey/generate-register-options",
        "",
      );
      expect(options.status).toBe(200);
      expect(options.body.authenticatorSelection).toMatchObject({ userVerification: "required" });
      // Confirmed or not, the team stays the admin's.
      expect((await teamWrite(editorContext.request, teamWrites()[0] ?? {})).status).toBe(403);
    });

    it("asks the admin to confirm before each, and does each once confirmed", async () => {
      const admin = adminContext.request;
      for (const form of teamWrites()) {
        const answer = await teamWrite(admin, form);
        expect(answer.status, form.intent).toBe(403);
        expect(answer.text, form.intent).toContain(CONFIRMATION_REQUIRED_MESSAGE);
      }
      for (const endpoint of authWrites) {
        const answer = await authCall(admin, endpoint, session.admin.password);
        expect(answer, endpoint).toMatchObject({
          status: 403,
          body: { code: "CONFIRMATION_REQUIRED" },
        });
      }
      expect(mailsTo(session.own.dataDir, `step-up-${stamp}@example.com`, /invited/)).toEqual([]);

      await confirmItsMeIn(admin, session.own.url, session.admin.password);
      const done: Record<string, string> = {
        invite: "Invitation sent",
        "change-role": "Role changed",
        remove: "Member removed",
      };
      for (const form of teamWrites()) {
        const answer = await teamWrite(admin, form);
        expect(answer.status, form.intent).toBe(200);
        expect(answer.text).toContain(done[form.intent as string]);
      }
      for (const endpoint of authWrites) {
        expect((await authCall(admin, endpoint, session.admin.password)).status, endpoint).toBe(
          200,
        );
      }
    });
  });
});
