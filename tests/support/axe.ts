import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";

// Evaluated through the DevTools protocol: the site's CSP (rightly) refuses injected script tags.
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

async function violationsOf(page: Page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
      },
    });
    return result.violations as AxeViolation[];
  });
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`,
  );
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is and expects no violation. A page
 * caught mid-transition (a toast fading in or out is faint by design) is checked once more when
 * its finite animations have ended; a real violation is still there then.
 */
export async function expectNoAxeViolations(page: Page) {
  let summary = await violationsOf(page);
  if (summary.length) {
    await page
      .waitForFunction(
        () =>
          document
            .getAnimations()
            .every(
              (a) =>
                a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity,
            ),
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    summary = await violationsOf(page);
  }
  expect(summary, `axe-core violations on ${page.url()}`).toEqual([]);
}
