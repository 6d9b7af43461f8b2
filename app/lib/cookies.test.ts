import { describe, expect, it } from "vitest";
import { cookieValue } from "./cookies";

describe("reading a Cookie header", () => {
  it("finds a cookie by its exact name in a Cookie header", () => {
    const header = "_ga_ABC=GS1.1.5.1; _ga=GA1.1.1.2; other=x%20y";
    expect(cookieValue(header, "_ga")).toBe("GA1.1.1.2");
    expect(cookieValue(header, "_ga_ABC")).toBe("GS1.1.5.1");
    expect(cookieValue(header, "other")).toBe("x y");
    expect(cookieValue(header, "_g")).toBeNull();
    expect(cookieValue(null, "_ga")).toBeNull();
  });
});
