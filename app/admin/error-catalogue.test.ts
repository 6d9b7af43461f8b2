import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The admin spec's error catalogue (section 8), except the blog's texts (the blog issue's).
const catalogue = [
  "Failed to fetch media files",
  "Failed to upload file",
  "Failed to delete file",
  "Could not load footer information",
  "Error Loading Data",
  "Error Saving Data",
  "Could not save footer information. Please try again.",
  "Could not save contact information. Please try again.",
  "Could not load contact information.",
  "Failed to load integrations.",
  "Failed to update integration.",
  "Failed to load statistics",
  "Failed to save statistic",
  "Failed to delete statistic",
  "Failed to load newsletter subscriptions.",
  "Failed to unsubscribe user.",
  "Failed to reactivate subscriber.",
  "File uploaded successfully",
  "File deleted successfully",
  "File URL copied to clipboard",
  "Navigation menu has been updated successfully.",
  "Logo and branding have been updated successfully.",
  "New logo has been uploaded successfully.",
  "Footer Updated",
  "Services Updated",
  "Contact Information Updated",
  "Subscriber has been unsubscribed",
  "Subscriber has been reactivated",
  "Settings Saved",
  "File too large",
  "File size must be less than 10MB",
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the admin error catalogue", () => {
  it("has every toast text of the spec somewhere in the app, word for word", () => {
    const source = sourceFiles(path.join(import.meta.dirname, "..")).map((f) =>
      fs.readFileSync(f, "utf8"),
    );
    const missing = catalogue.filter((text) => !source.some((s) => s.includes(`"${text}"`)));
    expect(missing).toEqual([]);
  });
});
