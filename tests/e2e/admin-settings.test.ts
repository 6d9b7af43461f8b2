import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminSession,
  expectVisibleText,
  type OwnServer,
  openAdminTab,
  signedInContext,
  startAdminSession,
} from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, newPage, waitForRouterHydration } from "../support/browser";
import { PNG } from "../support/media-fixtures";

/**
 * The Settings tab and its three dialogs (branding, footer, contact info): every editor saves, the
 * values survive a restart, and the public pages show them. One own server, restarted once after
 * all the saves.
 */

const saved = {
  siteName: "Acme Robotics",
  restaurantDemo: "https://restaurant.acme-robotics.test/try",
  tagline: "Robots that answer the phone",
  primary: "#0f766e",
  accent: "#b45309",
  logo: "/favicon.svg",
  copyright: "Acme Robotics Inc. Built with care.",
  footerDescription: "Friendly robots for small businesses, from Ruskin with love.",
  link: { label: "Status page", url: "https://status.acme-robotics.test/" },
  saturday: "10:00 AM – 2:00 PM",
  phone: "(555) 010-0199",
  linkedin: "https://www.linkedin.com/company/acme-robotics",
  website: "https://acme-robotics.test/",
};

let session: AdminSession;
let browser: Browser;
let server: OwnServer;
let context: BrowserContext;

beforeAll(async () => {
  session = await startAdminSession();
  ({ browser, own: server, context } = session);
}, 120_000);

afterAll(async () => {
  await session?.close();
});

async function openSettings(): Promise<Page> {
  const page = await newPage(context);
  await openAdminTab(page, "/admin/settings", "Settings");
  // The dialogs open with JavaScript: wait until the page has hydrated.
  await waitForRouterHydration(page);
  return page;
}

/** Opens a quick action's dialog and waits until its stored values are in. */
async function openDialog(page: Page, trigger: RegExp, title: string): Promise<Locator> {
  await page.getByRole("button", { name: trigger }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.getByRole("button", { name: /^Save / }).waitFor();
  return dialog;
}

describe("saving each editor", () => {
  it("saves the Settings tab before its script has loaded, and shows a refusal there too", async () => {
    const noScript = await browser.newContext({
      baseURL: server.url,
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const page = await newPage(noScript);
    await page.goto("/admin/settings");
    const email = page.getByRole("textbox", { name: "Contact email", exact: true });
    await email.fill("still not an email");
    await page.getByRole("button", { name: "Save Settings", exact: true }).click();
    await page.waitForLoadState();
    expect(await page.getByRole("alert").textContent()).toContain("Enter a valid email address");
    expect(await email.getAttribute("aria-invalid")).toBe("true");

    await page.goto("/admin/settings");
    await page
      .getByRole("textbox", { name: "Tagline", exact: true })
      .fill("Written without script");
    await page.getByRole("button", { name: "Save Settings", exact: true }).click();
    await page.waitForLoadState();
    expect(await page.getByRole("status").first().textContent()).toContain("Settings Saved");
    expect(await page.getByRole("textbox", { name: "Tagline", exact: true }).inputValue()).toBe(
      "Written without script",
    );
    await noScript.close();
  });

  it("saves the Settings tab: the site name and a demo site's address", async () => {
    const page = await openSettings();
    await page.getByRole("textbox", { name: "Site name", exact: true }).fill(saved.siteName);
    await page
      .getByRole("textbox", { name: "Restaurant demo site", exact: true })
      .fill(saved.restaurantDemo);
    await page.getByRole("button", { name: "Save Settings", exact: true }).click();
    await expectVisibleText(page, "Settings Saved");
    await page.waitForTimeout(500);
    expect(await page.getByText("Settings Saved", { exact: true }).count()).toBe(1);
    expectCleanPage(page);
    await page.close();
  });

  it("saves branding: tagline, logo and both brand colours; the shared site name is already there", async () => {
    const page = await openSettings();
    const dialog = await openDialog(page, /Logo & Branding/, "Logo and Branding");
    expect(await dialog.getByRole("textbox", { name: "Site name", exact: true }).inputValue()).toBe(
      saved.siteName,
    );
    await dialog.getByRole("textbox", { name: "Tagline", exact: true }).fill(saved.tagline);
    await dialog.getByRole("textbox", { name: "Logo URL", exact: true }).fill(saved.logo);
    await dialog.getByRole("textbox", { name: "Primary colour", exact: true }).fill(saved.primary);
    await dialog.getByRole("textbox", { name: "Accent colour", exact: true }).fill(saved.accent);
    expect(await dialog.getByLabel("Primary colour picker").inputValue()).toBe(saved.primary);
    await dialog.getByRole("button", { name: "Save Branding", exact: true }).click();
    await expectVisibleText(page, "Logo and branding have been updated successfully.");
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    expectCleanPage(page);
    await page.close();
  });

  it("refuses a footer save over another admin's newer one, keeping what was typed", async () => {
    const other = await browser.newContext({
      baseURL: server.url,
      storageState: await context.storageState(),
    });
    const first = await openSettings();
    const second = await newPage(other);
    await openAdminTab(second, "/admin/settings", "Settings");
    await waitForRouterHydration(second);
    const firstDialog = await openDialog(first, /Footer Content/, "Footer Content");
    const secondDialog = await openDialog(second, /Footer Content/, "Footer Content");
    await firstDialog
      .getByRole("textbox", { name: "Copyright", exact: true })
      .fill("Saved first by the other admin.");
    await firstDialog.getByRole("button", { name: "Save Footer", exact: true }).click();
    await expectVisibleText(first, "Footer Updated");

    const copyright = secondDialog.getByRole("textbox", { name: "Copyright", exact: true });
    await copyright.fill("Typed second, based on the old footer.");
    await secondDialog.getByRole("button", { name: "Save Footer", exact: true }).click();
    await expectVisibleText(second, "Someone else saved the footer after you opened it");
    expect(
      await second
        .getByText(/your changes are still in the form/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await secondDialog.isVisible()).toBe(true);
    expect(await copyright.inputValue()).toBe("Typed second, based on the old footer.");
    const stored = await (await context.request.get("/admin/settings/values")).json();
    expect(stored.footer.copyright).toBe("Saved first by the other admin.");
    expectCleanPage(first);
    expectCleanPage(second, [/status of 409 \(Conflict\)/]);
    await other.close();
    await first.close();
  });

  it("saves the footer: copyright, description, a new Support link and a removed legal link", async () => {
    const page = await openSettings();
    const dialog = await openDialog(page, /Footer Content/, "Footer Content");
    await dialog.getByRole("textbox", { name: "Copyright", exact: true }).fill(saved.copyright);
    await dialog
      .getByRole("textbox", { name: "Description", exact: true })
      .fill(saved.footerDescription);
    const add = dialog.getByRole("button", { name: "Add Link", exact: true });
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByRole("textbox", { name: "Label", exact: true }).fill(saved.link.label);
    await dialog.getByRole("textbox", { name: "URL", exact: true }).fill(saved.link.url);
    await dialog.getByRole("combobox", { name: "Section", exact: true }).selectOption("support");
    await add.click();
    const support = dialog.getByRole("region", { name: "Support links" });
    expect(
      await support.getByRole("textbox", { name: "Label of Support link 1" }).inputValue(),
    ).toBe(saved.link.label);
    await dialog.getByRole("button", { name: "Remove Cookie Policy", exact: true }).click();
    await dialog.getByRole("button", { name: "Save Footer", exact: true }).click();
    await expectVisibleText(page, "Footer Updated");
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    expectCleanPage(page);
    await page.close();
  });

  it("saves contact info: a day's hours, the phone and a social page", async () => {
    const page = await openSettings();
    const dialog = await openDialog(page, /Contact Info/, "Contact Information");
    expect(await dialog.getByRole("textbox", { name: "Monday", exact: true }).inputValue()).toBe(
      "9:00 AM – 6:00 PM",
    );
    expect(await dialog.getByRole("textbox", { name: "Sunday", exact: true }).inputValue()).toBe(
      "Closed",
    );
    await dialog.getByRole("textbox", { name: "Saturday", exact: true }).fill(saved.saturday);
    await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill(saved.phone);
    await dialog.getByRole("textbox", { name: "LinkedIn", exact: true }).fill(saved.linkedin);
    await dialog.getByRole("textbox", { name: "Website", exact: true }).fill(saved.website);
    await dialog.getByRole("button", { name: "Save Contact Info", exact: true }).click();
    await expectVisibleText(page, "Contact Information Updated");
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    // One value per key: the Settings tab's phone field shows the new phone at once.
    const phone = page.getByRole("textbox", { name: "Phone", exact: true });
    await expect.poll(() => phone.inputValue(), { timeout: 10_000 }).toBe(saved.phone);
    expectCleanPage(page);
    await page.close();
  });
});

describe("on a phone and for assistive technology", () => {
  it("fits 375 px without sideways scrolling and passes axe, the tab and each dialog", async () => {
    const phone = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 375, height: 800 },
      storageState: await context.storageState(),
    });
    const page = await newPage(phone);
    await openAdminTab(page, "/admin/settings", "Settings");
    await waitForRouterHydration(page);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    for (const [trigger, title] of [
      [/Logo & Branding/, "Logo and Branding"],
      [/Footer Content/, "Footer Content"],
      [/Contact Info/, "Contact Information"],
    ] as const) {
      const dialog = await openDialog(page, trigger, title);
      expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.isVisible()).toBe(false);
      // Focus goes back to the button that opened the dialog.
      expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toMatch(trigger);
    }
    expectCleanPage(page);
    await phone.close();
  });
});

describe("when the stored values cannot be loaded", () => {
  it("says so in a toast and in the dialog, and loads them on Try again", async () => {
    const page = await openSettings();
    let failing = true;
    await page.route("**/admin/settings/values", (route) =>
      failing ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
    );
    await page.getByRole("button", { name: /Contact Info/ }).click();
    // The dialog says it at once; the toast (its library loads lazily) follows.
    await expectVisibleText(page, "Could not load contact information.");
    await expectVisibleText(page, "Error Loading Data");
    const dialog = page.getByRole("dialog", { name: "Contact Information" });
    failing = false;
    await dialog.getByRole("button", { name: "Try again", exact: true }).click();
    await dialog.getByRole("button", { name: "Save Contact Info", exact: true }).waitFor();
    expect(await dialog.getByRole("textbox", { name: "Saturday", exact: true }).inputValue()).toBe(
      saved.saturday,
    );
    expectCleanPage(page, [/status of 500/]);
    await page.close();
  });
});

describe("refusing bad input", () => {
  /** A POST to the tab's action as its script sends it (the single-fetch data URL). */
  function post(body: { form?: Record<string, string>; json?: Record<string, unknown> }) {
    return context.request.post("/admin/settings.data", {
      headers: { Origin: server.url },
      ...(body.form ? { form: body.form } : { data: body.json }),
      maxRedirects: 0,
    });
  }

  it("shows the field's message in the browser before anything is sent", async () => {
    const page = await openSettings();
    const email = page.getByRole("textbox", { name: "Contact email", exact: true });
    await email.fill("not an email");
    await page.getByRole("button", { name: "Save Settings", exact: true }).click();
    await expect
      .poll(() =>
        page.getByText("Enter a valid email address, such as name@example.com").isVisible(),
      )
      .toBe(true);
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expectCleanPage(page);
    await page.close();
  });

  it("refuses an invalid email, a non-web address and a bad colour on the server, saving nothing", async () => {
    const settings = await post({
      form: {
        intent: "settings",
        siteName: "Should Not Be Saved",
        tagline: "x",
        contactEmail: "nope",
        contactPhone: "1",
        contactAddress: "x",
        booking_url: "ftp://files.example/book",
      },
    });
    expect(settings.status()).toBe(400);
    const settingsBody = await settings.text();
    expect(settingsBody).toContain("Enter a valid email address, such as name@example.com");
    expect(settingsBody).toContain("Enter a web address starting with http:// or https://");

    const branding = await post({
      json: {
        intent: "branding",
        siteName: "Should Not Be Saved",
        tagline: "x",
        description: "x",
        logoUrl: "",
        primaryColor: "blue",
        accentColor: "#8b5cf6",
      },
    });
    expect(branding.status()).toBe(400);
    expect(await branding.text()).toContain("Enter a colour as a hex code, such as #6366f1");

    const contact = await post({
      json: {
        intent: "contact-info",
        email: "a@b.co",
        socialMedia: { linkedin: "javascript:alert(1)" },
      },
    });
    expect(contact.status()).toBe(400);
    expect(await contact.text()).toContain("Enter a web address starting with http:// or https://");

    const values = await context.request.get("/admin/settings/values");
    const view = await values.json();
    expect(view.settings.siteName).toBe(saved.siteName);
    expect(view.branding.primaryColor).toBe(saved.primary);
  });
});

describe("after a restart", () => {
  beforeAll(async () => {
    await server.restart();
  }, 120_000);

  it("keeps every value in the Settings tab and the dialogs", async () => {
    const page = await openSettings();
    expect(await page.getByRole("textbox", { name: "Site name", exact: true }).inputValue()).toBe(
      saved.siteName,
    );
    expect(
      await page.getByRole("textbox", { name: "Restaurant demo site", exact: true }).inputValue(),
    ).toBe(saved.restaurantDemo);
    // The contact dialog and the Settings tab share the phone.
    expect(await page.getByRole("textbox", { name: "Phone", exact: true }).inputValue()).toBe(
      saved.phone,
    );

    let dialog = await openDialog(page, /Logo & Branding/, "Logo and Branding");
    expect(await dialog.getByRole("textbox", { name: "Tagline", exact: true }).inputValue()).toBe(
      saved.tagline,
    );
    expect(
      await dialog.getByRole("textbox", { name: "Primary colour", exact: true }).inputValue(),
    ).toBe(saved.primary);
    expect(
      await dialog.getByRole("textbox", { name: "Accent colour", exact: true }).inputValue(),
    ).toBe(saved.accent);
    expect(await dialog.getByRole("textbox", { name: "Logo URL", exact: true }).inputValue()).toBe(
      saved.logo,
    );
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();

    dialog = await openDialog(page, /Footer Content/, "Footer Content");
    expect(await dialog.getByRole("textbox", { name: "Copyright", exact: true }).inputValue()).toBe(
      saved.copyright,
    );
    const support = dialog.getByRole("region", { name: "Support links" });
    expect(await support.getByRole("textbox", { name: "URL of Support link 1" }).inputValue()).toBe(
      saved.link.url,
    );
    expect(await dialog.getByRole("button", { name: "Remove Cookie Policy" }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();

    dialog = await openDialog(page, /Contact Info/, "Contact Information");
    expect(await dialog.getByRole("textbox", { name: "Saturday", exact: true }).inputValue()).toBe(
      saved.saturday,
    );
    expect(await dialog.getByRole("textbox", { name: "LinkedIn", exact: true }).inputValue()).toBe(
      saved.linkedin,
    );
    await page.keyboard.press("Escape");
    expectCleanPage(page);
    await page.close();
  });

  it("shows the site name, logo and brand colours in the public header", async () => {
    const page = await newPage(await browser.newContext({ baseURL: server.url }));
    await page.goto("/");
    const home = page.getByRole("navigation", { name: "Main" }).getByRole("link").first();
    expect((await home.textContent())?.trim()).toBe(saved.siteName);
    expect(await page.getByTestId("site-logo").first().getAttribute("src")).toBe(saved.logo);
    const [button, expected, fallback] = await page.evaluate(() => {
      const cta = Array.from(document.querySelectorAll("header a")).find(
        (el) => el.textContent?.trim() === "Get Started",
      ) as HTMLElement;
      const probe = document.createElement("div");
      document.body.append(probe);
      probe.style.backgroundColor = "color-mix(in oklab, #0f766e 78%, black)";
      const want = getComputedStyle(probe).backgroundColor;
      probe.style.backgroundColor = "color-mix(in oklab, #6366f1 78%, black)";
      const old = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return [getComputedStyle(cta).backgroundColor, want, old];
    });
    expect(button).toBe(expected);
    expect(button).not.toBe(fallback);
    expectCleanPage(page);
    await page.context().close();
  });

  it("shows the footer's texts and links, and the contact page's hours, phone and social page", async () => {
    const page = await newPage(await browser.newContext({ baseURL: server.url }));
    await page.goto("/contact");
    const footer = page.locator("footer");
    expect(await footer.textContent()).toContain(`${new Date().getFullYear()} ${saved.copyright}`);
    expect(await footer.textContent()).toContain(saved.footerDescription);
    expect(await footer.textContent()).toContain(saved.tagline);
    expect(await footer.textContent()).toContain(saved.phone);
    const status = footer
      .getByRole("navigation", { name: "Support links" })
      .getByRole("link", { name: /Status page/ });
    expect(await status.getAttribute("href")).toBe(saved.link.url);
    const legal = footer.getByRole("navigation", { name: "Legal" });
    expect(await legal.getByRole("link", { name: "Privacy Policy" }).count()).toBe(1);
    expect(await legal.getByRole("link", { name: "Cookie Policy" }).count()).toBe(0);

    const hours = page.getByRole("region", { name: "Business hours" });
    const rows = await hours.locator("dl > div").allTextContents();
    expect(rows).toEqual([
      "Monday – Friday9:00 AM – 6:00 PM",
      `Saturday${saved.saturday}`,
      "SundayClosed",
    ]);
    const details = page.getByRole("region", { name: "Contact details" });
    expect(await details.textContent()).toContain(saved.phone);
    expect(
      await details.getByRole("link", { name: /acme-robotics\.test/ }).getAttribute("href"),
    ).toBe(saved.website);
    const linkedin = page.getByRole("region", { name: "Follow us" }).getByRole("link", {
      name: /LinkedIn/,
    });
    expect(await linkedin.getAttribute("href")).toBe(saved.linkedin);
    expectCleanPage(page);

    await page.goto("/demos");
    const demo = page.getByRole("link", { name: /Open Restaurant Demo/ });
    expect(await demo.getAttribute("href")).toBe(saved.restaurantDemo);
    expectCleanPage(page);
    await page.context().close();
  });

  it("uploads a new logo into the media library, and the public header shows it", async () => {
    const page = await openSettings();
    const dialog = await openDialog(page, /Logo & Branding/, "Logo and Branding");
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await (await chooser).setFiles({ name: "new-logo.png", mimeType: "image/png", buffer: PNG });
    await expectVisibleText(page, "New logo has been uploaded successfully.");
    const logoUrl = await dialog
      .getByRole("textbox", { name: "Logo URL", exact: true })
      .inputValue();
    expect(logoUrl).toMatch(/^\/media\/\d{13}-[0-9a-f]{16}\.png$/);
    await dialog.getByRole("button", { name: "Save Branding", exact: true }).click();
    await expectVisibleText(page, "Logo and branding have been updated successfully.");
    expectCleanPage(page);
    await page.close();

    const visitor = await newPage(await browser.newContext({ baseURL: server.url }));
    await visitor.goto("/");
    expect(await visitor.getByTestId("site-logo").first().getAttribute("src")).toBe(logoUrl);
    const served = await fetch(`${server.url}${logoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    // Re-encoded without metadata on upload; a PNG keeps every pixel.
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).raw().toBuffer()).toEqual(await sharp(PNG).raw().toBuffer());
    expectCleanPage(visitor);
    await visitor.context().close();
  });
});

describe("backups", () => {
  it("backs up now, lists the archive and downloads it, in the audit log", async () => {
    const page = await openSettings();
    const panel = page.getByRole("region", { name: "Backups" });
    // The server scheduled its first daily backup when it started.
    await expect
      .poll(async () => {
        await page.reload();
        return panel.getByText(/03:00 \(UTC\)/).isVisible();
      })
      .toBe(true);
    await waitForRouterHydration(page);
    // An archive holds every secret: without "Confirm it's you" the server refuses both.
    const unconfirmed = await context.request.post("/admin/settings/backups", {
      form: { intent: "backup-now" },
      headers: { origin: server.url, accept: "application/json" },
    });
    expect(unconfirmed.status()).toBe(403);
    expect(await unconfirmed.json()).toMatchObject({ ok: false, confirm: true });
    const unconfirmedDownload = await context.request.get(
      "/admin/settings/backups/site-backup-2026-01-01T030000Z.tar.gz",
    );
    expect(unconfirmedDownload.status()).toBe(403);
    expect(await unconfirmedDownload.text()).toMatch(/^Confirm it's you first/);

    const backUpNow = panel.getByRole("button", { name: "Back up now" });
    await backUpNow.click();
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    const password = confirm.getByLabel("Password");
    await expect.poll(() => password.evaluate((e) => e === document.activeElement)).toBe(true);
    // Nothing typed: refused in the browser, focus stays on the field.
    await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
    await confirm.getByText("Password is required").waitFor();
    await password.fill(session.admin.password);
    await page.keyboard.press("Enter");
    await confirm.waitFor({ state: "detached" });
    await expectVisibleText(page, "Backup Started");
    // A tiny site backs up in well under a second; the row's result is what stays.
    await expect
      .poll(() => panel.getByRole("row").nth(1).textContent(), { timeout: 30_000 })
      .toMatch(/Succeeded/);
    expect(await panel.getByRole("progressbar").count()).toBe(0);
    expect(await panel.getByText(/^\d+(\.\d+)? (KB|MB)$/).count()).toBeGreaterThan(0);
    expect(await panel.getByRole("row").nth(1).textContent()).toContain(session.admin.email);

    const link = panel.getByRole("link", { name: /Download/ }).first();
    const href = (await link.getAttribute("href")) as string;
    // Its name says when it was made, and has a random part nobody can guess.
    expect(href).toMatch(
      /^\/admin\/settings\/backups\/site-backup-[\dT.-]+Z-[0-9a-f]{32}\.tar\.gz$/,
    );
    // Confirmed a moment ago: the link downloads without asking again.
    const [saved] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(saved.suggestedFilename()).toBe(href.split("/").pop());
    expect(await page.getByRole("dialog").count()).toBe(0);
    const download = await context.request.get(href);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toMatch(
      /^attachment; filename="site-backup-/,
    );
    expect(download.headers()["cache-control"]).toBe("no-store");
    const body = await download.body();
    expect([body[0], body[1]]).toEqual([0x1f, 0x8b]);

    const audit = await newPage(context);
    await openAdminTab(audit, "/admin/audit-log", "Audit log");
    const entries = audit
      .getByRole("list", { name: "Changes, newest first" })
      .getByRole("listitem");
    expect(await entries.nth(0).textContent()).toContain(
      `${session.admin.email} downloaded backup`,
    );
    expect(await entries.nth(0).textContent()).toContain(href.split("/").pop());
    expect(await entries.nth(1).textContent()).toContain(
      `${session.admin.email} downloaded backup`,
    );
    expect(await entries.nth(2).textContent()).toContain(`${session.admin.email} started backup`);
    expectCleanPage(page, [/status of 403/]);
    await audit.close();
    await page.close();

    // Another browser of the same admin has not confirmed: Download asks first, then downloads.
    const other = await signedInContext(browser, server.url, session.admin);
    const otherPage = await newPage(other);
    await openAdminTab(otherPage, "/admin/settings", "Settings");
    await waitForRouterHydration(otherPage);
    const otherLink = otherPage
      .getByRole("region", { name: "Backups" })
      .getByRole("link", { name: /Download/ })
      .first();
    await otherLink.click();
    const ask = otherPage.getByRole("dialog", { name: "Confirm it's you" });
    await ask.getByLabel("Password").fill("not the password");
    await ask.getByRole("button", { name: "Confirm", exact: true }).click();
    await ask.getByText("The password is not right.").waitFor();
    await ask.getByLabel("Password").fill(session.admin.password);
    const [again] = await Promise.all([
      otherPage.waitForEvent("download"),
      ask.getByRole("button", { name: "Confirm", exact: true }).click(),
    ]);
    expect(again.suggestedFilename()).toBe(href.split("/").pop());
    await ask.waitFor({ state: "detached" });
    // Focus is back on the link the admin chose.
    await expect.poll(() => otherLink.evaluate((e) => e === document.activeElement)).toBe(true);
    // The refused password's answer (400) is the only console message.
    expectCleanPage(otherPage, [/status of 400/]);
    await other.close();
  });

  it("saves the backup settings, and refuses a number out of range in the browser and on the server", async () => {
    const page = await openSettings();
    const panel = page.getByRole("region", { name: "Backups" });
    // No bucket of its own for backups (the media bucket never is one): no copy leaves the
    // server, the box cannot be ticked, and the panel says why.
    expect(
      await panel
        .getByRole("checkbox", { name: "Also copy each backup to the backup bucket" })
        .isDisabled(),
    ).toBe(true);
    await panel
      .getByText(/^The server has no backup bucket configured \(BACKUP_S3_BUCKET/)
      .waitFor();
    const kept = panel.getByRole("spinbutton", { name: "Backups kept" });
    await kept.fill("0");
    await panel.getByRole("button", { name: "Save Backup Settings" }).click();
    await expectVisibleText(page, "Enter a whole number from 1 to 90");
    expect(await kept.getAttribute("aria-invalid")).toBe("true");

    const refused = await context.request.post("/admin/settings.data", {
      headers: { Origin: server.url },
      form: { intent: "backups", daily: "on", kept: "1000", offsite: "on", s3Prefix: "../x" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);

    await kept.fill("3");
    await panel.getByRole("checkbox", { name: "Back up every day" }).uncheck();
    await panel.getByRole("button", { name: "Save Backup Settings" }).click();
    await expectVisibleText(page, "Backup Settings Saved");
    await expectVisibleText(page, "Daily backups are off");
    await page.reload();
    expect(await panel.getByRole("spinbutton", { name: "Backups kept" }).inputValue()).toBe("3");
    expect(await panel.getByRole("checkbox", { name: "Back up every day" }).isChecked()).toBe(
      false,
    );
    await expectNoAxeViolations(page);
    expectCleanPage(page);
    await page.close();
  });
});
