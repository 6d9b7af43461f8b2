import { createHash } from "node:crypto";
import { Parser } from "htmlparser2";

/**
 * A rendered page made fit to be stored and sent to every visitor: its nonce removed (a nonce
 * sent twice is no secret) and the inline scripts that carried it allowed by their SHA-256 hashes
 * instead. A script without the nonce (one that slipped into the page) gets no hash: it stays
 * refused, as it was under the nonce.
 *
 * An inline `<script type="module">` (React Router's hydration script) cannot keep its place: with
 * 'strict-dynamic', the modules it imports count as parser-inserted and, without a nonce, are
 * refused (Chromium; a hashed *classic* script is fine, and so is anything it creates). So each
 * becomes a hashed classic script that inserts the same module script after itself: created by
 * trusted code, it and everything it imports run, statically or not.
 */

export interface HashedPage {
  html: string;
  /** CSP sources, `'sha256-…'`, one per distinct inline script, in page order. */
  scriptHashes: string[];
}

/** Script types a browser runs; anything else (JSON-LD, JSON data) is data, never executed. */
function isExecutable(type: string | undefined) {
  const value = type?.trim().toLowerCase();
  return (
    value === undefined ||
    value === "" ||
    value === "module" ||
    value === "text/javascript" ||
    value === "application/javascript"
  );
}

export function hashSource(text: string) {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** A classic script that puts `moduleText` in the page as a module script, right after itself. */
export function moduleLoader(moduleText: string) {
  // `<` escaped so the text cannot close the <script> element it sits in.
  const text = JSON.stringify(moduleText).replace(/</g, "\\u003c");
  return `(function(s,m){m=document.createElement("script");m.type="module";m.textContent=${text};s.after(m)})(document.currentScript)`;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** `nonce` attributes with exactly this value, removed from every tag. */
function withoutNonce(tag: string, nonce: string) {
  return tag.replace(new RegExp(`\\snonce="${nonce.replace(/[+/=]/g, "\\$&")}"`, "g"), "");
}

export function hashPageScripts(html: string, nonce: string): HashedPage {
  const edits: Edit[] = [];
  const hashes = new Set<string>();
  let script: {
    start: number;
    contentStart: number;
    type?: string;
    src?: string;
    /** Rendered by the app with the page's nonce; anything else was never allowed to run. */
    trusted: boolean;
  } | null = null;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const start = parser.startIndex;
        const end = parser.endIndex + 1;
        const tag = html.slice(start, end);
        if (name === "script") {
          script = {
            start,
            contentStart: end,
            type: attributes.type,
            src: attributes.src,
            trusted: attributes.nonce === nonce,
          };
          return;
        }
        const stripped = withoutNonce(tag, nonce);
        if (stripped !== tag) edits.push({ start, end, text: stripped });
      },
      onclosetag(name, implied) {
        if (name !== "script" || !script || implied) return;
        const open = script;
        script = null;
        const closeStart = parser.startIndex;
        const closeEnd = parser.endIndex + 1;
        const content = html.slice(open.contentStart, closeStart);
        const openTag = withoutNonce(html.slice(open.start, open.contentStart), nonce);
        if (!open.trusted || open.src !== undefined || !isExecutable(open.type)) {
          edits.push({ start: open.start, end: open.contentStart, text: openTag });
          return;
        }
        if (open.type?.trim().toLowerCase() === "module") {
          const loader = moduleLoader(content);
          hashes.add(hashSource(loader));
          edits.push({ start: open.start, end: closeEnd, text: `<script>${loader}</script>` });
          return;
        }
        hashes.add(hashSource(content));
        edits.push({ start: open.start, end: open.contentStart, text: openTag });
      },
    },
    { decodeEntities: false, recognizeSelfClosing: false },
  );
  parser.write(html);
  parser.end();

  let out = "";
  let at = 0;
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    out += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  out += html.slice(at);
  return { html: out, scriptHashes: [...hashes] };
}

/**
 * The stored page's CSP: the one the render was sent with, its nonce source replaced by the
 * page's script hashes ('strict-dynamic' stays, and with it the trust in what they load).
 */
export function cspWithHashes(policy: string, nonce: string, scriptHashes: string[]) {
  const nonceSource = `'nonce-${nonce}'`;
  if (!policy.includes(nonceSource)) throw new Error("The policy does not carry this nonce");
  return policy.replace(nonceSource, scriptHashes.join(" ") || "'none'");
}
