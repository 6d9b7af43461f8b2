import type { BrowserContext, Page } from "playwright-core";

/**
 * Catches stored XSS in a browser context, four ways, each of which a test can see fail:
 * - a payload ran: it called the marker `X(n)` (installed before any page script) or `alert`;
 * - the CSP blocked an inline script, handler or javascript: URL (the markup got through; only
 *   the policy stopped it, which counts as a failure too);
 * - the DOM holds an element with an on* attribute or a javascript:/vbscript:/data:text/html URL
 *   (React sets no handler attributes, so any such attribute came from stored content).
 */
export interface XssFinding {
  kind: "marker" | "dialog" | "csp" | "dom";
  page: string;
  detail: string;
}

export async function watchForXss(context: BrowserContext, findings: XssFinding[] = []) {
  await context.exposeBinding("__xssMarker", ({ page }, n: unknown) => {
    findings.push({ kind: "marker", page: page.url(), detail: `payload ${String(n)} ran` });
  });
  await context.exposeBinding("__xssCsp", ({ page }, detail: unknown) => {
    findings.push({ kind: "csp", page: page.url(), detail: String(detail) });
  });
  await context.addInitScript(() => {
    const marker = (n: unknown) =>
      (window as unknown as { __xssMarker(n: unknown): void }).__xssMarker(n);
    Object.defineProperty(window, "X", { value: marker, writable: false });
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __xssCsp(detail: string): void }).__xssCsp(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"}: ${event.sample}`,
      );
    });
  });
  context.on("page", (page) => watchDialogs(page, findings));
  return findings;
}

function watchDialogs(page: Page, findings: XssFinding[]) {
  page.on("dialog", async (dialog) => {
    findings.push({
      kind: "dialog",
      page: page.url(),
      detail: `${dialog.type()}: ${dialog.message()}`,
    });
    await dialog.dismiss().catch(() => {});
  });
}

/** Elements of the page whose attributes would run script: on* handlers, script URLs. */
export async function scriptableAttributes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    // Browsers ignore control characters and spaces inside a URL's scheme ("java\tscript:").
    const scriptUrl = (value: string) =>
      /^(?:javascript|vbscript|data:text\/html)/i.test(
        Array.from(value)
          .filter((c) => c.charCodeAt(0) > 32)
          .join(""),
      );
    for (const element of document.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (
          name.startsWith("on") ||
          (["href", "src", "action", "formaction", "xlink:href", "data", "srcdoc"].includes(name) &&
            scriptUrl(attribute.value)) ||
          name === "srcdoc"
        ) {
          found.push(
            `<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value.slice(0, 80)}">`,
          );
        }
      }
    }
    return found;
  });
}
