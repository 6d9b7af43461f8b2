import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser, UserRole } from "./session.server";

// Who is signed in is better-auth's business (tested elsewhere); here it is whatever the test says.
let sessionUser: CurrentUser | null = null;
vi.mock("./session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./session.server")>()),
  getCurrentUser: async () => sessionUser,
}));

// Whether an admin must set up two-factor sign-in first (a site setting; tested with its module).
let setupRequired = false;
vi.mock("./account-security.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./account-security.server")>()),
  twoFactorSetupRequired: async (user: CurrentUser) => setupRequired && user.isAdmin,
}));

const { requireRole, requireRoleApi, requireSection, requireSectionApi, roleAllows } = await import(
  "./permissions.server"
);

function userWith(role: UserRole): CurrentUser {
  return {
    id: `${role}-1`,
    email: `${role}@example.com`,
    role,
    isAdmin: role === "admin",
    isStaff: role !== "user",
  };
}

const request = () => new Request("http://localhost/admin/settings?tab=backups");

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

afterEach(() => {
  sessionUser = null;
  setupRequired = false;
});

describe("roleAllows", () => {
  it("lets an admin do what an editor may, and no one else in", () => {
    expect(roleAllows("admin", "admin")).toBe(true);
    expect(roleAllows("admin", "editor")).toBe(true);
    expect(roleAllows("editor", "editor")).toBe(true);
    expect(roleAllows("editor", "admin")).toBe(false);
    expect(roleAllows("user", "editor")).toBe(false);
    expect(roleAllows(null, "editor")).toBe(false);
    expect(roleAllows(undefined, "editor")).toBe(false);
    // A role the code does not know (a hand-edited row) opens nothing.
    expect(roleAllows("owner" as UserRole, "editor")).toBe(false);
    expect(roleAllows("constructor" as UserRole, "editor")).toBe(false);
  });
});

describe("requireRole", () => {
  it("sends a visitor to sign in, coming back to the page", async () => {
    const answer = (await thrown(requireRole(request(), "editor"))) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(
      `/auth?${new URLSearchParams({ redirectTo: "/admin/settings?tab=backups" })}`,
    );
  });

  it("answers 403 to an editor on an admin page, and says they are staff", async () => {
    sessionUser = userWith("editor");
    const error = await thrown(requireRole(request(), "admin"));
    expect(error).toMatchObject({
      type: "DataWithResponseInit",
      data: { message: "You do not have access to this page.", staff: true },
      init: { status: 403 },
    });
  });

  it("sends a member without a staff role to the home page", async () => {
    sessionUser = userWith("user");
    const answer = (await thrown(requireRole(request(), "editor"))) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
  });

  it("returns the account when its role is enough", async () => {
    sessionUser = userWith("editor");
    expect(await requireRole(request(), "editor")).toEqual(userWith("editor"));
    sessionUser = userWith("admin");
    expect(await requireRole(request(), "admin")).toEqual(userWith("admin"));
    expect(await requireRole(request(), "editor")).toEqual(userWith("admin"));
  });
});

describe("requireRoleApi", () => {
  async function refusal(promise: Promise<unknown>) {
    const answer = (await thrown(promise)) as Response;
    return { status: answer.status, body: await answer.json() };
  }

  it("answers JSON 401 to a visitor and 403 to an account without the role", async () => {
    expect(await refusal(requireRoleApi(request(), "admin"))).toEqual({
      status: 401,
      body: { error: "Sign in as an admin to do this." },
    });
    expect(await refusal(requireRoleApi(request(), "editor"))).toEqual({
      status: 401,
      body: { error: "Sign in as an admin or editor to do this." },
    });
    sessionUser = userWith("editor");
    expect(await refusal(requireRoleApi(request(), "admin"))).toEqual({
      status: 403,
      body: { error: "Only admins can do this." },
    });
    sessionUser = userWith("user");
    expect(await refusal(requireRoleApi(request(), "editor"))).toEqual({
      status: 403,
      body: { error: "Only admins and editors can do this." },
    });
    sessionUser = userWith("editor");
    expect(await requireRoleApi(request(), "editor")).toEqual(userWith("editor"));
  });
});

describe("requireSection", () => {
  it("asks for the role app/admin/tabs.ts gives the section", async () => {
    sessionUser = userWith("editor");
    expect(await requireSection(request(), "blog")).toEqual(userWith("editor"));
    expect(await thrown(requireSection(request(), "team"))).toMatchObject({
      data: { message: "You do not have access to this page.", staff: true },
      init: { status: 403 },
    });
    const api = (await thrown(requireSectionApi(request(), "settings"))) as Response;
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: "Only admins can do this." });
    expect(await requireSectionApi(request(), "media")).toEqual(userWith("editor"));
    sessionUser = userWith("admin");
    expect(await requireSection(request(), "team")).toEqual(userWith("admin"));
    sessionUser = userWith("user");
    const member = (await thrown(requireSection(request(), "overview"))) as Response;
    expect(member.headers.get("location")).toBe("/");
  });
});

describe("while two-factor sign-in is required for admins", () => {
  it("sends an admin without it to set it up, and answers JSON 403; editors go on", async () => {
    setupRequired = true;
    sessionUser = userWith("admin");
    const page = (await thrown(requireRole(request(), "editor"))) as Response;
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/account/security?setup=2fa");
    const api = (await thrown(requireRoleApi(request(), "editor"))) as Response;
    expect(api.status).toBe(403);
    expect((await api.json()).error).toMatch(/two-factor/i);
    sessionUser = userWith("editor");
    expect(await requireRole(request(), "editor")).toEqual(userWith("editor"));
  });
});
