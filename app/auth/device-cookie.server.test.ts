import { describe, expect, it } from "vitest";
import { deviceCookies, MAX_ENTRIES } from "./device-cookie.server";

const secret = "s".repeat(40);

describe("device cookies", () => {
  const devices = deviceCookies({ secret, secure: false });
  const header = (value: string) => `other=1; ${devices.name}=${value}`;

  it("binds an entry to the address it was issued for", () => {
    const value = devices.issue(null, "jane@example.com");
    expect(value).not.toContain("jane");
    const nonce = devices.nonceFor(header(value), "jane@example.com");
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(devices.nonceFor(header(value), "bob@example.com")).toBeNull();
    expect(devices.nonceFor(null, "jane@example.com")).toBeNull();
  });

  it("refuses an entry signed with another secret or tampered with", () => {
    const foreign = deviceCookies({ secret: "t".repeat(40), secure: false }).issue(
      null,
      "jane@example.com",
    );
    expect(devices.nonceFor(header(foreign), "jane@example.com")).toBeNull();
    const value = devices.issue(null, "jane@example.com");
    const [nonce, signature] = value.split(".") as [string, string];
    const otherNonce = `${nonce.slice(0, -1)}${nonce.endsWith("A") ? "B" : "A"}`;
    expect(devices.nonceFor(header(`${otherNonce}.${signature}`), "jane@example.com")).toBeNull();
    expect(devices.nonceFor(header(`${value}.extra`), "jane@example.com")).toBeNull();
    expect(devices.isPresent(header("garbage"))).toBe(false);
    expect(devices.isPresent(header(value))).toBe(true);
  });

  it("holds several accounts per browser, keeps an account's entry and drops the oldest", () => {
    let value = devices.issue(null, "jane@example.com");
    const jane = devices.nonceFor(header(value), "jane@example.com");
    value = devices.issue(header(value), "bob@example.com");
    expect(devices.nonceFor(header(value), "jane@example.com")).toBe(jane);
    expect(devices.nonceFor(header(value), "bob@example.com")).not.toBeNull();
    value = devices.issue(header(value), "jane@example.com");
    expect(devices.nonceFor(header(value), "jane@example.com")).toBe(jane);
    for (let i = 0; i < MAX_ENTRIES - 1; i++) {
      value = devices.issue(header(value), `user${i}@example.com`);
    }
    expect(value.split("~")).toHaveLength(MAX_ENTRIES);
    // Jane signed in most recently after Bob, so Bob's entry was the oldest.
    expect(devices.nonceFor(header(value), "bob@example.com")).toBeNull();
    expect(devices.nonceFor(header(value), "jane@example.com")).toBe(jane);
  });

  it("is a __Host- cookie, Secure, over https", () => {
    const secure = deviceCookies({ secret, secure: true });
    expect(secure.name).toBe("__Host-device");
    expect(secure.attributes).toMatchObject({ secure: true, path: "/", httpOnly: true });
  });
});
