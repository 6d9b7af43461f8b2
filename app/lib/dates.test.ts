import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates";

describe("dashboard dates", () => {
  it("formats in UTC whatever the machine's zone", () => {
    const instant = "2026-11-21T23:30:00.000Z";
    expect(formatDate(instant)).toBe("21 Nov 2026");
    expect(formatDateTime(instant)).toBe("21 Nov 2026, 23:30 UTC");
    expect(formatDateTime(new Date(Date.UTC(2026, 0, 2, 4, 5)))).toBe("2 Jan 2026, 04:05 UTC");
  });
});
