import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildFooter } from "~/content/footer";
import {
  backupSettingsFrom,
  revisionsKeptFrom,
  settingOrDefault,
  siteTimeZoneFrom,
} from "~/content/site-defaults";
import type { Database } from "~/db/client.server";
import { webSettings } from "~/db/schema.server";
import {
  adminTwoFactorSchema,
  backupSettingsSchema,
  brandingSchema,
  contactInfoSchema,
  footerSchema,
  siteSettingsSchema,
} from "~/schemas/admin/settings";
import { calls } from "../../tests/support/admin-actions/settings";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  brandingEntries,
  contactInfoEntries,
  footerEntries,
  readSettings,
  readSettingsView,
  saveSettingsEditor,
  siteSettingsEntries,
  writeSettings,
} from "./admin-settings.server";
import { EditorConflictError } from "./editor-versions.server";

const apps = { hiringHub: "https://hiring.example", opsHub: "https://ops.example" };

describe.each(backends)("admin settings on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend, { seeded: true });
  });
  afterEach(async () => {
    await database.close();
  });

  it("shows the defaults the public site shows, business hours and brand colours included", async () => {
    const view = await readSettingsView(database.db);
    expect(view.branding.primaryColor).toBe("#6366f1");
    expect(view.branding.accentColor).toBe("#8b5cf6");
    expect(view.branding.logoUrl).toBe("");
    expect(view.contactInfo.businessHours.monday).toBe("9:00 AM – 6:00 PM");
    expect(view.contactInfo.businessHours.friday).toBe("9:00 AM – 6:00 PM");
    expect(view.contactInfo.businessHours.saturday).toBe("Closed");
    expect(view.contactInfo.businessHours.sunday).toBe("Closed");
    expect(view.contactInfo.socialMedia.linkedin).toBe("");
    expect(view.settings.booking_url).toMatch(/^https:\/\//);
    // The footer editor starts from the links the footer shows, legal pages included.
    expect(view.footer.links.filter((l) => l.section === "legal").map((l) => l.url)).toEqual([
      "/privacy-policy",
      "/terms-of-service",
      "/cookie-policy",
      "/data-deletion",
    ]);
    expect(view.footer.links.filter((l) => l.section === "products")).toHaveLength(3);
  });

  it("keeps one value per key: the settings tab, branding, footer and contact info share them", async () => {
    const settings = siteSettingsSchema.parse({
      ...(await readSettingsView(database.db)).settings,
      siteName: "Acme AI",
      contactEmail: "hello@acme.test",
    });
    await writeSettings(database.db, siteSettingsEntries(settings));
    const view = await readSettingsView(database.db);
    expect(view.branding.siteName).toBe("Acme AI");
    expect(view.footer.email).toBe("hello@acme.test");
    expect(view.contactInfo.email).toBe("hello@acme.test");

    const contact = contactInfoSchema.parse({ ...view.contactInfo, phone: "+1 555 0100" });
    await writeSettings(database.db, contactInfoEntries(contact));
    expect((await readSettingsView(database.db)).footer.phone).toBe("+1 555 0100");
  });

  it("stores footer links as the groups the public footer reads, an emptied section included", async () => {
    const view = await readSettingsView(database.db);
    const footer = footerSchema.parse({
      ...view.footer,
      links: [
        ...view.footer.links.filter((l) => l.section !== "company"),
        { label: "Status", url: "https://status.acme.test", section: "support" },
      ],
    });
    await writeSettings(database.db, footerEntries(footer, await readSettings(database.db)));
    const stored = await readSettings(database.db);
    const publicFooter = buildFooter(stored, apps);
    expect(publicFooter.groups.Company).toEqual([]);
    expect(publicFooter.groups.Support).toEqual([
      { name: "Status", href: "https://status.acme.test", external: true },
    ]);
    expect(publicFooter.legal).toHaveLength(4);
    // Reopening the editor shows the same links back, section by section in the saved order.
    const again = await readSettingsView(database.db);
    const order = ["products", "company", "support", "legal"];
    const bySection = [...footer.links].sort(
      (a, b) => order.indexOf(a.section) - order.indexOf(b.section),
    );
    expect(again.footer.links).toEqual(bySection);
  });

  it("keeps a saved footer link to a product app following that app's address", async () => {
    const view = await readSettingsView(database.db);
    const footer = footerSchema.parse(view.footer);
    await writeSettings(database.db, footerEntries(footer, await readSettings(database.db)));
    await writeSettings(database.db, { hiring_hub_app_url: "https://jobs.acme.test" });
    const stored = await readSettings(database.db);
    const products = buildFooter(stored, apps).groups.Products ?? [];
    expect(products.find((l) => l.name === "Hiring Hub")?.href).toBe("https://jobs.acme.test");
    expect((await readSettingsView(database.db)).footer.links).toContainEqual({
      label: "Hiring Hub",
      url: "https://jobs.acme.test",
      section: "products",
    });
  });

  it("writes every key of a save and answers the ones that changed", async () => {
    const branding = brandingSchema.parse({
      ...(await readSettingsView(database.db)).branding,
      primaryColor: "#ABC",
    });
    const changed = await writeSettings(database.db, brandingEntries(branding));
    expect(changed).toEqual(["brand_primary_color"]);
    const [row] = await database.db
      .select()
      .from(webSettings)
      .where(eq(webSettings.key, "brand_primary_color"));
    expect(row?.value).toBe("#aabbcc");
    // A key the seed did not write (a new setting) is inserted with its description.
    await writeSettings(database.db, { social_linkedin: "https://linkedin.com/company/acme" });
    const [social] = await database.db
      .select()
      .from(webSettings)
      .where(eq(webSettings.key, "social_linkedin"));
    expect(social?.value).toBe("https://linkedin.com/company/acme");
    expect(social?.description).toBe("LinkedIn page");
  });

  it("refuses a save over someone else's newer one, and a save of shared keys makes the other editors' open forms stale", async () => {
    const opened = await readSettingsView(database.db);
    expect(opened.versions).toEqual({
      settings: 0,
      branding: 0,
      footer: 0,
      "contact-info": 0,
      backups: 0,
    });
    const footer = footerSchema.parse({ ...opened.footer, copyright: "First Co." });
    const saved = await saveSettingsEditor(database.db, "footer", footer, 0);
    expect(saved.version).toBe(1);
    expect(saved.changed).toContain("footer_copyright");
    expect(saved.before).toEqual(opened.footer);
    // The second admin opened the footer at version 0 too: refused, nothing written.
    const stale = footerSchema.parse({ ...opened.footer, copyright: "Second Co.", phone: "1" });
    await expect(saveSettingsEditor(database.db, "footer", stale, 0)).rejects.toBeInstanceOf(
      EditorConflictError,
    );
    const after = await readSettingsView(database.db);
    expect(after.footer.copyright).toBe("First Co.");
    expect(after.footer.phone).toBe(opened.footer.phone);
    // The footer writes the contact e-mail, phone and address: the Settings tab and the contact
    // dialog show them, so their versions rose; branding shares none of them.
    expect(after.versions).toEqual({
      settings: 1,
      branding: 0,
      footer: 1,
      "contact-info": 1,
      backups: 0,
    });
    const settings = siteSettingsSchema.parse({ ...opened.settings, siteName: "Acme" });
    await expect(saveSettingsEditor(database.db, "settings", settings, 0)).rejects.toBeInstanceOf(
      EditorConflictError,
    );
    await saveSettingsEditor(database.db, "settings", settings, 1);
    expect((await readSettingsView(database.db)).versions.branding).toBe(1);
  });

  it("writes all or nothing", async () => {
    await expect(
      writeSettings(database.db, { site_name: "Half saved", footer_copyright: "bad\0value" }),
    ).rejects.toThrow();
    const stored = await readSettings(database.db);
    expect(stored.get("site_name")).toBe("AI Solutions");
  });
});

describe("settings schemas", () => {
  it("refuses bad e-mails, non-web addresses and bad colours with a field message", () => {
    const settings = siteSettingsSchema.safeParse({
      siteName: "A",
      tagline: "B",
      contactEmail: "not-an-email",
      contactPhone: "1",
      contactAddress: "x",
      booking_url: "javascript:alert(1)",
    });
    expect(settings.success).toBe(false);
    const paths = settings.error?.issues.map((i) => i.path.join("."));
    expect(paths).toContain("contactEmail");
    expect(paths).toContain("booking_url");
    expect(paths).toContain("hiring_hub_app_url");

    const branding = brandingSchema.safeParse({
      siteName: "A",
      tagline: "B",
      description: "C",
      logoUrl: "//evil.example/logo.png",
      primaryColor: "red",
      accentColor: "#12345",
    });
    expect(branding.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["logoUrl", "Enter an image address starting with https:// or /, or upload a logo"],
      ["primaryColor", "Enter a colour as a hex code, such as #6366f1"],
      ["accentColor", "Enter a colour as a hex code, such as #6366f1"],
    ]);
  });

  it("checks the time zone and the revisions kept, and the helpers fall back to the defaults", () => {
    const settings = siteSettingsSchema.safeParse({ timeZone: "Mars/Olympus", revisionsKept: "4" });
    const messages = Object.fromEntries(
      (settings.error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
    );
    expect(messages.timeZone).toBe("Choose a time zone from the list");
    expect(messages.revisionsKept).toBe("Enter a whole number from 5 to 500");

    const empty = new Map<string, string>();
    expect(settingOrDefault(empty, "site_time_zone")).toBe("UTC");
    expect(siteTimeZoneFrom(empty)).toBe("UTC");
    expect(revisionsKeptFrom(empty)).toBe(50);
    expect(siteTimeZoneFrom(new Map([["site_time_zone", "Europe/Berlin"]]))).toBe("Europe/Berlin");
    expect(siteTimeZoneFrom(new Map([["site_time_zone", "Mars/Olympus"]]))).toBe("UTC");
    expect(revisionsKeptFrom(new Map([["post_revisions_kept", "7"]]))).toBe(7);
    expect(revisionsKeptFrom(new Map([["post_revisions_kept", "4"]]))).toBe(50);
    expect(revisionsKeptFrom(new Map([["post_revisions_kept", "1e2"]]))).toBe(50);
  });

  it("checks the backup settings, and reads stored ones that are out of range as the defaults", () => {
    const refused = backupSettingsSchema.safeParse({
      intent: "backups",
      kept: "0",
      s3Prefix: "../secrets/",
    });
    const messages = Object.fromEntries(
      (refused.error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
    );
    expect(messages.kept).toBe("Enter a whole number from 1 to 90");
    expect(messages.s3Prefix).toMatch(/^Enter folders of letters, digits/);
    // An unticked box is left out of a form post: off.
    expect(backupSettingsSchema.parse({ kept: "14", s3Prefix: "" })).toEqual({
      daily: "off",
      kept: "14",
      offsite: "off",
      s3Prefix: "backups/",
    });

    expect(backupSettingsFrom(new Map())).toEqual({
      daily: true,
      kept: 7,
      offsitePrefix: "backups/",
    });
    expect(
      backupSettingsFrom(
        new Map([
          ["backups_daily", "off"],
          ["backups_kept", "500"],
          ["backups_s3_prefix", "site/daily/"],
        ]),
      ),
    ).toEqual({ daily: false, kept: 7, offsitePrefix: "site/daily/" });
    expect(backupSettingsFrom(new Map([["backups_offsite", "off"]])).offsitePrefix).toBeNull();
    expect(backupSettingsFrom(new Map([["backups_s3_prefix", "/etc/"]])).offsitePrefix).toBe(
      "backups/",
    );
  });

  it("asks for a label and a URL for a footer link and refuses script addresses", () => {
    const base = { description: "d", copyright: "c", email: "a@b.co", phone: "1", address: "x" };
    const result = footerSchema.safeParse({
      ...base,
      links: [
        { label: "", url: "/about", section: "company" },
        { label: "Bad", url: "javascript:alert(1)", section: "legal" },
        { label: "Odd", url: "/x", section: "elsewhere" },
      ],
    });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual([
      "links.0.label",
      "links.1.url",
      "links.2.section",
    ]);
  });

  it("accepts every payload the access test sends, so a missing guard would show", () => {
    const schemas = {
      settings: siteSettingsSchema,
      branding: brandingSchema,
      footer: footerSchema,
      "contact-info": contactInfoSchema,
      backups: backupSettingsSchema,
      "admin-two-factor": adminTwoFactorSchema,
    } as const;
    // The settings editors' saves; "Back up now" posts to its own route and has no fields.
    const posts = calls.filter((call) => call.method === "POST" && call.path === "/admin/settings");
    expect(
      posts.map((call) => (call.form ?? call.json) as { intent: string }).map((b) => b.intent),
    ).toEqual(["settings", "branding", "footer", "contact-info", "backups", "admin-two-factor"]);
    for (const call of posts) {
      const body = (call.form ?? call.json) as { intent: keyof typeof schemas };
      expect(schemas[body.intent].safeParse(body).error?.issues ?? [], call.name).toEqual([]);
    }
  });
});
