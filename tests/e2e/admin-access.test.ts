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
import { isRefusal, loadAdminCalls } from "../support/admin-calls";
import { launchBrowser } from "../support/browser";
import { type DatabaseSnapshot, snapshotOwnServer } from "../support/db-snapshot";

// Every dashboard area lists each of its reads and writes in tests/support/admin-actions/.
const calls = await loadAdminCalls();

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
    summary: `${call.name} (${call.method} ${call.path}) answered ${response.status()} ${response.headers().location ?? body.slice(0, 120)}`,
  };
}

describe("every admin read and write refuses visitors and non-admins", () => {
  let browser: Browser;
  let own: OwnServer;
  let member: Account;
  let before: DatabaseSnapshot;

  beforeAll(async () => {
    browser = await launchBrowser();
    own = await startOwnServer();
    // An admin exists, so that a guard that only checked "someone is signed in" would show.
    await createAdmin(own.dataDir);
    member = await createMember(browser, own.url, own.dataDir);
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
    const after = await snapshotOwnServer(own);
    expect(after).toEqual(before);
  });
});
