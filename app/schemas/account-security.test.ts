import { describe, expect, it } from "vitest";
import { changePasswordSchema, totpSecretOf, twoFactorSignInSchema } from "./account-security";
import { adminTwoFactorSchema } from "./admin/settings";

describe("the two-factor sign-in form", () => {
  it("takes six digits, ignoring the spaces an app shows", () => {
    expect(twoFactorSignInSchema.parse({ method: "totp", code: "123 456" })).toEqual({
      method: "totp",
      code: "123456",
    });
  });

  it.each(["12345", "1234567", "abcdef", ""])("refuses %j as an app code", (code) => {
    const parsed = twoFactorSignInSchema.safeParse({ method: "totp", code });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      "Enter the 6-digit code from your authenticator app",
    );
  });

  it("takes a backup code with or without its dash, keeping its case", () => {
    expect(twoFactorSignInSchema.parse({ method: "backup", code: " aB3dE-fG7hJ " }).code).toBe(
      "aB3dE-fG7hJ",
    );
    expect(twoFactorSignInSchema.parse({ method: "backup", code: "aB3dEfG7hJ" }).code).toBe(
      "aB3dE-fG7hJ",
    );
  });

  it("refuses what cannot be a backup code", () => {
    for (const code of ["abcde-1234", "abcde_12345", "<script>", 42]) {
      expect(twoFactorSignInSchema.safeParse({ method: "backup", code }).success).toBe(false);
    }
  });
});

describe("changing the password", () => {
  const valid = {
    currentPassword: "old one",
    newPassword: "new one 1",
    confirmPassword: "new one 1",
  };

  it("needs the new password twice, alike", () => {
    expect(changePasswordSchema.safeParse(valid).success).toBe(true);
    const parsed = changePasswordSchema.safeParse({ ...valid, confirmPassword: "new one 2" });
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["confirmPassword"],
      message: "The passwords do not match",
    });
  });

  it("holds the new password to the sign-up rules", () => {
    const parsed = changePasswordSchema.safeParse({
      ...valid,
      newPassword: "short",
      confirmPassword: "short",
    });
    expect(parsed.error?.issues[0]?.message).toBe("Password must be at least 6 characters");
  });
});

describe("the secret shown for typing into an app", () => {
  it("is the otpauth address's secret in groups of four", () => {
    expect(
      totpSecretOf("otpauth://totp/AI%20Solutions:a%40b.co?secret=JBSWY3DPEHPK3PXPAB&issuer=AI"),
    ).toBe("JBSW Y3DP EHPK 3PXP AB");
    expect(totpSecretOf("not a url")).toBeNull();
  });
});

describe("the setting requiring two-factor sign-in for admins", () => {
  it("reads a ticked box as on and anything else as off", () => {
    expect(adminTwoFactorSchema.parse({ required: "on" })).toEqual({ required: "on" });
    expect(adminTwoFactorSchema.parse({ required: true })).toEqual({ required: "on" });
    expect(adminTwoFactorSchema.parse({})).toEqual({ required: "off" });
    expect(adminTwoFactorSchema.parse({ required: "yes please" })).toEqual({ required: "off" });
  });
});
