import type { CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSKEY_NOT_RECOGNISED } from "~/lib/passkey-errors";
import { type AdminSession, expectVisibleText, startAdminSession } from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, newClientContext, newPage } from "../support/browser";
import { freshCode } from "../support/totp";

/**
 * Passkeys, on one server, in one browser tab with Chromium's virtual authenticator (a CDP
 * session): added on /account/security, a sign-in with it skips the two-factor code and lands
 * where redirectTo says; once removed, the same passkey is refused.
 */

let session: AdminSession;
let page: Page;
let cdp: CDPSession;
let authenticatorId = "";
let secret = "";
const usedCodes = new Set<string>();

beforeAll(async () => {
  session = await startAdminSession();
  const context = await newClientContext(session.browser, { baseURL: session.own.url });
  page = await newPage(context);
  cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  ({ authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  }));
});

afterAll(async () => {
  await page?.context().close();
  await session?.close();
});

async function signOut() {
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await page.waitForURL((url) => url.pathname === "/");
}

async function passkeySignIn(redirectTo: string) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
}

describe("passkeys", () => {
  it("adds a passkey on the account security page", async () => {
    const { admin } = session;
    await page.goto("/auth?redirectTo=/account/security");
    const form = page.getByRole("tabpanel", { name: "Sign In" });
    await form.getByLabel("Email").fill(admin.email);
    await form.getByLabel("Password").fill(admin.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/account/security");

    // Two-factor sign-in on, so that the passkey sign-in below shows it is skipped.
    await page.getByLabel("Your password").fill(admin.password);
    await page.getByRole("button", { name: "Continue" }).click();
    secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
    await page
      .getByLabel("Enter the 6-digit code from your authenticator app")
      .fill(await freshCode(secret, usedCodes));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expectVisibleText(page, "Your backup codes");

    await page.reload();
    await expectVisibleText(page, "You have no passkeys.");
    // A new passkey asks "Confirm it's you" first: the password and a code.
    const refused = await page.context().request.get("/api/auth/passkey/generate-register-options");
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "CONFIRMATION_REQUIRED" });
    await page.getByLabel("Name for the new passkey (optional)").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByLabel("Password").fill(admin.password);
    await confirm
      .getByLabel("Code from your authenticator app or a backup code")
      .fill(await freshCode(secret, usedCodes));
    await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
    await expectVisibleText(page, "The passkey is added. You can sign in with it from now on.");
    const items = page.getByRole("list", { name: "Passkeys" }).getByRole("listitem");
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().textContent()).toContain("Test laptop");
    await expectNoAxeViolations(page);

    // Renamed (an empty name is refused in the browser).
    await page.getByRole("button", { name: "Rename passkey Test laptop" }).click();
    const newName = page.getByLabel("New name for Test laptop");
    await newName.fill("  ");
    await page.getByRole("button", { name: "Save name" }).click();
    await expectVisibleText(page, "Enter a name");
    await newName.fill("Work laptop");
    await page.getByRole("button", { name: "Save name" }).click();
    await expectVisibleText(page, 'The passkey is renamed to "Work laptop".');
    await expect.poll(() => items.first().textContent()).toContain("Work laptop");

    // The same authenticator cannot add a second passkey for the account.
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expectVisibleText(page, "This device already holds a passkey for your account.");
    await page.reload();
    await expect.poll(() => items.count()).toBe(1);
    expectCleanPage(page);
  });

  it("signs in with the passkey without the two-factor code, to redirectTo", async () => {
    await signOut();
    // A browser the account never signed in with: the passkey sign-in marks it (device cookie).
    await page.context().clearCookies();
    await passkeySignIn("/admin/blog");
    await page.waitForURL((url) => url.pathname === "/admin/blog");
    await expectVisibleText(page, "Signed in successfully");
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.name === "device")).toBe(true);
    expectCleanPage(page);
  });

  it("refuses a passkey assertion without user verification (a key without a PIN is one factor)", async () => {
    await signOut();
    // The authenticator answers without checking its user, and the client asks it not to.
    await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false });
    try {
      const outcome = await page.evaluate(assertWithoutUserVerification);
      expect(outcome.userVerified).toBe(false);
      expect(outcome.status).toBe(401);
      expect(outcome.body).toMatchObject({ code: "USER_NOT_VERIFIED" });
    } finally {
      await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: true });
    }
    // Not signed in.
    const stillOut = await page.context().request.get("/admin", { maxRedirects: 0 });
    expect(stillOut.headers().location ?? "").toMatch(/^\/auth/);
    // Our sign-in asks the authenticator to verify its user.
    const options = await page
      .context()
      .request.get("/api/auth/passkey/generate-authenticate-options");
    expect(await options.json()).toMatchObject({ userVerification: "required" });
  });

  it("refuses the passkey once it is removed", async () => {
    await passkeySignIn("/account/security");
    await page.waitForURL((url) => url.pathname === "/account/security");
    await page.getByRole("button", { name: "Remove passkey Work laptop" }).click();
    await expectVisibleText(
      page,
      'The passkey "Work laptop" is removed. It no longer signs you in.',
    );
    await expectVisibleText(page, "You have no passkeys.");

    await signOut();
    await passkeySignIn("/admin");
    await expectVisibleText(page, PASSKEY_NOT_RECOGNISED);
    expect(new URL(page.url()).pathname).toBe("/auth");
    // Not signed in.
    const stillOut = await page.context().request.get("/admin", { maxRedirects: 0 });
    expect(stillOut.headers().location ?? "").toMatch(/^\/auth/);
    expectCleanPage(page, [/status of 401/]);
  });
});

/**
 * In the page: a passkey sign-in as a client of its own would make it, asking the authenticator
 * not to verify its user; answers the server's verdict and the assertion's UV flag.
 */
async function assertWithoutUserVerification() {
  const fromBase64url = (text: string) =>
    Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const toBase64url = (buffer: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const options = await (await fetch("/api/auth/passkey/generate-authenticate-options")).json();
  const credential = (await navigator.credentials.get({
    publicKey: {
      challenge: fromBase64url(options.challenge),
      rpId: options.rpId,
      userVerification: "discouraged",
    },
  })) as PublicKeyCredential;
  const assertion = credential.response as AuthenticatorAssertionResponse;
  const response = {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    clientExtensionResults: {},
    response: {
      clientDataJSON: toBase64url(assertion.clientDataJSON),
      authenticatorData: toBase64url(assertion.authenticatorData),
      signature: toBase64url(assertion.signature),
      userHandle: assertion.userHandle ? toBase64url(assertion.userHandle) : undefined,
    },
  };
  const verified = await fetch("/api/auth/passkey/verify-authentication", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ response }),
  });
  const flags = new Uint8Array(assertion.authenticatorData)[32] ?? 0;
  return {
    status: verified.status,
    body: await verified.json().catch(() => ({})),
    userVerified: (flags & 4) !== 0,
  };
}
