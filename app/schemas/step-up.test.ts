import { describe, expect, it } from "vitest";
import { CONFIRM_CODE_MESSAGE, confirmIdentitySchema, isTotpCode } from "./step-up";

describe("the Confirm it's you form", () => {
  it("needs a password", () => {
    const parsed = confirmIdentitySchema.safeParse({ password: "" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Password is required");
    expect(confirmIdentitySchema.safeParse({}).success).toBe(false);
  });

  it("takes no code, a 6-digit code (spaces ignored) or a backup code (dash added)", () => {
    expect(confirmIdentitySchema.parse({ password: "p" }).code).toBe("");
    expect(confirmIdentitySchema.parse({ password: "p", code: " 123 456 " }).code).toBe("123456");
    expect(confirmIdentitySchema.parse({ password: "p", code: "abcde12345" }).code).toBe(
      "abcde-12345",
    );
    expect(confirmIdentitySchema.parse({ password: "p", code: "abcde-12345" }).code).toBe(
      "abcde-12345",
    );
    expect(isTotpCode("123456")).toBe(true);
    expect(isTotpCode("abcde-12345")).toBe(false);
  });

  it("refuses anything else as a code", () => {
    for (const code of ["12345", "1234567", "abc", "abcde_12345", "x".repeat(41)]) {
      const parsed = confirmIdentitySchema.safeParse({ password: "p", code });
      expect(parsed.success, code).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(CONFIRM_CODE_MESSAGE);
    }
  });
});
