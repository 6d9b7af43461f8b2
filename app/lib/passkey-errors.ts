/**
 * Messages for what can go wrong in a passkey ceremony, from the browser's WebAuthn error (the
 * person cancelled, the time ran out, this authenticator holds a passkey already) or from our
 * server's answer (the passkey is not, or no longer, on any account).
 */

export const PASSKEY_CANCELLED =
  "The passkey request was cancelled or timed out. Please try again.";
export const PASSKEY_NOT_RECOGNISED =
  "This passkey is not recognised. It may have been removed from its account: sign in with your password.";
export const PASSKEY_ALREADY_ADDED = "This device already holds a passkey for your account.";
export const PASSKEY_SIGN_IN_AGAIN =
  "For your safety, sign out and sign in again before adding a passkey.";
/** A passkey ceremony without user verification (a security key without a PIN): refused. */
export const PASSKEY_USER_NOT_VERIFIED =
  "This passkey did not check it's you with a PIN, fingerprint or face. Use a passkey that does, or sign in with your password.";
export const PASSKEY_FAILED = "Something went wrong with the passkey. Please try again.";
export const PASSKEY_TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";

/** The message for an error thrown by @simplewebauthn/browser's startRegistration/startAuthentication. */
export function browserPasskeyError(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") {
    return PASSKEY_ALREADY_ADDED;
  }
  if (code === "ERROR_CEREMONY_ABORTED" || name === "NotAllowedError" || name === "AbortError") {
    return PASSKEY_CANCELLED;
  }
  return PASSKEY_FAILED;
}

/** The message for a refused answer of one of better-auth's /passkey/* endpoints. */
export function serverPasskeyError(status: number, body: { code?: unknown; message?: unknown }) {
  if (status === 429) return PASSKEY_TOO_MANY;
  if (body.code === "PASSKEY_NOT_FOUND") return PASSKEY_NOT_RECOGNISED;
  if (body.code === "SESSION_NOT_FRESH") return PASSKEY_SIGN_IN_AGAIN;
  if (body.code === "USER_NOT_VERIFIED") return PASSKEY_USER_NOT_VERIFIED;
  if (body.code === "INVALID_PASSKEY_NAME" && typeof body.message === "string") {
    return body.message;
  }
  return PASSKEY_FAILED;
}
