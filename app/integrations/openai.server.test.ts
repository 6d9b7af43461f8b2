import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Env } from "~/env.server";
import { loadEnv } from "~/env.server";
import type { AssistRequest } from "~/schemas/admin/blog-assist";
import { ALT_TEXT_MAX } from "~/schemas/admin/media";
import { type FakeOpenAi, sentImageUrls, startFakeOpenAi } from "../../tests/support/fake-openai";
import {
  ALT_TEXT_INSTRUCTIONS,
  ASSIST_OFF,
  cleanSuggestion,
  DEFAULT_BASE_URL,
  DEFAULT_MODEL,
  type OpenAiSettings,
  openAiSettings,
  suggestAltText,
  suggestForField,
  testOpenAi,
} from "./openai.server";

let fake: FakeOpenAi;
let dataDir: string;
let settings: OpenAiSettings;

const post: AssistRequest = {
  field: "excerpt",
  title: "Why small teams adopt AI agents",
  excerpt: "",
  content: "Agents answer the phone, book meetings and file the notes.",
};

function useOutboundRule(allowPrivate: boolean) {
  loadEnv({ DATA_DIR: dataDir, ALLOW_PRIVATE_OUTBOUND: allowPrivate ? "1" : "0" });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "openai-client-"));
  fake = await startFakeOpenAi();
  settings = {
    apiKey: "sk-test-key-123",
    baseUrl: fake.baseUrl,
    model: "test-model",
    organizationId: "org-42",
  };
});
afterAll(async () => {
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  useOutboundRule(true);
  fake.requests.length = 0;
  fake.reply("A suggestion from the fake.");
});

describe("the writing-assist client", () => {
  it("posts the post to chat/completions with the key, the model and the field's instructions", async () => {
    fake.reply("Small teams use agents for calls, bookings and notes.");
    const long = { ...post, content: `${"word ".repeat(5_000)}THE-END-MARKER` };
    const suggestion = await suggestForField(settings, long);
    expect(suggestion).toBe("Small teams use agents for calls, bookings and notes.");

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBe("Bearer sk-test-key-123");
    expect(request?.headers["openai-organization"]).toBe("org-42");
    expect(request?.body.model).toBe("test-model");
    const [system, user] = request?.body.messages ?? [];
    expect(system?.role).toBe("system");
    expect(system?.content).toMatch(/excerpt/i);
    expect(user?.role).toBe("user");
    expect(user?.content).toContain("Why small teams adopt AI agents");
    // A long body is cut to a sane size before it is sent.
    expect(user?.content).not.toContain("THE-END-MARKER");
    expect(user?.content.length).toBeLessThan(9_000);
  });

  it("cleans the answer for its field: quotes, labels, length, the slug rule", async () => {
    expect(cleanSuggestion("excerpt", '  "Agents book meetings.\nAnd file notes."  ')).toBe(
      "Agents book meetings. And file notes.",
    );
    expect(cleanSuggestion("metaTitle", "Meta title: “AI agents for small teams”")).toBe(
      "AI agents for small teams",
    );
    expect(cleanSuggestion("slug", 'Slug: "Why AI Agents Matter — in 2026!"')).toBe(
      "why-ai-agents-matter-in-2026",
    );
    const tooLong = cleanSuggestion("metaTitle", `${"agents ".repeat(60)}end`);
    expect(tooLong.length).toBeLessThanOrEqual(200);
    expect(tooLong.endsWith("agents")).toBe(true);

    fake.reply("'why-teams-pick-agents'");
    expect(await suggestForField(settings, { ...post, field: "slug" })).toBe(
      "why-teams-pick-agents",
    );
  });

  it("sends an image for its alt text as a vision message: the instructions and a data: URL", async () => {
    fake.reply("A lighthouse on a rocky shore at sunset.");
    const bytes = Buffer.from("RIFF-fake-webp-bytes");
    const suggestion = await suggestAltText(settings, { mime: "image/webp", bytes });
    expect(suggestion).toBe("A lighthouse on a rocky shore at sunset.");

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBe("Bearer sk-test-key-123");
    expect(request?.body.model).toBe("test-model");
    expect(request?.body.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: ALT_TEXT_INSTRUCTIONS },
          {
            type: "image_url",
            image_url: { url: `data:image/webp;base64,${bytes.toString("base64")}`, detail: "low" },
          },
        ],
      },
    ]);
    expect(sentImageUrls(request)).toEqual([`data:image/webp;base64,${bytes.toString("base64")}`]);
    expect(ALT_TEXT_INSTRUCTIONS).toMatch(/one sentence, at most 125 characters/);

    // The same errors, timeout and "off" as the post's fields.
    fake.fail(429);
    await expect(suggestAltText(settings, { mime: "image/webp", bytes })).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining("busy or the account's quota is used up"),
    });
    fake.hang();
    await expect(
      suggestAltText(settings, { mime: "image/webp", bytes }, { timeoutMs: 300 }),
    ).rejects.toMatchObject({ status: 504 });
    fake.requests.length = 0;
    await expect(suggestAltText(null, { mime: "image/webp", bytes })).rejects.toMatchObject({
      status: 409,
      message: ASSIST_OFF,
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("cleans an alt text: quotes, labels, a leading “image of”, the library's length", () => {
    expect(cleanSuggestion("altText", 'Alt text: "A red bicycle against a brick wall."')).toBe(
      "A red bicycle against a brick wall.",
    );
    expect(cleanSuggestion("altText", "Suggested alt text: “Two engineers at a whiteboard”")).toBe(
      "Two engineers at a whiteboard",
    );
    expect(cleanSuggestion("altText", "An image of a harbour at dawn.")).toBe("A harbour at dawn.");
    expect(cleanSuggestion("altText", "Picture showing people\nat a table.")).toBe(
      "People at a table.",
    );
    // "Photo" says what kind of image it is: kept.
    expect(cleanSuggestion("altText", "Photo of a harbour.")).toBe("Photo of a harbour.");
    const long = cleanSuggestion("altText", `${"boats ".repeat(80)}end`);
    expect(long.length).toBeLessThanOrEqual(ALT_TEXT_MAX);
    expect(long.endsWith("boats")).toBe(true);
  });

  it("gives up after the timeout with a message an admin understands", async () => {
    fake.hang();
    const started = Date.now();
    await expect(suggestForField(settings, post, { timeoutMs: 300 })).rejects.toMatchObject({
      status: 504,
      message: expect.stringMatching(/did not answer within 1 second/),
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("explains the service's errors without passing on its reply or the key", async () => {
    fake.fail(500);
    const failed = suggestForField(settings, post);
    await expect(failed).rejects.toThrow("The AI service answered with an error (HTTP 500)");
    fake.fail(401);
    const refused = await suggestForField(settings, post).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toContain("refused the API key");
    expect((refused as Error).message).not.toContain("sk-test-key-123");
    expect((refused as Error).message).not.toContain("told to fail");
    fake.reply("   ");
    await expect(suggestForField(settings, post)).rejects.toThrow("empty answer");
  });

  it("sends nothing while the integration is off or has no key", async () => {
    const config = { apiKey: "sk-test-key-123", baseUrl: fake.baseUrl };
    expect(openAiSettings({ enabled: false, config })).toBeNull();
    expect(openAiSettings({ enabled: true, config: { baseUrl: fake.baseUrl } })).toBeNull();
    expect(openAiSettings(undefined)).toBeNull();
    await expect(
      suggestForField(openAiSettings({ enabled: false, config }), post),
    ).rejects.toMatchObject({ status: 409, message: ASSIST_OFF });
    expect(fake.requests).toHaveLength(0);

    expect(openAiSettings({ enabled: true, config: { apiKey: "k" } })).toEqual({
      apiKey: "k",
      baseUrl: DEFAULT_BASE_URL,
      model: DEFAULT_MODEL,
      organizationId: null,
    });
    expect(
      openAiSettings({ enabled: true, config: { apiKey: "k", baseUrl: `${fake.baseUrl}/` } })
        ?.baseUrl,
    ).toBe(fake.baseUrl);
  });

  it("refuses a local http base URL unless ALLOW_PRIVATE_OUTBOUND is set", async () => {
    useOutboundRule(false);
    await expect(suggestForField(settings, post)).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining("cannot be called"),
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("Test connection of the OpenAI integration", () => {
  const env = {} as Env;
  const config = () => ({ apiKey: "sk-test-key-123", baseUrl: fake.baseUrl, model: "gpt-4o-mini" });

  it("lists the models with the key and finds the configured one", async () => {
    const result = await testOpenAi(config(), env);
    expect(result).toEqual({
      ok: true,
      message: "Connected: the service accepted the API key and offers the model “gpt-4o-mini”.",
    });
    expect(fake.requests.at(-1)?.path).toBe("/v1/models");
    expect(fake.requests.at(-1)?.headers.authorization).toBe("Bearer sk-test-key-123");
  });

  it("says when the model is not offered, the key is refused, or the service is down", async () => {
    expect(await testOpenAi({ ...config(), model: "no-such-model" }, env)).toMatchObject({
      ok: false,
      message: expect.stringContaining("does not offer the model “no-such-model”"),
    });
    fake.fail(401);
    const refused = await testOpenAi(config(), env);
    expect(refused).toMatchObject({
      ok: false,
      message: expect.stringContaining("refused the API key"),
    });
    expect(refused.message).not.toContain("sk-test-key-123");

    const down = await startFakeOpenAi();
    const downUrl = down.baseUrl;
    await down.close();
    expect(await testOpenAi({ ...config(), baseUrl: downUrl }, env)).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^Could not reach 127\.0\.0\.1:\d+ \(the connection was refused\)\.$/,
      ),
    });
    expect(await testOpenAi({ baseUrl: fake.baseUrl }, env)).toEqual({
      ok: false,
      message: "Add the API key first, then test again.",
    });
  });
});
