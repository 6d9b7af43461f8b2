import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { APIRequestContext, Browser } from "playwright-core";
import { request as playwrightRequest } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  createAdmin,
  createMember,
  type OwnServer,
  signedInContext,
  startOwnServer,
} from "../support/admin";
import type { AdminCall } from "../support/admin-actions/types";
import { launchBrowser } from "../support/browser";

// Every dashboard area lists each of its reads and writes in tests/support/admin-actions/.
const actionsDir = path.join(import.meta.dirname, "..", "support", "admin-actions");
const calls: AdminCall[] = [];
for (const file of fs.readdirSync(actionsDir).sort()) {
  if (file === "types.ts" || !file.endsWith(".ts")) continue;
  const module = (await import(path.join(actionsDir, file))) as { calls?: AdminCall[] };
  for (const call of module.calls ?? []) calls.push({ ...call, name: `${file}: ${call.name}` });
}

// Tables a refused request may still touch: a sign-in's session, rate-limit counters.
const VOLATILE_TABLES = new Set([
  "sessions",
  "verifications",
  "rate_limits",
  "bot_check_spent",
  "web_page_views",
  "__drizzle_migrations",
]);

/** Every row of every content table, read from the stopped server's data directory. */
async function snapshot(dataDir: string) {
  const db = await PGlite.create(path.join(dataDir, "db"));
  try {
    const tables = await db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    const rows: Record<string, unknown[]> = {};
    for (const { table_name } of tables.rows) {
      if (VOLATILE_TABLES.has(table_name)) continue;
      const result = await db.query(`select * from "${table_name}" order by 1`);
      rows[table_name] = result.rows;
    }
    return rows;
  } finally {
    await db.close();
  }
}

function refused(call: AdminCall, status: number, location: string | null, body: string) {
  if (status === 401 || status === 403) return true;
  const target = (url: string) => {
    const pathname = new URL(url, "http://x").pathname;
    return pathname === "/auth" || pathname === "/";
  };
  if (status >= 300 && status < 400 && location) return target(location);
  // A `.data` request (client-side navigation) gets its redirect in the body.
  const redirect = body.match(/^\[\["SingleFetchRedirect",\d+\].*?"redirect","([^"]+)"/);
  if (status === 202 && redirect?.[1]) return target(redirect[1]);
  void call;
  return false;
}

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
    ok: refused(call, response.status(), response.headers().location ?? null, body),
    summary: `${call.name} (${call.method} ${call.path}) answered ${response.status()} ${response.headers().location ?? body.slice(0, 120)}`,
  };
}

describe("every admin read and write refuses visitors and non-admins", () => {
  let browser: Browser;
  let own: OwnServer;
  let member: Account;
  let before: Record<string, unknown[]>;

  beforeAll(async () => {
    browser = await launchBrowser();
    own = await startOwnServer();
    // An admin exists, so that a guard that only checked "someone is signed in" would show.
    await createAdmin(own.dataDir);
    member = await createMember(browser, own.url, own.dataDir);
    before = await own.whileStopped(() => snapshot(own.dataDir));
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

  it("refuses each one to a signed-in member without the admin role", async () => {
    const context = await signedInContext(browser, own.url, member);
    const failures: string[] = [];
    for (const call of calls) {
      const result = await send(context.request, own.url, call);
      if (!result.ok) failures.push(result.summary);
    }
    await context.close();
    expect(failures).toEqual([]);
  });

  it("changed nothing", async () => {
    const after = await own.whileStopped(() => snapshot(own.dataDir));
    expect(after).toEqual(before);
  });
});
