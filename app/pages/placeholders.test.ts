import { describe, expect, it } from "vitest";
import { richTextRoundTrip } from "~/components/admin/rich-text/markdown";
import { blocksSchema } from "./blocks";
import {
  DEFAULT_PLACEHOLDER_VALUES,
  hasPlaceholders,
  PLACEHOLDERS,
  placeholderProblem,
  placeholdersIn,
  placeholderValuesFrom,
  resolvePlaceholders,
} from "./placeholders";

const values = placeholderValuesFrom(
  new Map([
    ["site_name", "Acme Robotics"],
    ["contact_email", "hi@acme.test"],
    ["contact_phone", "(727) 555-0199"],
    ["business_city", "Tampa"],
    ["business_state", "FL"],
    ["opshub_app_url", "https://ops.acme.test"],
  ]),
);

describe("placeholders", () => {
  it("knows each value by a label staff recognise, and falls back to the built-in defaults", () => {
    expect(PLACEHOLDERS.find((p) => p.key === "company_name")?.label).toBe("Company name");
    expect(PLACEHOLDERS.find((p) => p.key === "booking_url")?.label).toBe("Booking page");
    expect(values.company_name).toBe("Acme Robotics");
    expect(values.business_location).toBe("Tampa, FL");
    // Not stored: the defaults, so a value is never empty.
    expect(values.support_email).toBe("support@aisolutions.example");
    expect(values.booking_url).toBe("https://cal.com/aisolutions/consultation");
    expect(DEFAULT_PLACEHOLDER_VALUES.company_name).toBe("AI Solutions");
  });

  it("finds the known values a text uses, once each", () => {
    expect(placeholdersIn("{company_name} at {contact_email}, {company_name|upper}")).toEqual([
      "company_name",
      "contact_email",
    ]);
    expect(hasPlaceholders("No values here")).toBe(false);
    // The rich-text editor writes an underscore as "\_": still the same value.
    expect(placeholdersIn(String.raw`Welcome to {company\_name}`)).toEqual(["company_name"]);
  });

  it("puts the values in, in one pass: a value holding braces is never read again", () => {
    const tricky = placeholderValuesFrom(new Map([["site_name", "{contact_email}"]]));
    expect(resolvePlaceholders("Welcome to {company_name}!", values)).toBe(
      "Welcome to Acme Robotics!",
    );
    expect(resolvePlaceholders("{company_name|upper} AND ITS OWNERS", values)).toBe(
      "ACME ROBOTICS AND ITS OWNERS",
    );
    expect(resolvePlaceholders("By {company_name}", tricky)).toBe("By {contact_email}");
  });

  it("leaves braces that are not a value's name as they are", () => {
    for (const text of ["{ x }", "{Name}", '{"a": 1}', "{}", "{2024}", "a { b"]) {
      expect(placeholderProblem(text)).toBeNull();
      expect(resolvePlaceholders(text, values)).toBe(text);
    }
  });

  it("refuses an unknown value or format with a message naming it", () => {
    expect(placeholderProblem("Welcome to {compnay_name}")).toBe(
      "{compnay_name} is not a value this site knows.",
    );
    expect(placeholderProblem("{company_name|lower}")).toMatch(/"lower" is not a way to show/);
    expect(placeholderProblem("Welcome to {company_name}")).toBeNull();
  });

  it("escapes a value's markdown in markdown, and writes a phone number as tel: wants it", () => {
    const odd = placeholderValuesFrom(new Map([["site_name", "A*B_C [Ltd]"]]));
    expect(resolvePlaceholders("**{company_name}**", odd, "markdown")).toBe(
      String.raw`**A\*B\_C \[Ltd\]**`,
    );
    expect(resolvePlaceholders("tel:{contact_phone}", values, "link")).toBe("tel:+17275550199");
    expect(resolvePlaceholders("[Call](tel:{contact_phone})", values, "markdown")).toBe(
      "[Call](tel:+17275550199)",
    );
    expect(resolvePlaceholders("Call {contact_phone}", values)).toBe("Call (727) 555-0199");
  });

  it("survives the rich-text editor: what it writes still names the value", () => {
    const written = richTextRoundTrip("Welcome to {company_name}, [book]({booking_url}).");
    expect(placeholdersIn(written)).toEqual(["company_name", "booking_url"]);
    expect(resolvePlaceholders(written, values, "markdown")).toContain(
      "Welcome to Acme Robotics, [book](https://cal.com/aisolutions/consultation)",
    );
  });
});

/** A write of one hero block, as the editor sends it. */
function heroWrite(over: Record<string, unknown>) {
  return blocksSchema.safeParse([
    { id: "h1", type: "hero", v: 3, anchor: "", variant: "centred", title: "Hello", ...over },
  ]);
}

describe("placeholders in the block schema", () => {
  it("accepts known values in text and links", () => {
    for (const href of [
      "{opshub_app_url}",
      "{booking_url}",
      "mailto:{contact_email}?subject=Hello",
      "tel:{contact_phone}",
      "/contact",
    ]) {
      const parsed = heroWrite({
        title: "Welcome to {company_name}",
        primary: { label: "{hero_cta_text}", href },
      });
      expect(parsed.success, href).toBe(true);
    }
  });

  it("refuses an unknown value with the block's position and field", () => {
    const parsed = heroWrite({ title: "Welcome to {compnay_name}" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      "Block 1 (Hero), title: {compnay_name} is not a value this site knows.",
    ]);
  });

  it("refuses a link that is no address once its values are in", () => {
    const script = heroWrite({ primary: { label: "Go", href: "javascript:{company_name}" } });
    expect(script.success).toBe(false);
    expect(script.error?.issues[0]?.message).toMatch(/primary › href: The button link: use a site/);
    const unknown = heroWrite({ primary: { label: "Go", href: "javascript:{x}" } });
    expect(unknown.error?.issues.map((issue) => issue.message)).toEqual([
      "Block 1 (Hero), primary › href: {x} is not a value this site knows.",
    ]);
    // A value in the middle of a web address's host is no address the site's link check knows.
    expect(heroWrite({ primary: { label: "Go", href: "{company_name}" } }).success).toBe(false);
  });

  it("keeps text with other braces valid", () => {
    expect(heroWrite({ title: "Our {Next} chapter", text: '{"a": 1}' }).success).toBe(true);
  });
});
