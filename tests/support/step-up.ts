import type { APIRequestContext } from "playwright-core";

/**
 * "Confirm it's you" (POST /account/confirm) for a test's admin session, as the dashboard's
 * dialog does: needed before "Back up now", a backup's download and a new API key, for ten
 * minutes. With a Cookie header (fetch) or a browser context's request (its cookies).
 */
export async function confirmItsMe(
  baseURL: string,
  cookie: string,
  password: string,
  code?: string,
): Promise<void> {
  const response = await fetch(`${baseURL}/account/confirm`, {
    method: "POST",
    headers: { cookie, origin: baseURL, "content-type": "application/json" },
    body: JSON.stringify({ password, code }),
  });
  if (!response.ok) {
    throw new Error(`confirming failed: ${response.status} ${await response.text()}`);
  }
}

export async function confirmItsMeIn(
  request: APIRequestContext,
  baseURL: string,
  password: string,
): Promise<void> {
  const response = await request.post(`${baseURL}/account/confirm`, {
    headers: { origin: baseURL },
    form: { password },
  });
  if (!response.ok()) {
    throw new Error(`confirming failed: ${response.status()} ${await response.text()}`);
  }
}
