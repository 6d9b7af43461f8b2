import { describe, expect, it } from "vitest";
import { buildFooter } from "./footer";
import { defaultSettings } from "./site-defaults";

const apps = { hiringHub: "https://hiring.example", opsHub: "https://ops.example" };
const defaultEmail = defaultSettings.find((s) => s.key === "contact_email")?.value;

describe("buildFooter", () => {
  it("starts from the built-in defaults, with the two product apps as external links", () => {
    const footer = buildFooter(new Map(), apps);
    expect(footer.email).toBe(defaultEmail);
    expect(footer.address).toContain("Ruskin");
    expect(Object.keys(footer.groups)).toEqual(["Products", "Services", "Company"]);
    expect(footer.groups.Products).toEqual([
      { name: "OmniConnect Hub", href: "/products/omniconnect-hub" },
      { name: "Hiring Hub", href: "https://hiring.example", external: true },
      { name: "OpsHub", href: "https://ops.example", external: true },
    ]);
    expect(footer.groups.Company?.map((l) => l.href)).toEqual(["/about", "/blog", "/contact"]);
  });

  it("lets a stored value replace its default only when it is not empty", () => {
    const footer = buildFooter(
      new Map([
        ["contact_email", "sales@acme.test"],
        ["contact_phone", "   "],
        ["footer_description", ""],
      ]),
      apps,
    );
    expect(footer.email).toBe("sales@acme.test");
    expect(footer.phone).toBe(defaultSettings.find((s) => s.key === "contact_phone")?.value);
    expect(footer.description).toBe(
      defaultSettings.find((s) => s.key === "footer_description")?.value,
    );
  });

  it("merges stored link groups over the defaults when they parse to an object", () => {
    const stored = JSON.stringify({
      Company: [{ name: "Careers", href: "/careers" }],
      Support: [{ name: "Help", href: "https://help.example", external: true }],
    });
    const footer = buildFooter(new Map([["footer_links", stored]]), apps);
    expect(footer.groups.Company).toEqual([{ name: "Careers", href: "/careers" }]);
    expect(footer.groups.Support?.[0]?.href).toBe("https://help.example");
    expect(footer.groups.Products).toHaveLength(3);
  });

  it("keeps the defaults and reports the problem when stored links are broken", () => {
    for (const broken of ["{not json", "[1,2]", '"text"', "null"]) {
      const problems: string[] = [];
      const footer = buildFooter(new Map([["footer_links", broken]]), apps, (m) =>
        problems.push(m),
      );
      expect(footer.groups.Products).toHaveLength(3);
      expect(footer.groups.Services).toHaveLength(6);
      expect(problems).toHaveLength(1);
    }
  });

  it("ignores a stored group that is not a list of links", () => {
    const problems: string[] = [];
    const footer = buildFooter(
      new Map([["footer_links", JSON.stringify({ Company: "oops" })]]),
      apps,
      (m) => problems.push(m),
    );
    expect(footer.groups.Company).toHaveLength(3);
    expect(problems[0]).toContain("Company");
  });
});
