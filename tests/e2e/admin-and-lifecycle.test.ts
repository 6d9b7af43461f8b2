import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataTemplate } from "../support/admin";
import { expectCleanPage, launchBrowser, newPage } from "../support/browser";
import { runAdminCommand, startServer } from "../support/server";
import { sharedServer } from "../support/shared-server";

const { url: baseURL, dataDir } = sharedServer();

let browser: Browser;
const scratch: string[] = [];

function scratchDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-own-"));
  scratch.push(dir);
  return dir;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

describe("the admin command while the server runs", () => {
  const email = `admin-${Date.now()}@example.com`;
  const password = "admin password 1";
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({ baseURL });
  });
  afterAll(async () => {
    await context?.close();
  });

  it("creates a verified admin through the running server", async () => {
    const result = await runAdminCommand(dataDir, ["create", "--email", email], {
      ADMIN_PASSWORD: password,
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Created the admin account ${email}`);
  });

  it("sends a visitor from /admin to sign in, and back to /admin after signing in as admin", async () => {
    const page = await newPage(context);
    await page.goto("/admin");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/auth");
    expect(url.searchParams.get("redirectTo")).toBe("/admin");

    await signIn(page, email, password);
    await page.waitForURL(`${baseURL}/admin`);
    await expect
      .poll(() => page.getByRole("heading", { name: "Admin dashboard" }).isVisible())
      .toBe(true);
    // The dashboard has a frame of its own; its way back to the site leads to the public header.
    await page.getByRole("link", { name: "View site" }).click();
    await page.waitForURL(`${baseURL}/`);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.waitFor();
    expect(await nav.getByRole("link", { name: "Admin", exact: true }).isVisible()).toBe(true);
    expect(await nav.getByText(email).isVisible()).toBe(true);
    expectCleanPage(page);
    await page.close();
  });

  it("promotes an existing account and sets its password", async () => {
    const userEmail = `promoted-${Date.now()}@example.com`;
    const visitor = await browser.newContext({ baseURL });
    const page = await newPage(visitor);
    await page.goto("/auth?tab=sign-up");
    const signUp = page.getByRole("tabpanel", { name: "Sign Up" });
    await signUp.getByLabel("Email").fill(userEmail);
    await signUp.getByLabel("Password").fill("user password");
    await signUp.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => page.getByText("Account created successfully").isVisible()).toBe(true);

    const result = await runAdminCommand(dataDir, ["create", "--email", userEmail], {
      ADMIN_PASSWORD: "new admin password",
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("is now an admin");

    // In a fresh context the new password works at once: the address now counts as verified.
    const fresh = await browser.newContext({ baseURL });
    const other = await newPage(fresh);
    await other.goto("/auth?redirectTo=/admin");
    await signIn(other, userEmail, "new admin password");
    await other.waitForURL(`${baseURL}/admin`);
    expectCleanPage(other);
    await fresh.close();
    await visitor.close();
  });

  it("explains bad input with exit code 1 and no stack trace", async () => {
    // Five runs that each change nothing, at once (each is mostly Node loading the server's code).
    const [noPassword, badEmail, shortPassword, unknown, badRole] = await Promise.all([
      runAdminCommand(dataDir, ["create", "--email", "x@example.com"], { ADMIN_PASSWORD: "" }),
      runAdminCommand(dataDir, ["create", "--email", "not-an-email"], {
        ADMIN_PASSWORD: "long enough",
      }),
      runAdminCommand(dataDir, ["create", "--email", "x@example.com"], {
        ADMIN_PASSWORD: "12345",
      }),
      runAdminCommand(dataDir, ["delete"], {}),
      runAdminCommand(dataDir, ["create", "--email", "x@example.com", "--role", "owner"], {
        ADMIN_PASSWORD: "long enough",
      }),
    ]);
    expect(noPassword.code).toBe(1);
    expect(noPassword.stderr).toContain("Set ADMIN_PASSWORD");
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toContain("--email: Enter a valid email address");
    expect(shortPassword.code).toBe(1);
    expect(shortPassword.stderr).toContain(
      "ADMIN_PASSWORD: Password must be at least 6 characters",
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Usage:");
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain("--role: choose admin or editor.");

    for (const run of [noPassword, badEmail, shortPassword, unknown, badRole]) {
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe("one server per data directory", () => {
  it("refuses a second server on the same data directory with a clear message", async () => {
    await expect(startServer({ dataDir })).rejects.toThrow(/already using the data directory/);
    // The first one is unharmed.
    expect((await fetch(`${baseURL}/readyz`)).status).toBe(200);
  });
});

describe("stopping and starting again", () => {
  it("creates an admin while no server runs, then keeps accounts and sessions across a restart", async () => {
    const dir = scratchDir();
    const email = "owner@example.com";
    const created = await runAdminCommand(dir, ["create", "--email", email], {
      ADMIN_PASSWORD: "owner password",
    });
    expect(created.code).toBe(0);
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false);

    let server = await startServer({ dataDir: dir });
    const context = await browser.newContext({ baseURL: server.url });
    const page = await newPage(context);
    await page.goto("/auth?redirectTo=/admin");
    await signIn(page, email, "owner password");
    await page.waitForURL(`${server.url}/admin`);
    expectCleanPage(page);
    await page.close();

    // SIGTERM: a clean exit that releases the data directory.
    expect(await server.stop()).toBe(0);
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false);

    server = await startServer({ dataDir: dir, port: server.port });
    const again = await newPage(context);
    await again.goto("/admin");
    await expect
      .poll(() => again.getByRole("heading", { name: "Admin dashboard" }).isVisible())
      .toBe(true);
    expectCleanPage(again);
    await context.close();
    expect(await server.stop()).toBe(0);
  });

  it("starts over a lock left by a server that was killed", async () => {
    const dir = scratchDir();
    // From the template's database: what is shown is the lock, not a first start.
    const server = await startServer({ dataDir: dir, template: dataTemplate() });
    server.process.kill("SIGKILL");
    await server.stop();
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(true);
    const again = await startServer({ dataDir: dir });
    expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
    expect(await again.stop()).toBe(0);
  });
});

describe("the route guard while it checks", () => {
  it("covers the screen with a spinner while a move to /admin waits for the server", async () => {
    const email = `spinner-${Date.now()}@example.com`;
    const created = await runAdminCommand(dataDir, ["create", "--email", email], {
      ADMIN_PASSWORD: "spinner password",
    });
    expect(created.code).toBe(0);
    const context = await browser.newContext({ baseURL });
    const page = await newPage(context);
    await page.goto("/auth");
    await signIn(page, email, "spinner password");
    await page.waitForURL(`${baseURL}/`);

    // Hold the admin page's data back for a moment, as a slow network would.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/admin.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Admin", exact: true })
      .click();
    await expect.poll(() => page.getByRole("status", { name: "Loading" }).isVisible()).toBe(true);
    release();
    await expect
      .poll(() => page.getByRole("heading", { name: "Admin dashboard" }).isVisible())
      .toBe(true);
    expect(await page.getByRole("status", { name: "Loading" }).count()).toBe(0);
    expectCleanPage(page);
    await context.close();
  });
});
