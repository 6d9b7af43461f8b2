import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "~/env.server";
import { safeRedirectTarget } from "./session.server";

beforeAll(() => {
  loadEnv({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "redirect-target-")),
    SITE_URL: "https://www.example.com",
  });
});

describe("safeRedirectTarget", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(safeRedirectTarget("/admin")).toBe("/admin");
    expect(safeRedirectTarget("/admin/settings?tab=backups#keys")).toBe(
      "/admin/settings?tab=backups#keys",
    );
    expect(safeRedirectTarget("/invite/abc_DEF-123")).toBe("/invite/abc_DEF-123");
    // An absolute address of this site becomes its path.
    expect(safeRedirectTarget("https://www.example.com/account/security?setup=2fa")).toBe(
      "/account/security?setup=2fa",
    );
  });

  it("refuses every way to another site, answering the fallback", () => {
    for (const hostile of [
      // The review's finding: the query decodes to a tab, which browsers drop (`//evil.example`).
      "/\t/evil.example/x",
      "/%09/evil.example/x",
      "/%2509/evil.example/x",
      "/\tevil",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\0/evil.example",
      "/\\evil",
      "/\\\\evil",
      "/%5Cevil.example",
      "/%5c%5cevil.example",
      "\\/evil.example",
      "https://evil.example",
      "https://evil.example/admin",
      "http://www.example.com/admin",
      "https://www.example.com.evil.example/",
      "https://www.example.com@evil.example/",
      "https://user:pass@www.example.com/",
      "//evil.example",
      "///evil.example",
      " //evil.example",
      "/.//evil.example",
      "/..//evil.example/x",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "",
    ]) {
      expect(safeRedirectTarget(hostile, "/fallback"), JSON.stringify(hostile)).toBe("/fallback");
    }
    expect(safeRedirectTarget(null)).toBe("/");
    expect(safeRedirectTarget(undefined)).toBe("/");
  });

  it("answers an odd but harmless path as a path of this site, never as another host", () => {
    // The URL parser percent-encodes the space: `/%20/evil` is a (missing) page here.
    expect(safeRedirectTarget("/ /evil")).toBe("/%20/evil");
    expect(safeRedirectTarget("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeRedirectTarget("/./admin/../blog")).toBe("/blog");
    // Relative addresses resolve against the site's root, as the URL standard has it.
    expect(safeRedirectTarget("https:evil.example")).toBe("/evil.example");
    expect(safeRedirectTarget("%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });
});
