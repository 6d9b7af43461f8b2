/**
 * Pages that carry a secret: a token in the address (invitations, password reset, unsubscribe,
 * the newsletter's confirmation), a password form, a TOTP secret and backup codes, an admin's
 * data. No third-party script runs on them (analytics, chat, voice assistant, custom code). One
 * list for the server (such a page's CSP names no widget host) and the browser (nothing loads
 * there, and leaving a page where widgets run for one of these is a full page load, which ends
 * them). Browser-safe.
 */
export const PAGES_WITHOUT_THIRD_PARTY_SCRIPTS = [
  "/admin",
  "/account",
  "/auth",
  "/invite",
  "/reset-password",
  "/forgot-password",
  "/newsletter/unsubscribe",
  "/newsletter/confirm",
] as const;

/**
 * Whether a page may run third-party scripts. Matched as the router matches (decoded, any case);
 * an address that cannot be decoded gets none.
 */
export function allowsThirdPartyScripts(pathname: string): boolean {
  let path: string;
  try {
    path = decodeURI(pathname)
      .replace(/\/{2,}/g, "/")
      .toLowerCase();
  } catch {
    return false;
  }
  return !PAGES_WITHOUT_THIRD_PARTY_SCRIPTS.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`),
  );
}
