import { describe, expect, it } from "vitest";
import { categorySelect } from "./admin/blog";
import { MAX_RECORD_ID, recordIdField } from "./record-id";

describe("recordIdField", () => {
  const id = recordIdField("Unknown item");

  it("takes the ids an integer column holds, as numbers or form text", () => {
    expect(id.parse(1)).toBe(1);
    expect(id.parse("42")).toBe(42);
    expect(id.parse(MAX_RECORD_ID)).toBe(2_147_483_647);
  });

  it("refuses ids the database would fail on, with the field's message", () => {
    for (const value of [0, -1, 1.5, 2_147_483_648, "9007199254740991", "1e21", "x", ""]) {
      const parsed = id.safeParse(value);
      expect(parsed.success, String(value)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Unknown item");
    }
  });
});

describe("categorySelect", () => {
  it("refuses a category id past the integer column", () => {
    expect(categorySelect.parse(String(MAX_RECORD_ID))).toBe(MAX_RECORD_ID);
    expect(categorySelect.safeParse("2147483648").success).toBe(false);
  });
});
