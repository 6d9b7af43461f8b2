import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  createAdmin,
  type OwnServer,
  openAdminTab,
  signedInStorageState,
  startOwnServer,
} from "../support/admin";
import { expectCleanPage, launchBrowser, newPage } from "../support/browser";
import { giveConsent } from "../support/consent";
import { type FakeChatServer, startFakeChatServer } from "../support/fake-widget-sdk";

// One server of this file's own: everything is saved through the dashboard, the server is
// restarted once, and the saved state must still be there (and on the public site).
let own: OwnServer;
let browser: Browser;
let chat: FakeChatServer;
let admin: Account;
let context: BrowserContext;

const stripeSecret = `sk_test_${randomBytes(12).toString("hex")}`;
const chatToken = `web-token-${randomBytes(4).toString("hex")}`;
/** Every response body the admin's browser received, to look for the secret in. */
const bodies: { url: string; text: string }[] = [];
let createdKey = "";

beforeAll(async () => {
  [browser, chat, own] = await Promise.all([
    launchBrowser(),
    startFakeChatServer(),
    startOwnServer(),
  ]);
  admin = await createAdmin(own.dataDir);
  // The admin's browser as a plain one: the X-Forwarded-For header that signedInContext adds to
  // every request would break the chat widget's cross-origin request once it is switched on.
  const storageState = await signedInStorageState(browser, own.url, admin);
  context = await browser.newContext({
    baseURL: own.url,
    storageState,
    viewport: { width: 1280, height: 900 },
  });
  context.on("response", async (response) => {
    if (!response.url().startsWith(own.url)) return;
    try {
      bodies.push({ url: response.url(), text: await response.text() });
    } catch {
      // Redirects and aborted requests have no body.
    }
  });
});
afterAll(async () => {
  await context?.close();
  await own?.close();
  await chat?.close();
  await browser?.close();
});

function card(page: Page, label: string) {
  return page.getByRole("group", { name: label, exact: true });
}

async function openConfig(page: Page, label: string): Promise<Locator> {
  const item = card(page, label);
  const details = item.locator("details");
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) {
    await item.locator("summary").click();
  }
  return item;
}

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title }).last();
  await toast.waitFor();
  if (description) expect(await toast.textContent()).toContain(description);
}

/** A form post as a browser without JavaScript sends it (same origin). */
function postForm(path: string, form: Record<string, string>) {
  return context.request.post(path, { form, headers: { origin: own.url }, maxRedirects: 0 });
}

describe("the integrations tab", () => {
  it("saves the chat widget's settings and switches it on from the keyboard", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin/integrations", "Integrations");
    // Eleven integrations; Stripe only keeps keys for later and has no switch. Before JavaScript
    // has loaded each is a toggle button that posts its form; a switch once hydrated.
    await expect.poll(() => page.getByRole("switch").count()).toBe(10);
    const chatwoot = await openConfig(page, "Chatwoot");
    await chatwoot.getByRole("textbox", { name: "Website token", exact: true }).fill(chatToken);
    await chatwoot.getByRole("textbox", { name: "Base URL", exact: true }).fill(`${chat.url}/`);
    await chatwoot.getByRole("button", { name: "Save Chatwoot", exact: true }).click();
    await expectToast(page, "Integration updated", "Chatwoot settings saved.");

    const toggle = chatwoot.getByRole("switch", { name: "Chatwoot", exact: true });
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.focus();
    await page.keyboard.press("Space");
    // Optimistic: on at once, and still on once the server has answered.
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    await expectToast(page, "Integration enabled", "Chatwoot is on.");
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    await chatwoot.getByText("Live on the public site.").waitFor();
    // The public site's widget list shows it at once (its cache was cleared by the change).
    const widgets = await fetch(`${own.url}/api/integrations`);
    expect(await widgets.json()).toEqual([
      { name: "chatwoot", websiteToken: chatToken, baseUrl: chat.url },
    ]);
    expectCleanPage(page);
    await page.close();
  });

  it("refuses a config without a required field, and switching on an incomplete integration", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin/integrations", "Integrations");
    const openai = await openConfig(page, "OpenAI");
    await openai.getByRole("textbox", { name: "Organization ID", exact: true }).fill("org-1");
    await openai.getByRole("button", { name: "Save OpenAI", exact: true }).click();
    await openai.getByText("API key is required.").waitFor();
    await expect
      .poll(() => openai.getByLabel("API key").evaluate((e) => e === document.activeElement))
      .toBe(true);

    const toggle = openai.getByRole("switch", { name: "OpenAI", exact: true });
    await toggle.click();
    await expectToast(
      page,
      "Failed to update integration.",
      "OpenAI cannot be switched on until API key is set.",
    );
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    expectCleanPage(page);
    await page.close();

    // The server refuses the same on its own (a post straight to the action, as without JavaScript).
    const save = await postForm("/admin/integrations", {
      intent: "save-config",
      integration: "openai",
      apiKey: "",
      organizationId: "org-1",
    });
    expect(save.status()).toBe(400);
    expect(await save.text()).toContain("API key is required.");
    const enable = await postForm("/admin/integrations", {
      intent: "toggle",
      integration: "openai",
      enabled: "true",
    });
    expect(enable.status()).toBe(409);
    expect(await enable.text()).toContain("OpenAI cannot be switched on until API key is set.");
    const badUrl = await postForm("/admin/integrations", {
      intent: "save-config",
      integration: "chatwoot",
      websiteToken: "x",
      baseUrl: "javascript:alert(1)",
    });
    expect(badUrl.status()).toBe(400);
    expect(await badUrl.text()).toContain("Base URL must be an http(s) address");
    // The AI service's address is called by the server itself: https to a public address only.
    for (const [baseUrl, refusal] of [
      ["http://ai.example.com/v1", "The address must start with https://"],
      ["https://127.0.0.1/v1", "The address must not point to a private or local network"],
    ]) {
      const unsafe = await postForm("/admin/integrations", {
        intent: "save-config",
        integration: "openai",
        apiKey: "sk-test",
        baseUrl: baseUrl as string,
      });
      expect(unsafe.status()).toBe(400);
      expect(await unsafe.text()).toContain(refusal);
    }
  });

  it("saves a secret write-only: shown masked, never sent back", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin/integrations", "Integrations");
    const stripe = await openConfig(page, "Stripe");
    await stripe.getByLabel("Secret key").fill(stripeSecret);
    await stripe.getByRole("button", { name: "Save Stripe", exact: true }).click();
    await expectToast(page, "Integration updated", "Stripe settings saved.");
    const secret = stripe.getByLabel("Secret key");
    await expect.poll(() => secret.inputValue()).toBe("");
    await stripe.getByText("•••• set").waitFor();
    expect(await page.content()).not.toContain(stripeSecret);
    // Nothing on the site takes payments yet: the card says so and offers no switch.
    expect(await stripe.getByText("Keys only", { exact: true }).isVisible()).toBe(true);
    expect(await stripe.getByText(/The site takes no payments yet/).isVisible()).toBe(true);
    expect(await stripe.getByRole("switch").count()).toBe(0);
    const refused = await postForm("/admin/integrations", {
      intent: "toggle",
      integration: "stripe",
      enabled: "true",
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("Stripe only keeps its keys for later");
    expectCleanPage(page);
    await page.close();
  });
});

describe("the API keys tab", () => {
  it("shows a new key once, lists it, and revokes it after a confirmation", async () => {
    // A key acts for the admin until revoked: without "Confirm it's you" the server refuses.
    const unconfirmed = await postForm("/admin/api-keys", { intent: "create", name: "Sneaky" });
    expect(unconfirmed.status()).toBe(403);
    expect(await unconfirmed.text()).toMatch(/Confirm it(&#x27;|')s you/);

    const page = await newPage(context);
    await openAdminTab(page, "/admin/api-keys", "API keys");
    await page.getByText("No API keys yet").waitFor();
    await page.getByRole("textbox", { name: "Key name", exact: true }).fill("Blog publisher");
    const create = page.getByRole("button", { name: "Create key", exact: true });
    await create.click();
    // The server asks the admin to confirm it's them: the dialog opens with the password focused.
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    const password = confirm.getByLabel("Password");
    await expect.poll(() => password.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await confirm.getByLabel(/Code from your authenticator app/).count()).toBe(0);
    // Escape closes it, creating nothing; focus goes back to the button, which asks again.
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => create.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await page.getByRole("region", { name: /New key/ }).count()).toBe(0);
    await create.click();
    await expect.poll(() => password.evaluate((e) => e === document.activeElement)).toBe(true);
    await password.fill("not the password");
    await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
    await confirm.getByText("The password is not right.").waitFor();
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    await password.fill(admin.password);
    await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    // Then the key is made without asking again.
    const panel = page.getByRole("region", { name: "New key “Blog publisher”" });
    await panel.waitFor();
    await panel.getByText("It will not be shown again").waitFor();
    createdKey = await panel.getByLabel("The new API key").inputValue();
    expect(createdKey).toMatch(/^ais_[A-Za-z0-9_-]{43}$/);
    await expectToast(page, "API key created");

    const row = page.getByRole("row").filter({ hasText: "Blog publisher" });
    await row.getByText(`${createdKey.slice(0, 12)}…`).waitFor();
    await row.getByText("Active").waitFor();
    await row.getByText("Never").waitFor();

    // Reloaded: listed, but the key itself is gone for good.
    await page.reload();
    await page.getByRole("row").filter({ hasText: "Blog publisher" }).waitFor();
    expect(await page.getByRole("region", { name: /New key/ }).count()).toBe(0);
    expect(await page.content()).not.toContain(createdKey);

    // The confirmation can be dismissed with the keyboard; focus goes back to its button.
    const revoke = page.getByRole("button", { name: "Revoke Blog publisher", exact: true });
    await revoke.click();
    const dialog = page.getByRole("alertdialog", { name: "Revoke API key?" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // The dialog hands focus back just after it has gone.
    await expect.poll(() => revoke.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await page.getByRole("row").filter({ hasText: "Active" }).count()).toBe(1);

    await revoke.click();
    await dialog.getByRole("button", { name: "Revoke key", exact: true }).click();
    await expectToast(page, "API key revoked", "Blog publisher can no longer be used.");
    await dialog.waitFor({ state: "detached" });
    await page
      .getByRole("row")
      .filter({ hasText: "Blog publisher" })
      .getByText("Revoked")
      .first()
      .waitFor();
    // The answers asking to confirm (403) and refusing the wrong password (400).
    expectCleanPage(page, [/status of 40[03]/]);
    await page.close();
  });

  it("refuses a key without a name", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin/api-keys", "API keys");
    await page.getByRole("button", { name: "Create key", exact: true }).click();
    await page.getByText("Give the key a name.").waitFor();
    expectCleanPage(page);
    await page.close();
    const answer = await postForm("/admin/api-keys", { intent: "create", name: "  " });
    expect(answer.status()).toBe(400);
    expect(await answer.text()).toContain("Give the key a name.");
  });
});

describe("after a restart", () => {
  beforeAll(async () => {
    await own.restart();
  });

  it("keeps the switch, the fields and the secret (masked), and saving again keeps the secret", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin/integrations", "Integrations");
    const chatwoot = await openConfig(page, "Chatwoot");
    expect(
      await chatwoot
        .getByRole("switch", { name: "Chatwoot", exact: true })
        .getAttribute("aria-checked"),
    ).toBe("true");
    expect(
      await chatwoot.getByRole("textbox", { name: "Website token", exact: true }).inputValue(),
    ).toBe(chatToken);
    expect(
      await chatwoot.getByRole("textbox", { name: "Base URL", exact: true }).inputValue(),
    ).toBe(`${chat.url}/`);

    const stripe = await openConfig(page, "Stripe");
    await stripe.getByText("•••• set").waitFor();
    expect(await stripe.getByLabel("Secret key").inputValue()).toBe("");

    // Saved again without typing the secret: still set, so the required field is satisfied.
    await stripe.getByRole("textbox", { name: "Publishable key", exact: true }).fill("pk_test_123");
    await stripe.getByRole("button", { name: "Save Stripe", exact: true }).click();
    await expectToast(page, "Integration updated", "Stripe settings saved.");
    await expect
      .poll(() =>
        stripe.getByRole("textbox", { name: "Publishable key", exact: true }).inputValue(),
      )
      .toBe("pk_test_123");
    await stripe.getByText("•••• set").waitFor();
    expectCleanPage(page);
    await page.close();

    // The page, its data request and every answer the admin's browser got lack the secret.
    const html = await context.request.get("/admin/integrations");
    expect(await html.text()).not.toContain(stripeSecret);
    const data = await context.request.get("/admin/integrations.data");
    expect(data.status()).toBe(200);
    expect(await data.text()).not.toContain(stripeSecret);
    expect(bodies.length).toBeGreaterThan(10);
    expect(bodies.filter((b) => b.text.includes(stripeSecret)).map((b) => b.url)).toEqual([]);
    expect(bodies.filter((b) => createdKey && b.text.includes(createdKey)).length).toBe(1);
  });

  it("loads the chat widget from the saved server on the public home page", async () => {
    const visitor = await browser.newContext({ baseURL: own.url });
    // Chat is functional: it loads for a visitor who allowed that earlier.
    await giveConsent(visitor, own.url, { functional: true });
    const page = await newPage(visitor);
    await page.goto("/");
    await page.locator("#fake-chat-bubble").waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { __chatRuns: unknown }).__chatRuns),
    ).toEqual([{ websiteToken: chatToken, baseUrl: chat.url }]);
    expect(await page.content()).not.toContain(stripeSecret);
    expectCleanPage(page);
    await visitor.close();
  });

  it("lists the changes in the audit log with the admin's address, newest first, no secrets", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin/audit-log", "Audit log");
    const entries = page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem");
    const texts = (await entries.allTextContents()).map((t) => t.replace(/\s+/g, " "));
    const expected = [
      "updated integration stripe",
      "revoked api key",
      "created api key",
      "updated integration stripe",
      "enabled integration chatwoot",
      "updated integration chatwoot",
    ];
    expect(texts).toHaveLength(expected.length);
    expected.forEach((what, index) => {
      expect(texts[index]).toContain(`${admin.email} ${what}`);
    });
    expect(texts[0]).toContain("Changed fields: publishableKey");
    expect(texts[3]).toContain("Changed fields: secretKey");
    expect(texts[4]).toContain("Integration: Chatwoot");
    expect(await page.locator("time[datetime]").count()).toBe(expected.length);
    const html = await page.content();
    expect(html).not.toContain(stripeSecret);
    expect(html).not.toContain(createdKey);
    expectCleanPage(page);

    // Pages are in the address; past the last one the page says so and links back.
    await page.goto("/admin/audit-log?page=2");
    await page.getByText("There is no page 2.").waitFor();
    await page.getByRole("link", { name: "Go to the newest changes" }).click();
    await page.waitForURL((url) => url.search === "");
    await entries.first().waitFor();
    expect(await entries.count()).toBe(expected.length);
    expectCleanPage(page);
    await page.close();
  });
});

// After the audit log's check, so that its list stays as it is.
describe("consent settings of the integrations", () => {
  it("saves the custom code's consent category and shows it again", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin/integrations", "Integrations");
    let custom = await openConfig(page, "Custom code");
    const category = () => custom.getByRole("combobox", { name: "Consent category", exact: true });
    // Nothing chosen yet: marketing, with what the choice means.
    expect(await category().inputValue()).toBe("marketing");
    await custom
      .getByText("Visitors' scripts run only after they allow this category in the cookie banner.")
      .waitFor();
    await custom.getByRole("textbox", { name: "Script", exact: true }).fill("window.tagged = 1;");
    await category().selectOption("analytics");
    await custom.getByRole("button", { name: "Save Custom code", exact: true }).click();
    await expectToast(page, "Integration updated", "Custom code settings saved.");

    await page.reload();
    custom = await openConfig(page, "Custom code");
    expect(await category().inputValue()).toBe("analytics");
    expectCleanPage(page);
    await page.close();

    // The server checks the choice with the same schema.
    const refused = await postForm("/admin/integrations", {
      intent: "save-config",
      integration: "custom-code",
      script: "window.tagged = 1;",
      category: "necessary",
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(
      "Consent category must be one of Functional, Analytics or Marketing.",
    );
  });

  it("refuses a Google Analytics measurement ID that is not G- and letters and digits", async () => {
    const message =
      "Measurement ID must be G- followed by capital letters and digits, e.g. G-XXXXXXXXXX.";
    const page = await newPage(context);
    await openAdminTab(page, "/admin/integrations", "Integrations");
    const analytics = await openConfig(page, "Google Analytics");
    const id = analytics.getByRole("textbox", { name: "Measurement ID", exact: true });
    await id.fill("UA-12345-6");
    await analytics.getByRole("button", { name: "Save Google Analytics", exact: true }).click();
    await analytics.getByText(message).waitFor();
    await expect.poll(() => id.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await id.getAttribute("aria-invalid")).toBe("true");
    expectCleanPage(page);
    await page.close();

    const refused = await postForm("/admin/integrations", {
      intent: "save-config",
      integration: "google_analytics",
      measurementId: 'G-1"><script>',
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(message);
  });
});

describe("the cookie policy", () => {
  it("lists the enabled integrations that run in browsers, and follows a change at once", async () => {
    const visitor = await browser.newContext({ baseURL: own.url });
    const page = await newPage(visitor);
    await page.goto("/cookie-policy");
    const optional = page.getByRole("region", { name: "Optional features and their cookies" });
    await optional.getByRole("heading", { name: "Live chat (Chatwoot)" }).waitFor();
    expect(await optional.getByRole("heading", { name: "Google Analytics" }).count()).toBe(0);
    await page
      .getByText(
        "You can change your choice at any time with Cookie settings at the bottom of every page.",
      )
      .first()
      .waitFor();
    expect(await page.getByText("we do not show a cookie banner").count()).toBe(0);

    const save = await postForm("/admin/integrations", {
      intent: "save-config",
      integration: "google_analytics",
      measurementId: "G-POLICY42",
    });
    expect(save.status()).toBe(200);
    const enable = await postForm("/admin/integrations", {
      intent: "toggle",
      integration: "google_analytics",
      enabled: "true",
    });
    expect(enable.status()).toBe(200);

    // The page cache was emptied by the change: the same address now lists Google Analytics.
    await page.reload();
    await optional.getByRole("heading", { name: "Google Analytics" }).waitFor();
    await optional
      .getByText(/_ga_POLICY42/)
      .first()
      .waitFor();
    expectCleanPage(page);
    await visitor.close();
  });
});
