import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Env, loadEnv } from "~/env.server";
import { type FakeChatServer, startFakeChatServer } from "../../tests/support/fake-widget-sdk";
import { testChatwoot } from "./chatwoot.server";

const env = {} as Env;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-test-"));
let chat: FakeChatServer;

beforeAll(async () => {
  loadEnv({ DATA_DIR: dataDir, ALLOW_PRIVATE_OUTBOUND: "1" });
  chat = await startFakeChatServer();
});
afterAll(async () => {
  await chat?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("Test connection of Chatwoot", () => {
  it("fetches the widget script the public pages load", async () => {
    expect(await testChatwoot({ websiteToken: "tok", baseUrl: chat.url }, env)).toEqual({
      ok: true,
      message: "The chat server answered with its widget script.",
    });
    expect(chat.requests.at(-1)).toBe("/packs/js/sdk.js");
  });

  it("says so when the address is wrong, the server is down or the settings are missing", async () => {
    expect(
      await testChatwoot({ websiteToken: "tok", baseUrl: `${chat.url}/nowhere` }, env),
    ).toEqual({
      ok: false,
      message: "The chat server answered 404 for its widget script: check the base URL.",
    });
    const down = await startFakeChatServer();
    const url = down.url;
    await down.close();
    const result = await testChatwoot({ websiteToken: "tok", baseUrl: url }, env);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(
      /^Could not reach 127\.0\.0\.1:\d+ \(the connection was refused\)\.$/,
    );
    expect(await testChatwoot({ baseUrl: chat.url }, env)).toEqual({
      ok: false,
      message: "Add the website token and base URL first, then test again.",
    });
  });
});
