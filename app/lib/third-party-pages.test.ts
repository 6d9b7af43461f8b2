import { describe, expect, it } from "vitest";
import { allowsThirdPartyScripts } from "./third-party-pages";

describe("pages where third-party scripts may run", () => {
  it("refuses every page that carries a secret, however the address is spelt", () => {
    for (const path of [
      "/auth",
      "/auth/two-factor",
      "/invite/abc123",
      "/reset-password",
      "/forgot-password",
      "/account/security",
      "/admin",
      "/admin/integrations",
      "/newsletter/unsubscribe",
      "/newsletter/confirm",
      "/AUTH",
      "/%61dmin/team",
      "//account/security",
      "/auth.data",
      "/%E0%A4%A", // cannot be decoded
    ]) {
      expect(allowsThirdPartyScripts(path), path).toBe(false);
    }
  });

  it("allows the public pages, those that only begin alike too", () => {
    for (const path of ["/", "/blog", "/blog/authors-guide", "/about", "/newsletter", "/authors"]) {
      expect(allowsThirdPartyScripts(path), path).toBe(true);
    }
  });
});
