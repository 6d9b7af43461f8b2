import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Locator, Page, Route } from "playwright-core";
import { expect } from "vitest";
import { uniqueClientAddress } from "./browser";

/** Polls generously: the suite shares two cores with a build, a server and a browser. */
export const SLOW = { timeout: 15_000, interval: 100 };

export interface ToastText {
  type?: "success" | "error";
  title: string;
  description: string;
}

/** The toasts on screen (sonner's), without those already closing. */
export function liveToasts(page: Page): Promise<Required<ToastText>[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])')).map(
      (toast) => ({
        type: (toast.getAttribute("data-type") ?? "") as "success" | "error",
        title: toast.querySelector("[data-title]")?.textContent ?? "",
        description: toast.querySelector("[data-description]")?.textContent ?? "",
      }),
    ),
  );
}

/** Closes every toast, so the next expectToast can only see a new one. */
export async function dismissToasts(page: Page) {
  await page.evaluate(() => {
    for (const button of document.querySelectorAll<HTMLElement>(
      "[data-sonner-toast] [data-close-button]",
    )) {
      button.click();
    }
  });
  await expect.poll(async () => (await liveToasts(page)).length, SLOW).toBe(0);
}

/** Waits for a toast with exactly this title and description (and type), then closes all. */
export async function expectToast(page: Page, toast: ToastText) {
  await expect
    .poll(
      async () =>
        (await liveToasts(page)).map(({ type, title, description }) =>
          toast.type ? { type, title, description } : { title, description },
        ),
      SLOW,
    )
    .toContainEqual(toast);
  await dismissToasts(page);
}

/** Counts the requests the page makes to `pathname` from now on. */
export function countRequests(page: Page, pathname: string) {
  let count = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === pathname) count += 1;
  });
  return () => count;
}

/**
 * Holds the page's next request to `pathname` until `release()`, so a test can look at the
 * busy state. `arrived` resolves when it is held.
 */
export async function holdRequests(page: Page, pathname: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const matcher = (url: URL) => url.pathname === pathname;
  const handler = async (route: Route) => {
    arrive();
    await released;
    await route.continue();
  };
  await page.route(matcher, handler, { times: 1 });
  return { arrived, release };
}

/** Answers the page's requests to `pathname` with a server error until the returned undo. */
export async function failRequests(page: Page, pathname: string, status = 500) {
  const matcher = (url: URL) => url.pathname === pathname;
  const handler = (route: Route) =>
    route.fulfill({
      status,
      contentType: "application/json",
      body: JSON.stringify({ error: "Something went wrong on our side. Please try again later." }),
    });
  await page.route(matcher, handler);
  return () => page.unroute(matcher, handler);
}

/** Waits until React has hydrated the element (its props are attached to the DOM node). */
export async function waitForHydration(locator: Locator) {
  const element = await locator.elementHandle(SLOW);
  await locator
    .page()
    .waitForFunction(
      (node) => Object.keys(node as object).some((key) => key.startsWith("__reactProps")),
      element,
      { timeout: SLOW.timeout },
    );
  await element?.dispose();
}

/** The current values of a form's visible named controls (checkboxes as booleans). */
export function formState(form: Locator) {
  return form.evaluate((element) => {
    const values: Record<string, string | boolean> = {};
    for (const control of (element as HTMLFormElement).querySelectorAll<
      HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
    >("input[name], select[name], textarea[name]")) {
      if (!control.name || control.type === "hidden") continue;
      values[control.name] =
        control instanceof HTMLInputElement && control.type === "checkbox"
          ? control.checked
          : control.value;
    }
    return values;
  });
}

/** A unique, lower-case address for one test run. */
export function uniqueEmail(label: string) {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A JSON client of the form API that presents itself as one visitor address. */
export function apiClient(baseURL: string, clientAddress = uniqueClientAddress()) {
  const headers = { "X-Forwarded-For": clientAddress };
  return {
    clientAddress,
    headers,
    async post(path: string, body: unknown, extra: Record<string, string> = {}) {
      const response = await fetch(`${baseURL}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers, ...extra },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let json: Record<string, unknown> | null = null;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON: the test looks at the status.
      }
      return { status: response.status, headers: response.headers, body: json, text };
    },
  };
}

/**
 * Passes the ALTCHA bot check the way the widget does: fetches a challenge, solves it in node
 * and returns the form token (base64 of the JSON challenge and solution).
 */
export async function solveBotCheck(baseURL: string) {
  const challenge = await (await fetch(`${baseURL}/api/bot-check`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("The bot-check challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A random submission key in the shape the browser makes (base64url, 24 characters). */
export function newSubmissionKey() {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");
}
