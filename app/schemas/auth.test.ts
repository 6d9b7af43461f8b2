import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  adminAccountSchema,
  fieldErrors,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "~/schemas/auth";

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return fieldErrors(result.error);
}

describe("email", () => {
  it.each([
    [{ password: "secret1" }],
    [{ email: "", password: "secret1" }],
    [{ email: "   ", password: "secret1" }],
  ])("is required (%j)", (input) => {
    expect(errorsOf(signUpSchema, input).email).toBe("Email is required");
    expect(errorsOf(signInSchema, input).email).toBe("Email is required");
  });

  it.each(["user", "user@", "@example.com", "user example.com", "a@b@c.com"])(
    "refuses %s as invalid",
    (email) => {
      expect(errorsOf(signUpSchema, { email, password: "secret1" }).email).toBe(
        "Enter a valid email address",
      );
    },
  );

  it("is trimmed and lower-cased", () => {
    const parsed = signUpSchema.parse({ email: "  Jane.Doe@Example.COM ", password: "secret1" });
    expect(parsed.email).toBe("jane.doe@example.com");
    expect(forgotPasswordSchema.parse({ email: "A@B.CO" }).email).toBe("a@b.co");
    expect(adminAccountSchema.parse({ email: "Admin@Site.IO", password: "secret1" }).email).toBe(
      "admin@site.io",
    );
  });

  it("refuses an address longer than 254 characters", () => {
    const email = `${"a".repeat(250)}@example.com`;
    expect(errorsOf(signUpSchema, { email, password: "secret1" }).email).toBe("Email is too long");
  });
});

describe("passwords", () => {
  it("needs at least 6 characters for a new password", () => {
    expect(errorsOf(signUpSchema, { email: "a@b.co", password: "12345" }).password).toBe(
      "Password must be at least 6 characters",
    );
    expect(errorsOf(resetPasswordSchema, { token: "t", password: "12345" }).password).toBe(
      "Password must be at least 6 characters",
    );
    expect(errorsOf(adminAccountSchema, { email: "a@b.co", password: "12345" }).password).toBe(
      "Password must be at least 6 characters",
    );
    expect(signUpSchema.parse({ email: "a@b.co", password: "123456" }).password).toBe("123456");
  });

  it("says a missing or empty password is required", () => {
    expect(errorsOf(signUpSchema, { email: "a@b.co" }).password).toBe("Password is required");
    expect(errorsOf(signUpSchema, { email: "a@b.co", password: "" }).password).toBe(
      "Password is required",
    );
    expect(errorsOf(signInSchema, { email: "a@b.co", password: "" }).password).toBe(
      "Password is required",
    );
  });

  it("lets sign-in accept any non-empty password, unchanged", () => {
    expect(signInSchema.parse({ email: "a@b.co", password: "x" }).password).toBe("x");
    expect(signInSchema.parse({ email: "a@b.co", password: " pa ss " }).password).toBe(" pa ss ");
  });

  it("refuses passwords over 128 characters", () => {
    expect(errorsOf(signUpSchema, { email: "a@b.co", password: "p".repeat(129) }).password).toBe(
      "Password must be at most 128 characters",
    );
    expect(
      signUpSchema.parse({ email: "a@b.co", password: "p".repeat(128) }).password,
    ).toHaveLength(128);
  });

  it("says an incomplete reset link when the token is missing", () => {
    expect(errorsOf(resetPasswordSchema, { token: "", password: "secret1" }).token).toBe(
      "This reset link is incomplete. Request a new one.",
    );
  });
});

describe("fieldErrors", () => {
  it("gives the first message of each field", () => {
    // An empty password fails both minimum lengths; only the first message is shown.
    const errors = errorsOf(signUpSchema, { email: "nope", password: "" });
    expect(errors).toEqual({
      email: "Enter a valid email address",
      password: "Password is required",
    });
  });

  it("puts errors without a field under 'form'", () => {
    const errors = errorsOf(signUpSchema, "not an object");
    expect(Object.keys(errors)).toEqual(["form"]);
    expect(errors.form).toEqual(expect.any(String));
  });
});
