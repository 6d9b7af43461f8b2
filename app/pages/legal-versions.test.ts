import { describe, expect, it } from "vitest";
import {
  EFFECTIVE_DATE_MISSING,
  isIsoDate,
  pagePublicPaths,
  parseLegalVersionPath,
} from "./legal-versions";
import { pageAddressProblem, pageFormSchema } from "./page-schema";
import { blocksFromTemplate } from "./templates";

const legalPage = (over: Record<string, unknown>) => ({
  title: "Terms",
  path: "/terms",
  kind: "legal",
  blocks: blocksFromTemplate("legal"),
  ...over,
});

describe("a legal document's version fields", () => {
  it("are needed to publish or schedule a legal document: the effective date, with a clear message", () => {
    for (const status of ["published", "scheduled"]) {
      const refused = pageFormSchema.safeParse(
        legalPage({ status, publishAt: "2026-12-01T09:00", effectiveDate: "" }),
      );
      expect(refused.success).toBe(false);
      expect(refused.error?.issues).toContainEqual(
        expect.objectContaining({ path: ["effectiveDate"], message: EFFECTIVE_DATE_MISSING }),
      );
    }
    // A draft, and a page of another kind, go without one.
    expect(pageFormSchema.safeParse(legalPage({ status: "draft" })).success).toBe(true);
    expect(pageFormSchema.safeParse(legalPage({ kind: "page", status: "published" })).success).toBe(
      true,
    );
  });

  it("keep the version, the date and the summary as typed (trimmed)", () => {
    const parsed = pageFormSchema.parse(
      legalPage({
        status: "published",
        legalVersion: " 2.0 ",
        effectiveDate: "2026-11-01",
        changeSummary: " The app is covered too. ",
      }),
    );
    expect(parsed).toMatchObject({
      legalVersion: "2.0",
      effectiveDate: "2026-11-01",
      changeSummary: "The app is covered too.",
    });
  });

  it("refuse a date that is not one", () => {
    const refused = pageFormSchema.safeParse(legalPage({ effectiveDate: "2026-02-30" }));
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["effectiveDate"],
      message: "Enter the effective date as a date, like 2026-11-01.",
    });
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-2-28")).toBe(false);
  });
});

describe("a version's address", () => {
  it("names the page and the date", () => {
    expect(parseLegalVersionPath("/terms/versions/2026-01-01")).toEqual({
      path: "/terms",
      date: "2026-01-01",
    });
    expect(parseLegalVersionPath("/legal/terms/versions/2026-01-01")?.path).toBe("/legal/terms");
    expect(parseLegalVersionPath("/terms/versions/2026-13-01")).toBeNull();
    expect(parseLegalVersionPath("/terms/versions")).toBeNull();
  });

  it("cannot be taken by a new page", () => {
    expect(pageAddressProblem("/terms/versions/2026-01-01")).not.toBeNull();
    expect(pageAddressProblem("/terms/versions")).toBeNull();
  });

  it("is purged with a published legal document's own address", () => {
    const terms = { path: "/terms", kind: "legal", effectiveDate: "2026-11-01" };
    expect(pagePublicPaths({ ...terms, status: "published" })).toEqual([
      "/terms",
      "/terms/versions/2026-11-01",
    ]);
    expect(pagePublicPaths({ ...terms, status: "draft" })).toEqual(["/terms"]);
    expect(pagePublicPaths({ ...terms, kind: "page", status: "published" })).toEqual(["/terms"]);
  });
});
