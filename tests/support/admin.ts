import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { launchBrowser, newClientContext, newPage } from "./browser";
import { waitForMail } from "./mail";
import { type RunningServer, runAdminCommand, startServer } from "./server";

export interface Account {
  email: string;
  password: string;
}

let accounts = 0;
function uniqueEmail(kind: string) {
  accounts += 1;
  return `${kind}-${process.pid}-${Date.now()}-${accounts}@example.com`;
}

/**
 * A verified staff account with `role`, made with `npm run admin -- create --role <role>` (through
 * a running server too).
 */
export async function createStaff(dataDir: string, role: "admin" | "editor"): Promise<Account> {
  const account = { email: uniqueEmail(role), password: `${role} password 1` };
  const result = await runAdminCommand(
    dataDir,
    ["create", "--email", account.email, "--role", role],
    { ADMIN_PASSWORD: account.password },
  );
  if (result.code !== 0) throw new Error(`${role} create failed: ${result.stderr}${result.stdout}`);
  return account;
}

/** A verified admin account, made with `npm run admin -- create` (through a running server too). */
export async function createAdmin(dataDir: string): Promise<Account> {
  return createStaff(dataDir, "admin");
}

async function signInOnPage(page: Page, account: Account) {
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** A browser context signed in as `account` (its own client address, see newClientContext). */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  account: Account,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const context = await newClientContext(browser, { baseURL, ...options });
  const page = await newPage(context);
  await page.goto("/auth");
  await signInOnPage(page, account);
  await page.waitForURL((url) => url.pathname !== "/auth");
  await page.close();
  return context;
}

/**
 * The cookies of a fresh sign-in as `account`, for a context made with other options than
 * signedInContext's (another user agent, no X-Forwarded-For header).
 */
export async function signedInStorageState(browser: Browser, baseURL: string, account: Account) {
  const signedIn = await signedInContext(browser, baseURL, account);
  try {
    return await signedIn.storageState();
  } finally {
    await signedIn.close();
  }
}

/** A signed-up, verified account without the admin role. */
export async function createMember(
  browser: Browser,
  baseURL: string,
  dataDir: string,
): Promise<Account> {
  const account = { email: uniqueEmail("member"), password: "member password 1" };
  const context = await newClientContext(browser, { baseURL });
  const page = await newPage(context);
  await page.goto("/auth?tab=sign-up");
  const signUp = page.getByRole("tabpanel", { name: "Sign Up" });
  await signUp.getByLabel("Email").fill(account.email);
  await signUp.getByLabel("Password").fill(account.password);
  await signUp.getByRole("button", { name: "Create Account" }).click();
  const verify = await waitForMail(dataDir, account.email, /verify/i);
  await page.goto(verify.links[0] as string);
  // Also called from hooks, where expect.poll is not available.
  await page.getByText("Your email address is verified").waitFor();
  await context.close();
  return account;
}

/**
 * A server of the test's own (own data directory and port), for tests that restart it: the
 * address stays the same across restarts, so signed-in browser contexts stay valid.
 */
export interface OwnServer {
  readonly url: string;
  readonly dataDir: string;
  readonly server: RunningServer;
  /** Stops the server (SIGTERM, waits) and starts it again on the same data and port. */
  restart(): Promise<void>;
  /** Stops the server, runs `work` (which may open the data directory), then starts it again. */
  whileStopped<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A data directory template (makeDataTemplate) made by the project's global setup. */
    dataTemplate: string;
  }
}

/** The data directory template of this test project (e2e and stress make one), if any. */
export function dataTemplate(): string | undefined {
  return inject("dataTemplate") || undefined;
}

export async function startOwnServer(env: NodeJS.ProcessEnv = {}): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-own-"));
  const fullEnv = { TRUST_PROXY: "loopback", ...env };
  // From the template's database: a fresh site, without a first start's initdb and migrations.
  let server = await startServer({ dataDir, env: fullEnv, template: dataTemplate() });
  const port = server.port;
  const own: OwnServer = {
    get url() {
      return server.url;
    },
    dataDir,
    get server() {
      return server;
    },
    async restart() {
      await own.whileStopped(async () => undefined);
    },
    async whileStopped(work) {
      const code = await server.stop();
      if (code !== 0) throw new Error(`the server stopped with ${code}:\n${server.output()}`);
      try {
        return await work();
      } finally {
        server = await startServer({ dataDir, port, env: fullEnv });
      }
    },
    async close() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return own;
}

/** Opens a dashboard tab and waits until it has rendered (its heading is visible). */
export async function openAdminTab(page: Page, tabPath: string, heading: string) {
  await page.goto(tabPath);
  await expect
    .poll(() => page.getByRole("heading", { name: heading, exact: true }).first().isVisible())
    .toBe(true);
}

/** What a dashboard test file needs: a browser, its own server, an admin and their context. */
export interface AdminSession {
  readonly browser: Browser;
  readonly own: OwnServer;
  readonly admin: Account;
  /** Signed in as `admin`, 1280 x 900. */
  readonly context: BrowserContext;
  /** Closes the context, the browser and the server (and removes its data). */
  close(): Promise<void>;
}

/**
 * Starts a server of the file's own (with `env`), a browser and an admin signed in on it; for
 * a file's beforeAll, with `session.close()` in its afterAll. Closes what it opened if it fails.
 */
export async function startAdminSession(env: NodeJS.ProcessEnv = {}): Promise<AdminSession> {
  let own: OwnServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const close = async () => {
    await context?.close();
    await browser?.close();
    await own?.close();
  };
  try {
    own = await startOwnServer(env);
    browser = await launchBrowser();
    const admin = await createAdmin(own.dataDir);
    context = await signedInContext(browser, own.url, admin, {
      viewport: { width: 1280, height: 900 },
    });
    return { browser, own, admin, context, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Waits (up to 10 s) until an element with exactly this text is visible, such as a toast's. */
export async function expectVisibleText(page: Page, text: string) {
  await expect
    .poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 10_000 })
    .toBe(true);
}
