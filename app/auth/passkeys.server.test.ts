import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Auth, createAuth, PASSKEY_CHALLENGE_LIMIT } from "~/auth/auth.server";
import { listUserPasskeys } from "~/auth/passkeys.server";
import type { Database } from "~/db/client.server";
import { passkeys, users } from "~/db/schema.server";
import { type Env, parseEnv } from "~/env.server";
import { PASSKEY_NAME_MAX_LENGTH } from "~/schemas/passkeys";
import { backends, createTestDatabase } from "../../tests/support/test-database";

const SITE_URL = "http://localhost:3999";

async function call(auth: Auth, endpoint: string, body?: unknown, ip = "203.0.113.7") {
  const response = await auth.handler(
    new Request(`${SITE_URL}/api/auth${endpoint}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", origin: SITE_URL, "x-client-address": ip },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

describe.each(backends)("passkeys on %s", (backend) => {
  let database: Database;
  let tmp: string;
  let auth: Auth;

  beforeEach(async () => {
    database = await createTestDatabase(backend);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "passkeys-test-"));
    const env = {
      ...parseEnv({ DATA_DIR: tmp, SITE_URL }),
      SESSION_SECRET: "x".repeat(40),
    } as Env;
    auth = createAuth({ db: database.db, env, mailer: { send: async () => {}, close() {} } });
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("gives a challenge for our host name, and limits challenges per address", async () => {
    const first = await call(auth, "/passkey/generate-authenticate-options");
    expect(first.status).toBe(200);
    expect(first.body.rpId).toBe("localhost");
    expect(typeof first.body.challenge).toBe("string");
    for (let i = 1; i < PASSKEY_CHALLENGE_LIMIT.max; i++) {
      expect((await call(auth, "/passkey/generate-authenticate-options")).status).toBe(200);
    }
    expect((await call(auth, "/passkey/generate-authenticate-options")).status).toBe(429);
    // Another address is not affected.
    const other = await call(
      auth,
      "/passkey/generate-authenticate-options",
      undefined,
      "198.51.100.9",
    );
    expect(other.status).toBe(200);
  });

  it("refuses a passkey name the page would refuse, before anything else", async () => {
    const long = await call(auth, "/passkey/verify-registration", {
      response: {},
      name: "x".repeat(PASSKEY_NAME_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe("INVALID_PASSKEY_NAME");
    expect(long.body.message).toBe(
      `The name must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
    );
    const rename = await call(auth, "/passkey/update-passkey", { id: "p1", name: "a\u0007b" });
    expect(rename.body.code).toBe("INVALID_PASSKEY_NAME");
    // A fitting name passes on to the plugin, which asks for a session.
    const fine = await call(auth, "/passkey/verify-registration", { response: {}, name: "Laptop" });
    expect(fine.status).toBe(401);
  });

  it("lists a user's passkeys newest first, unnamed ones as 'Passkey', without key material", async () => {
    await database.db.insert(users).values([
      { id: "u1", name: "a", email: "a@example.com", emailVerified: true },
      { id: "u2", name: "b", email: "b@example.com", emailVerified: true },
    ]);
    const key = { publicKey: "pk", counter: 0, deviceType: "multiDevice", backedUp: true };
    await database.db.insert(passkeys).values([
      {
        ...key,
        id: "k1",
        userId: "u1",
        credentialID: "c1",
        name: "Old phone",
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
      {
        ...key,
        id: "k2",
        userId: "u1",
        credentialID: "c2",
        name: null,
        createdAt: new Date("2026-02-01T00:00:00Z"),
      },
      {
        ...key,
        id: "k3",
        userId: "u2",
        credentialID: "c3",
        name: "Not mine",
        createdAt: new Date(),
      },
    ]);
    expect(await listUserPasskeys(database.db, "u1")).toEqual([
      { id: "k2", name: "Passkey", createdAt: "2026-02-01T00:00:00.000Z" },
      { id: "k1", name: "Old phone", createdAt: "2026-01-01T00:00:00.000Z" },
    ]);
  });
});
