import { describe, expect, it } from "vitest";
import {
  browserPasskeyError,
  PASSKEY_ALREADY_ADDED,
  PASSKEY_CANCELLED,
  PASSKEY_FAILED,
  PASSKEY_NOT_RECOGNISED,
  PASSKEY_SIGN_IN_AGAIN,
  PASSKEY_TOO_MANY,
  PASSKEY_USER_NOT_VERIFIED,
  serverPasskeyError,
} from "./passkey-errors";

function webAuthnError(name: string, code?: string) {
  const error = new Error("from the browser");
  error.name = name;
  return code ? Object.assign(error, { code }) : error;
}

describe("passkey error messages", () => {
  it("tells a cancelled or timed-out ceremony from a device that holds a passkey already", () => {
    expect(browserPasskeyError(webAuthnError("NotAllowedError"))).toBe(PASSKEY_CANCELLED);
    expect(browserPasskeyError(webAuthnError("AbortError", "ERROR_CEREMONY_ABORTED"))).toBe(
      PASSKEY_CANCELLED,
    );
    expect(
      browserPasskeyError(
        webAuthnError("InvalidStateError", "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED"),
      ),
    ).toBe(PASSKEY_ALREADY_ADDED);
    expect(browserPasskeyError(webAuthnError("SecurityError"))).toBe(PASSKEY_FAILED);
    expect(browserPasskeyError("not an error")).toBe(PASSKEY_FAILED);
  });

  it("words the server's refusals for people, never passing on its own text except our name rule", () => {
    expect(
      serverPasskeyError(401, { code: "PASSKEY_NOT_FOUND", message: "Passkey not found" }),
    ).toBe(PASSKEY_NOT_RECOGNISED);
    expect(serverPasskeyError(403, { code: "SESSION_NOT_FRESH" })).toBe(PASSKEY_SIGN_IN_AGAIN);
    expect(serverPasskeyError(401, { code: "USER_NOT_VERIFIED" })).toBe(PASSKEY_USER_NOT_VERIFIED);
    expect(serverPasskeyError(429, { message: "Too many requests" })).toBe(PASSKEY_TOO_MANY);
    expect(serverPasskeyError(400, { code: "INVALID_PASSKEY_NAME", message: "Too long" })).toBe(
      "Too long",
    );
    expect(serverPasskeyError(500, { code: "X", message: "stack trace here" })).toBe(
      PASSKEY_FAILED,
    );
  });
});
