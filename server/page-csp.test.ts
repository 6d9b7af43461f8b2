import { describe, expect, it } from "vitest";
import { cspWithHashes, hashPageScripts, hashSource, moduleLoader } from "./page-csp";

const NONCE = "Ab+c/D1e2F3g4H5i6J7k8w==";

const page = `<!DOCTYPE html><html><head><meta charset="utf-8"/>
<link nonce="${NONCE}" rel="icon" href="/favicon.svg"/>
<link rel="modulepreload" href="/assets/entry.client-x.js" nonce="${NONCE}"/>
<script type="application/ld+json" nonce="${NONCE}">{"@type":"Organization","name":"A \\u003c B"}</script>
</head><body><p>Text that mentions nonce="${NONCE}" stays text.</p>
<script nonce="${NONCE}">window.__reactRouterContext = {"a":1};</script>
<script nonce="${NONCE}" type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
window.__reactRouterRouteModules = {"root": route0};</script>
<script nonce="${NONCE}">window.__reactRouterContext = {"a":1};</script>
<script src="/assets/legacy.js" nonce="${NONCE}"></script>
</body></html>`;

describe("hashPageScripts", () => {
  const { html, scriptHashes } = hashPageScripts(page, NONCE);

  it("removes the nonce from every tag, and from nowhere else", () => {
    expect(html).not.toMatch(new RegExp(`<[^>]*nonce="${NONCE.replace(/[+/]/g, "\\$&")}"`));
    expect(html).toContain(`<p>Text that mentions nonce="${NONCE}" stays text.</p>`);
    expect(html).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/entry.client-x.js"/>');
    expect(html).toContain('<script src="/assets/legacy.js"></script>');
  });

  it("hashes each inline script once, exactly as it stands, and leaves data blocks alone", () => {
    const classic = 'window.__reactRouterContext = {"a":1};';
    expect(html).toContain(`<script>${classic}</script>`);
    expect(scriptHashes).toContain(hashSource(classic));
    // The JSON-LD is data, not code: unchanged apart from the nonce, and not hashed.
    expect(html).toContain(
      '<script type="application/ld+json">{"@type":"Organization","name":"A \\u003c B"}</script>',
    );
    expect(scriptHashes).toHaveLength(2);
  });

  it("turns the inline module script into a hashed classic script that inserts it", () => {
    const moduleText = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
window.__reactRouterRouteModules = {"root": route0};`;
    const loader = moduleLoader(moduleText);
    expect(html).toContain(`<script>${loader}</script>`);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(scriptHashes).toContain(hashSource(loader));
    // The loader carries the module text whole, and nothing in it can end the element early.
    expect(loader).not.toContain("<");
    expect(JSON.parse(loader.slice(loader.indexOf('"import'), loader.indexOf(";s.after")))).toBe(
      moduleText,
    );
  });

  it("keeps a script that only looks like the end of one inside the loader", () => {
    const tricky = `<script nonce="${NONCE}" type="module">const s = "\\u003c/script>"; export {};</script>`;
    const out = hashPageScripts(tricky, NONCE);
    expect(out.html.match(/<\/script>/g)).toHaveLength(1);
  });

  it("gives no hash to a script that did not carry the nonce, so it stays refused", () => {
    const injected = `<p>${"<script>alert(1)</script>"}</p><script nonce="${NONCE}">ok()</script><script nonce="other">no()</script>`;
    const out = hashPageScripts(injected, NONCE);
    expect(out.scriptHashes).toEqual([hashSource("ok()")]);
    expect(out.html).toContain("<script>alert(1)</script>");
    expect(out.html).toContain('<script nonce="other">no()</script>');
  });

  it("leaves a page without the nonce as it is", () => {
    const plain = "<html><body><p>Hello</p></body></html>";
    expect(hashPageScripts(plain, NONCE)).toEqual({ html: plain, scriptHashes: [] });
  });
});

describe("cspWithHashes", () => {
  it("puts the hashes where the nonce was, keeping 'strict-dynamic' and the rest", () => {
    const policy = `default-src 'self';script-src 'nonce-${NONCE}' 'strict-dynamic';object-src 'none'`;
    expect(cspWithHashes(policy, NONCE, ["'sha256-a'", "'sha256-b'"])).toBe(
      "default-src 'self';script-src 'sha256-a' 'sha256-b' 'strict-dynamic';object-src 'none'",
    );
  });

  it("refuses a policy that does not carry the page's nonce", () => {
    expect(() => cspWithHashes("script-src 'self'", NONCE, [])).toThrow();
  });
});
