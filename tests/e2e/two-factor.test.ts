import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  type AdminSession,
  createAdmin,
  expectVisibleText,
  startAdminSession,
} from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import {
  expectCleanPage,
  newClientContext,
  newPage,
  waitForRouterHydration,
} from "../support/browser";
import { freshCode, totpCode, wrongCode } from "../support/totp";

/**
 * Two-factor sign-in and the account security page, on one server: turning it on with a code
 * computed from the secret the page shows, signing in with a fresh code or a backup code (once),
 * the list of sessions, changing the password, and the setting that requires it of admins.
 */

let session: AdminSession;
let admin: Account;
let secret = "";
let backupCodes: string[] = [];
/** The code that turned two-factor sign-in on, and when: it is refused again for 90 s. */
let enablingCode = "";
let enabledAt = 0;
const usedCodes = new Set<string>();
const openContexts: BrowserContext[] = [];

beforeAll(async () => {
  session = await startAdminSession();
  admin = { ...session.admin };
});

afterAll(async () => {
  for (const context of openContexts) await context.close().catch(() => undefined);
  await session?.close();
});

async function visitorPage(): Promise<Page> {
  const context = await newClientContext(session.browser, { baseURL: session.own.url });
  openContexts.push(context);
  return newPage(context);
}

/** Email and password on /auth; answers the page where that led. */
async function signInWithPassword(page: Page, redirectTo = "/admin") {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(admin.email);
  await form.getByLabel("Password").fill(admin.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname !== "/auth");
}

describe("the tests' own TOTP (RFC 6238)", () => {
  it("gives the RFC's SHA-1 test vectors", () => {
    const rfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"; // "12345678901234567890"
    expect(totpCode(rfcSecret, 59_000)).toBe("287082");
    expect(totpCode(rfcSecret, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(rfcSecret, 2_000_000_000_000)).toBe("279037");
  });
});

describe("two-factor sign-in", () => {
  it("turns on with a code from the shown secret and shows ten backup codes once", async () => {
    const page = await newPage(session.context);
    await page.goto("/account/security");
    await expectVisibleText(page, "Turn on two-factor sign-in");
    await page.getByLabel("Your password").fill(admin.password);
    await page.getByRole("button", { name: "Continue" }).click();

    await expect
      .poll(() => page.getByRole("img", { name: "QR code for your authenticator app" }).isVisible())
      .toBe(true);
    expect(await page.locator("svg path").count()).toBeGreaterThan(0);
    secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    await expectNoAxeViolations(page);

    const confirm = page.getByLabel("Enter the 6-digit code from your authenticator app");
    await confirm.fill(wrongCode(secret));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expectVisibleText(
      page,
      "That code is not right. Check your authenticator app and try again.",
    );
    // The secret is still shown for a second try.
    expect((await page.getByTestId("totp-secret").textContent())?.trim()).toBe(secret);

    enablingCode = await freshCode(secret, usedCodes);
    await confirm.fill(enablingCode);
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const codes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
    await expect.poll(() => codes.count()).toBe(10);
    enabledAt = Date.now();
    backupCodes = await codes.allInnerTexts();
    expect(backupCodes.every((code) => /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(code))).toBe(true);
    await expectVisibleText(page, "Your backup codes");
    expect(await page.getByRole("link", { name: "Download as text" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // The session was renewed on the way: still signed in, the codes are not shown again.
    await page.reload();
    await expectVisibleText(page, "Two-factor sign-in is on.");
    expect(await page.getByRole("list", { name: "Backup codes" }).count()).toBe(0);
    expectCleanPage(page, [/status of 400/]);
    await page.close();
  });

  it("asks for the code after the password: a wrong code is refused, a fresh one signs in", async () => {
    const page = await visitorPage();
    // Without the password step first, the page only says so.
    await page.goto("/auth/two-factor");
    await expectVisibleText(page, "Your sign-in has expired.");
    await signInWithPassword(page);
    expect(new URL(page.url()).pathname).toBe("/auth/two-factor");
    await expectVisibleText(page, "Enter the 6-digit code from your authenticator app");
    await expectNoAxeViolations(page);
    // Not signed in yet: the dashboard sends the browser to sign in.
    const stillOut = await page.context().request.get("/admin", { maxRedirects: 0 });
    expect(stillOut.headers().location ?? "").toMatch(/^\/auth/);

    await page.getByLabel("Code").fill(wrongCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expectVisibleText(
      page,
      "That code is not right. Check your authenticator app and try again.",
    );
    // The code that turned it on a moment ago is not taken again (it stays used for 90 s).
    expect(Date.now() - enabledAt).toBeLessThan(85_000);
    await page.getByLabel("Code").fill(enablingCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await expectVisibleText(
      page,
      "That code was just used. Wait for the next one in your authenticator app.",
    );
    await page.getByLabel("Code").fill(await freshCode(secret, usedCodes));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await expectVisibleText(page, "Admin dashboard");
    expectCleanPage(page, [/status of 4\d\d/]);
    await page.close();
    // This browser's session stays open for the sessions test below.
  });

  it("signs in with a backup code once; the same code again is refused", async () => {
    const page = await visitorPage();
    const code = backupCodes[0] as string;
    await signInWithPassword(page);
    await page.getByRole("link", { name: "Use a backup code instead" }).click();
    await page.getByLabel("Backup code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");

    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await page.waitForURL((url) => url.pathname === "/");
    await signInWithPassword(page);
    await page.getByRole("link", { name: "Use a backup code instead" }).click();
    await page.getByLabel("Backup code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expectVisibleText(page, "That backup code is not right, or it has been used already.");
    expect(new URL(page.url()).pathname).toBe("/auth/two-factor");
    expectCleanPage(page, [/status of 4\d\d/]);
    await page.context().close();
  });
});

describe("the account security page", () => {
  it("lists the other session and signs it out", async () => {
    const other = openContexts[0] as BrowserContext;
    expect((await other.request.get("/account/security", { maxRedirects: 0 })).status()).toBe(200);

    const page = await newPage(session.context);
    await page.goto("/account/security");
    const sessions = page.getByRole("list", { name: "Sessions" }).getByRole("listitem");
    await expect.poll(() => sessions.count()).toBe(2);
    expect(await sessions.first().textContent()).toContain("This browser");
    expect(await sessions.first().textContent()).toContain("Chrome on Linux");
    await page
      .getByRole("button", { name: /^Sign out Chrome on Linux/ })
      .first()
      .click();
    await expectVisibleText(page, "That session is signed out.");
    await expect.poll(() => sessions.count()).toBe(1);

    const after = await other.request.get("/account/security", { maxRedirects: 0 });
    expect(after.status()).toBe(302);
    expect(after.headers().location).toMatch(/^\/auth\?redirectTo=/);
    expectCleanPage(page);
    await page.close();
  });

  it("changes the password, refusing a wrong current one", async () => {
    const page = await newPage(session.context);
    await page.goto("/account/security");
    const newPassword = "a new password 2";
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat the new password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expectVisibleText(page, "Your current password is not right.");

    await page.getByLabel("Current password").fill(admin.password);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat the new password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expectVisibleText(page, "Your password is changed. Every other session is signed out.");
    admin.password = newPassword;
    // Still signed in here.
    await page.reload();
    await expectVisibleText(page, "Two-factor sign-in is on.");
    expectCleanPage(page, [/status of 400/]);
    await page.close();
  });
});

describe("confirming it's you with two-factor sign-in on", () => {
  it("asks for the password and a code before a new API key, and refuses the password alone", async () => {
    const page = await newPage(session.context);
    await page.goto("/admin/api-keys");
    await waitForRouterHydration(page);
    await page.getByRole("textbox", { name: "Key name", exact: true }).fill("Two-factor key");
    await page.getByRole("button", { name: "Create key", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    const code = confirm.getByLabel("Code from your authenticator app or a backup code");
    await confirm.getByLabel("Password").fill(admin.password);
    await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
    await confirm
      .getByText("Enter the code from your authenticator app or a backup code.")
      .waitFor();
    await expect.poll(() => code.evaluate((e) => e === document.activeElement)).toBe(true);
    await code.fill(wrongCode(secret));
    await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
    await confirm.getByText(/The code is not right/).waitFor();
    await code.fill(await freshCode(secret, usedCodes));
    await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    await page.getByRole("region", { name: "New key “Two-factor key”" }).waitFor();
    expectCleanPage(page, [/status of 40[03]/]);
    await page.close();
  });
});

describe("what a stolen session cannot do with two-factor sign-in on", () => {
  it("refuses trustDevice, so the next sign-in still asks for a code", async () => {
    const page = await visitorPage();
    await signInWithPassword(page);
    expect(new URL(page.url()).pathname).toBe("/auth/two-factor");
    // The plugin's endpoint called as a client of its own would: "trust this browser" is no
    // choice the site offers (the README promises a code at every sign-in).
    const code = await freshCode(secret, usedCodes);
    const trusted = await page.context().request.post("/api/auth/two-factor/verify-totp", {
      headers: { origin: session.own.url },
      data: { code, trustDevice: true },
    });
    expect(trusted.status()).toBe(400);
    expect(await trusted.json()).toMatchObject({ code: "TRUST_DEVICE_NOT_OFFERED" });
    const cookieNames = async () => (await page.context().cookies()).map((c) => c.name);
    expect((await cookieNames()).some((name) => name.includes("trust_device"))).toBe(false);

    // The code was not taken: it signs in through the page.
    await page.getByLabel("Code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    expect((await cookieNames()).some((name) => name.includes("trust_device"))).toBe(false);

    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await page.waitForURL((url) => url.pathname === "/");
    await signInWithPassword(page);
    expect(new URL(page.url()).pathname).toBe("/auth/two-factor");
    expectCleanPage(page, [/status of 400/]);
    await page.context().close();
  });

  it("turning two-factor off asks for a code too; better-auth's endpoint alone is refused", async () => {
    const page = await visitorPage();
    await signInWithPassword(page);
    await page.getByLabel("Code").fill(await freshCode(secret, usedCodes));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");

    // A fresh session that knows the password but has not confirmed it's the owner.
    const direct = await page.context().request.post("/api/auth/two-factor/disable", {
      headers: { origin: session.own.url },
      data: { password: admin.password },
    });
    expect(direct.status()).toBe(403);
    expect(await direct.json()).toMatchObject({ code: "CONFIRMATION_REQUIRED" });

    await page.goto("/account/security");
    await page.locator("#disable-two-factor-password").fill(admin.password);
    await page.getByRole("button", { name: "Turn off" }).click();
    await expectVisibleText(page, "Enter the code from your authenticator app or a backup code.");
    await page.reload();
    await expectVisibleText(page, "Two-factor sign-in is on.");
    expectCleanPage(page, [/status of 40[03]/]);
    await page.context().close();
  });
});

describe("requiring two-factor sign-in for admins", () => {
  it("sends an admin without it to set it up, and refuses the admin APIs", async () => {
    const page = await newPage(session.context);
    await page.goto("/admin/settings");
    await page.getByLabel("Require two-factor sign-in for admins").check();
    await page.getByRole("button", { name: "Save Sign-in Security" }).click();
    await expectVisibleText(page, "Sign-in Security Saved");
    await page.close();

    // Signing in leads straight to the setup, whatever page was asked for.
    const second = await createAdmin(session.own.dataDir);
    const context = await newClientContext(session.browser, { baseURL: session.own.url });
    openContexts.push(context);
    const other = await newPage(context);
    await other.goto("/auth?redirectTo=%2Fadmin%2Fblog");
    const form = other.getByRole("tabpanel", { name: "Sign In" });
    await form.getByLabel("Email").fill(second.email);
    await form.getByLabel("Password").fill(second.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    await other.waitForURL((url) => url.pathname === "/account/security");
    expect(new URL(other.url()).search).toBe("?setup=2fa");
    await expectVisibleText(
      other,
      "Admins must use two-factor sign-in. Turn it on to open the admin dashboard. The site's settings require it for every admin.",
    );
    await other.goto("/admin/blog");
    expect(new URL(other.url()).pathname + new URL(other.url()).search).toBe(
      "/account/security?setup=2fa",
    );
    const api = await context.request.get("/admin/blog/media", { maxRedirects: 0 });
    expect(api.status()).toBe(403);
    await other.close();
  });

  it("makes new backup codes, and keeps an admin's two-factor sign-in on while it is required", async () => {
    const page = await newPage(session.context);
    await page.goto("/account/security");
    const newCodes = page.getByRole("region", { name: "Two-factor sign-in" });
    // They are as good as a second factor: the form asks for a code too ("Confirm it's you").
    await page.locator("#new-backup-codes-password").fill(admin.password);
    await page.getByRole("button", { name: "Generate new backup codes" }).click();
    await expectVisibleText(page, "Enter the code from your authenticator app or a backup code.");
    await page.locator("#new-backup-codes-code").fill(await freshCode(secret, usedCodes));
    await page.getByRole("button", { name: "Generate new backup codes" }).click();
    await expectVisibleText(page, "New backup codes are ready. The old ones no longer work.");
    const codes = newCodes.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
    await expect.poll(() => codes.count()).toBe(10);
    expect(await codes.allTextContents()).not.toContain(backupCodes[1]);

    await page.reload();
    await page.locator("#disable-two-factor-password").fill(admin.password);
    await page.getByRole("button", { name: "Turn off" }).click();
    await expectVisibleText(
      page,
      "The site's settings require two-factor sign-in for admins: it stays on.",
    );
    await page.reload();
    await expectVisibleText(page, "Two-factor sign-in is on.");
    expectCleanPage(page, [/status of 40[09]/]);
    await page.close();
  });
});

describe("the audit log", () => {
  it("lists the admin's own security changes, and the sign-in with a backup code", async () => {
    const page = await newPage(session.context);
    await page.goto("/admin/audit-log");
    for (const change of [
      "turned on two-factor sign-in",
      "signed in with backup code",
      "signed out other session",
      "changed password",
      "generated new backup codes",
    ]) {
      await expectVisibleText(page, `${admin.email} ${change}`);
    }
    const log =
      (await page.getByRole("list", { name: "Changes, newest first" }).textContent()) ?? "";
    for (const code of backupCodes) expect(log).not.toContain(code);
    expectCleanPage(page);
    await page.close();
  });
});
