import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { LegalFacts } from "~/pages/legal-versions";
import { LegalVersionBanner, LegalVersionFacts } from "./legal-versions";

const facts: LegalFacts = {
  effectiveDate: "2026-11-01",
  dateLabel: "November 1, 2026",
  legalVersion: "2.0",
  summary: "The app is covered too.",
  previous: [
    {
      effectiveDate: "2026-01-01",
      dateLabel: "January 1, 2026",
      legalVersion: "1.0",
      summary: "First version.",
      href: "/terms/versions/2026-01-01",
    },
  ],
  currentHref: null,
};

function html(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "*", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("a legal document's version facts", () => {
  it("say when it was last updated and list the earlier versions with their summaries", () => {
    const text = html(<LegalVersionFacts facts={facts} />);
    expect(text).toContain(
      "Last updated: November 1, 2026 · Version 2.0 What changed: The app is covered too.",
    );
    expect(text).toContain("Previous versions");
    expect(text).toContain("Effective from January 1, 2026 (version 1.0) First version.");
  });

  it("list nothing when there is no earlier version", () => {
    const text = html(<LegalVersionFacts facts={{ ...facts, previous: [] }} />);
    expect(text).not.toContain("Previous versions");
  });

  it("on a version's page, say which version it is and lead to the current one", () => {
    const markup = renderToStaticMarkup(
      <RouterProvider
        router={createMemoryRouter([
          {
            path: "*",
            element: (
              <LegalVersionBanner facts={{ ...facts, previous: [], currentHref: "/terms" }} />
            ),
          },
        ])}
      />,
    );
    expect(markup.replace(/<[^>]+>/g, "")).toContain(
      "You are reading the version effective from November 1, 2026. Read the current version.",
    );
    expect(markup).toContain('href="/terms"');
    expect(html(<LegalVersionBanner facts={facts} />)).toBe("");
  });
});
