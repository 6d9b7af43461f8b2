import { describe, expect, it } from "vitest";
import { formatInZone, fromZonedInputValue, toZonedInputValue } from "./zoned-time";

describe("times in the site's time zone", () => {
  it("reads a wall-clock time in the zone as the right UTC moment, summer and winter", () => {
    expect(fromZonedInputValue("2026-07-01T09:30", "Europe/Berlin")?.toISOString()).toBe(
      "2026-07-01T07:30:00.000Z",
    );
    expect(fromZonedInputValue("2026-12-01T09:30", "Europe/Berlin")?.toISOString()).toBe(
      "2026-12-01T08:30:00.000Z",
    );
    expect(fromZonedInputValue("2026-12-01T09:30", "America/New_York")?.toISOString()).toBe(
      "2026-12-01T14:30:00.000Z",
    );
    expect(fromZonedInputValue("2026-12-01T09:30", "UTC")?.toISOString()).toBe(
      "2026-12-01T09:30:00.000Z",
    );
  });

  it("refuses what is no time", () => {
    for (const text of [
      "",
      "tomorrow",
      "2026-02-31T10:00",
      "2026-13-01T10:00",
      "2026-01-01T24:00",
    ]) {
      expect(fromZonedInputValue(text, "Europe/Berlin")).toBeNull();
    }
  });

  it("shows a stored moment back in the zone, round trip included", () => {
    const stored = new Date("2026-07-01T07:30:00Z");
    expect(toZonedInputValue(stored, "Europe/Berlin")).toBe("2026-07-01T09:30");
    expect(fromZonedInputValue(toZonedInputValue(stored, "Asia/Kolkata"), "Asia/Kolkata")).toEqual(
      stored,
    );
    expect(formatInZone(stored, "Europe/Berlin")).toBe("1 Jul 2026, 09:30 (Europe/Berlin)");
  });
});
