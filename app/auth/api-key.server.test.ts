import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { apiKeys, profiles, users } from "~/db/schema.server";
import { createApiKey, revokeApiKey } from "~/models/api-keys.server";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { authenticateApiKey, requireRoleOrApiKey } from "./api-key.server";
import type { CurrentUser } from "./session.server";

// The browser session is better-auth's business (tested elsewhere); here it is whatever the test says.
let sessionUser: CurrentUser | null = null;
vi.mock("./session.server", () => ({
  getCurrentUser: async () => sessionUser,
}));

function request(headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/create-blog-post", { method: "POST", headers });
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.json() };
    throw thrown;
  }
  throw new Error("expected a refusal");
}

describe.each(backends)("requireRoleOrApiKey on %s", (backend) => {
  let database: Database;
  let key: string;
  let keyId: number;

  beforeEach(async () => {
    database = await openSiteDatabase(backend);
    await database.db.insert(users).values({ id: "admin-1", name: "A", email: "a@example.com" });
    await database.db.insert(profiles).values({ id: "admin-1", role: "admin" });
    const created = await createApiKey(database.db, { name: "CI", createdBy: "admin-1" });
    key = created.key;
    keyId = created.summary.id;
    sessionUser = null;
  });
  afterEach(async () => {
    await closeSiteDatabase(database);
  });

  it("accepts a live key and acts for the admin who made it", async () => {
    const identity = await requireRoleOrApiKey(
      request({ authorization: `Bearer ${key}` }),
      "editor",
    );
    expect(identity).toEqual({
      kind: "api-key",
      admin: { id: "admin-1", email: "a@example.com", role: "admin", isAdmin: true, isStaff: true },
      key: { id: keyId, name: "CI", prefix: key.slice(0, 12) },
    });
    const [row] = await database.db.select().from(apiKeys);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect(await authenticateApiKey(request({ authorization: `bearer  ${key}` }))).not.toBeNull();
  });

  it("refuses a revoked key with a JSON 401, even next to an admin's session", async () => {
    await revokeApiKey(database.db, keyId);
    sessionUser = {
      id: "admin-1",
      email: "a@example.com",
      role: "admin",
      isAdmin: true,
      isStaff: true,
    };
    const answer = await refusal(
      requireRoleOrApiKey(request({ authorization: `Bearer ${key}` }), "editor"),
    );
    expect(answer).toEqual({
      status: 401,
      body: { error: "The API key is missing, invalid or revoked." },
    });
    expect(await authenticateApiKey(request({ authorization: `Bearer ${key}` }))).toBeNull();
  });

  it("refuses a wrong key, another scheme and an empty bearer", async () => {
    for (const authorization of [
      `Bearer ${key.slice(0, -2)}xx`,
      `Basic ${key}`,
      "Bearer",
      "Bearer ",
    ]) {
      const answer = await refusal(requireRoleOrApiKey(request({ authorization }), "editor"));
      expect(answer.status, authorization).toBe(401);
    }
  });

  it("without a key, accepts an admin's session and refuses everyone else", async () => {
    expect(await refusal(requireRoleOrApiKey(request(), "admin"))).toEqual({
      status: 401,
      body: { error: "Sign in as an admin or send an API key." },
    });
    sessionUser = {
      id: "member-1",
      email: "m@example.com",
      role: "user",
      isAdmin: false,
      isStaff: false,
    };
    expect((await refusal(requireRoleOrApiKey(request(), "editor"))).status).toBe(403);
    sessionUser = {
      id: "admin-1",
      email: "a@example.com",
      role: "admin",
      isAdmin: true,
      isStaff: true,
    };
    expect(await requireRoleOrApiKey(request(), "editor")).toEqual({
      kind: "session",
      admin: sessionUser,
    });
    expect(await authenticateApiKey(request())).toBeNull();
  });

  it("without a key, takes an editor's session where the role needed is editor, not admin", async () => {
    const editor: CurrentUser = {
      id: "editor-1",
      email: "e@example.com",
      role: "editor",
      isAdmin: false,
      isStaff: true,
    };
    sessionUser = editor;
    expect(await requireRoleOrApiKey(request(), "editor")).toEqual({
      kind: "session",
      admin: editor,
    });
    expect(await refusal(requireRoleOrApiKey(request(), "admin"))).toEqual({
      status: 403,
      body: { error: "Only admins can do this." },
    });
    sessionUser = null;
    expect(await refusal(requireRoleOrApiKey(request(), "editor"))).toEqual({
      status: 401,
      body: { error: "Sign in as an admin or editor, or send an API key." },
    });
  });
});
