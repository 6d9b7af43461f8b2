import { createCookie, redirect } from "react-router";
import { getEnv } from "~/env.server";
import { type Toast, toastSchema } from "./toast";

/** A one-time message carried across a redirect, shown by the next page. */
function toastCookie() {
  const env = getEnv();
  return createCookie("flash_toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secure: env.SITE_URL.startsWith("https://"),
    secrets: [env.SESSION_SECRET],
  });
}

export async function setToastHeader(toast: Toast) {
  return toastCookie().serialize(toastSchema.parse(toast));
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await setToastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast of this request. */
export async function takeToast(request: Request) {
  const cookie = toastCookie();
  const value = await cookie.parse(request.headers.get("Cookie"));
  if (!value) return { toast: null, headers: undefined };
  const parsed = toastSchema.safeParse(value);
  return {
    toast: parsed.success ? parsed.data : null,
    headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) },
  };
}
