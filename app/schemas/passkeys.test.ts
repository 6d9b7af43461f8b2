import { describe, expect, it } from "vitest";
import { PASSKEY_NAME_MAX_LENGTH, passkeyNameSchema } from "./passkeys";

describe("passkeyNameSchema", () => {
  it("trims a name, allows none, and refuses one too long or with control characters", () => {
    expect(passkeyNameSchema.parse("  Work laptop ")).toBe("Work laptop");
    expect(passkeyNameSchema.parse("")).toBe("");
    expect(passkeyNameSchema.parse("é".repeat(PASSKEY_NAME_MAX_LENGTH))).toHaveLength(
      PASSKEY_NAME_MAX_LENGTH,
    );
    expect(passkeyNameSchema.safeParse("x".repeat(PASSKEY_NAME_MAX_LENGTH + 1)).success).toBe(
      false,
    );
    expect(passkeyNameSchema.safeParse("a\nb").success).toBe(false);
  });
});
