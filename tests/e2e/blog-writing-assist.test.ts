import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminSession,
  expectVisibleText,
  type OwnServer,
  openAdminTab,
  startAdminSession,
} from "../support/admin";
import { expectCleanPage, newPage, waitForRouterHydration } from "../support/browser";
import { type FakeOpenAi, sentImageUrls, startFakeOpenAi } from "../support/fake-openai";

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
  await openAdminTab(page, "/admin/blog/new", "New post");
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

  it("suggests an image's alt text in the media library, used only after Use this", async () => {
    await integrations({ intent: "toggle", enabled: "true" });
    const ALT = "Sailing boats moored in a calm blue harbour.";
    fake.reply(`Alt text: "${ALT}"`);
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#2a6fb0" },
    })
      .jpeg()
      .toBuffer();
    const upload = await context.request.post(`${own.url}/admin/media/upload`, {
      headers: { Accept: "application/json", Origin: own.url },
      multipart: { file: { name: "assist-harbour.jpg", mimeType: "image/jpeg", buffer: photo } },
    });
    expect(upload.status(), await upload.text()).toBe(201);

    const page = await newPage(context);
    await openAdminTab(page, "/admin/media", "Media library");
    await waitForRouterHydration(page);
    const card = page.getByRole("listitem", { name: "assist-harbour.jpg", exact: true });
    await card.getByRole("button", { name: "Edit alt text of assist-harbour.jpg" }).click();
    const dialog = page.getByRole("dialog", { name: "Alt text" });
    const field = dialog.getByLabel("Alt text", { exact: true });
    await field.fill("draft");
    const sent = fake.requests.length;
    await dialog.getByRole("button", { name: "Suggest alt text" }).click();

    const suggested = dialog.getByRole("region", { name: "Suggested alt text" });
    await suggested.getByText(ALT, { exact: true }).waitFor();
    expect(await field.inputValue()).toBe("draft");
    // One vision request, with a small copy of the image as a data: URL.
    expect(fake.requests.length).toBe(sent + 1);
    const [image] = sentImageUrls(fake.requests.at(-1));
    expect(image).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);

    await suggested.getByRole("button", { name: "Use this" }).click();
    expect(await field.inputValue()).toBe(ALT);
    expect(await suggested.count()).toBe(0);
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);

    // Nothing was saved: closing without Save leaves the library as it was.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await card.getByText("none", { exact: true }).waitFor();

    // Dismiss takes the suggestion away, and the service failing is said next to the field.
    await card.getByRole("button", { name: "Edit alt text of assist-harbour.jpg" }).click();
    await dialog.getByRole("button", { name: "Suggest alt text" }).click();
    await suggested.getByRole("button", { name: "Dismiss" }).click();
    expect(await suggested.count()).toBe(0);
    expect(await field.inputValue()).toBe("");
    fake.fail(500);
    await dialog.getByRole("button", { name: "Suggest alt text" }).click();
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toBe("The AI service answered with an error (HTTP 500). Try again in a moment.");
    expect(await field.inputValue()).toBe("");
    expectCleanPage(page, [/status of 502/]);
    await page.close();

    // An unknown file: a clear 404, and nothing sent.
    fake.reply(ALT);
    const before = fake.requests.length;
    const unknown = await context.request.post("/admin/blog/assist", {
      data: { field: "altText", mediaId: 2_000_000 },
      headers: { origin: own.url },
    });
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).error).toMatch(/no longer in the media library/);
    expect(fake.requests.length).toBe(before);
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

describe("the OpenAI card on the Integrations tab", () => {
  it("shows Test connection's answer, a clear error once the service is down, and both in the card", async () => {
    // A second fake of its own, to take down without disturbing the tests above.
    const own2 = await startFakeOpenAi();
    await integrations({ intent: "save-config", apiKey: API_KEY, baseUrl: own2.baseUrl });

    const page = await newPage(context);
    await openAdminTab(page, "/admin/integrations", "Integrations");
    await waitForRouterHydration(page);
    const card = page.getByRole("group", { name: "OpenAI" });
    const testButton = card.getByRole("button", { name: "Test connection of OpenAI" });
    await testButton.click();
    const status = card.getByRole("status");
    await expect
      .poll(() => status.textContent())
      .toBe("Connected: the service accepted the API key and offers the model “gpt-4o-mini”.");
    expect(own2.requests.at(-1)?.path).toBe("/v1/models");
    expect(own2.requests.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);

    await own2.close();
    await testButton.click();
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Could not reach 127\.0\.0\.1:\d+ \(the connection was refused\)\.$/);

    // The card keeps both, with their times, after a reload.
    await page.reload();
    const history = card.getByRole("list", { name: "How OpenAI has been doing" });
    await expect
      .poll(() => history.getByRole("listitem").allTextContents())
      .toEqual([
        expect.stringMatching(/^Last error .+: Test connection: Could not reach 127\.0\.0\.1:\d+ /),
        expect.stringMatching(/^Last worked .+: Test connection: Connected: /),
      ]);
    expectCleanPage(page);
    await page.close();
  });
});
