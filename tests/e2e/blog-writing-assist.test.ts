import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminSession,
  expectVisibleText,
  type OwnServer,
  openAdminTab,
  startAdminSession,
} from "../support/admin";
import { expectCleanPage, newPage, waitForRouterHydration } from "../support/browser";
import { type FakeOpenAi, startFakeOpenAi } from "../support/fake-openai";

// One server for the file, allowed to call the fake on 127.0.0.1 over http.
let session: AdminSession;
let own: OwnServer;
let context: BrowserContext;
let fake: FakeOpenAi;

const API_KEY = "sk-e2e-writing-assist";
const SUGGESTION = "Voice agents answer every call, book visits and leave staff the notes.";

beforeAll(async () => {
  [session, fake] = await Promise.all([
    startAdminSession({ ALLOW_PRIVATE_OUTBOUND: "1" }),
    startFakeOpenAi(),
  ]);
  ({ own, context } = session);
});
afterAll(async () => {
  await session?.close();
  await fake?.close();
});

/** A post to the integrations tab's action, as the dashboard sends it (same origin). */
async function integrations(form: Record<string, string>) {
  const response = await context.request.post("/admin/integrations", {
    form: { integration: "openai", ...form },
    headers: { origin: own.url, accept: "application/json" },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function openEditor(): Promise<Page> {
  const page = await newPage(context);
  // Leaving the editor with unsaved typing asks first; these tests leave on purpose.
  page.on("dialog", (dialog) => void dialog.accept());
  await openAdminTab(page, "/admin/blog?view=new", "Blog");
  await waitForRouterHydration(page);
  return page;
}

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

describe("writing assist in the post editor", () => {
  it("suggests an excerpt that lands in the field only after Use this", async () => {
    await integrations({ intent: "save-config", apiKey: API_KEY, baseUrl: fake.baseUrl });
    await integrations({ intent: "toggle", enabled: "true" });
    fake.reply(`"${SUGGESTION}"`);

    const page = await openEditor();
    await textbox(page, "Title").fill("Voice Agents for Clinics");
    await textbox(page, "Content").fill("Clinics miss calls. Agents pick up, book and take notes.");
    await page.getByRole("button", { name: "Suggest excerpt" }).click();

    const suggested = page.getByRole("region", { name: "Suggested excerpt" });
    await suggested.getByText(SUGGESTION, { exact: true }).waitFor();
    expect(await textbox(page, "Excerpt").inputValue()).toBe("");
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(fake.requests.at(-1)?.body.messages?.[1]?.content).toContain("Clinics miss calls.");

    await suggested.getByRole("button", { name: "Use this" }).click();
    expect(await textbox(page, "Excerpt").inputValue()).toBe(SUGGESTION);
    expect(await suggested.count()).toBe(0);

    // The service failing: the admin is told next to the field, and the field keeps its text.
    fake.fail(500);
    await page.getByRole("button", { name: "Suggest meta description" }).click();
    await expectVisibleText(
      page,
      "The AI service answered with an error (HTTP 500). Try again in a moment.",
    );
    expect(await textbox(page, "Meta description").inputValue()).toBe("");
    // The browser logs the 502 this test asked for; nothing else may show.
    expectCleanPage(page, [/status of 502/]);
    await page.close();
  });

  it("offers nothing and sends nothing while the integration is off", async () => {
    await integrations({ intent: "toggle", enabled: "false" });
    const sent = fake.requests.length;

    const page = await openEditor();
    await textbox(page, "Title").waitFor();
    expect(await page.getByRole("button", { name: /^Suggest/ }).count()).toBe(0);
    expectCleanPage(page);
    await page.close();

    const refused = await context.request.post("/admin/blog/assist", {
      data: { field: "excerpt", title: "A post", content: "Text" },
      headers: { origin: own.url },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toMatch(/Writing assist is off/);
    expect(fake.requests.length).toBe(sent);
  });
});
