import { describe, expect, it } from "vitest";
import { rateLimitSubject } from "./client-address.server";

describe("rateLimitSubject", () => {
  it("counts an IPv4 address, also in its IPv6-mapped form, as itself", () => {
    expect(rateLimitSubject("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitSubject("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("counts every address of one IPv6 /64 together", () => {
    const subject = "2001:db8:1:2::/64";
    expect(rateLimitSubject("2001:db8:1:2::1")).toBe(subject);
    expect(rateLimitSubject("2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe(subject);
    expect(rateLimitSubject("2001:db8:1:3::1")).not.toBe(subject);
    expect(rateLimitSubject("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitSubject("fe80::1:2:3:4")).toBe("fe80:0:0:0::/64");
  });

  it("leaves anything else as it is", () => {
    expect(rateLimitSubject("unknown")).toBe("unknown");
  });
});
