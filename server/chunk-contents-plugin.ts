import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { minifySync, type Plugin } from "vite";

/** Where the client build's listing goes: beside build/client, so it is not served. */
const CHUNK_CONTENTS_FILE = "client-chunks.json";

/**
 * The source a module of a chunk comes from: its npm package (`react-dom`, `@radix-ui/react-dialog`)
 * or its file under app/ (`app/components/site-footer.tsx`), React Router's own modules by name.
 */
export function moduleSource(id: string) {
  const clean = id.replace(/^\0/, "").replace(/\?.*$/, "").replaceAll("\\", "/");
  const pkg = clean.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/);
  if (pkg) return pkg[1] as string;
  const app = clean.indexOf("/app/");
  if (app >= 0) return clean.slice(app + 1);
  return clean.replace(/^.*\//, "");
}

/**
 * Writes build/client-chunks.json after the client build: for each script, the gzip bytes of each
 * source's code in it, minified alone, so that the bench can say what fills the scripts a page
 * loads (bench/lighthouse.js) without a second build with source maps. Summed, they come to a
 * little more than the file (each source is compressed on its own): a share, not an exact size.
 */
export function chunkContentsPlugin(): Plugin {
  return {
    name: "chunk-contents",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(options, bundle) {
      const listing: Record<string, Record<string, number>> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const code: Record<string, string> = {};
        for (const [id, module] of Object.entries(chunk.modules)) {
          if (!module.code) continue;
          const source = moduleSource(id);
          code[source] = `${code[source] ?? ""}${module.code}\n`;
        }
        const sources: Record<string, number> = {};
        for (const [source, text] of Object.entries(code)) {
          // Whitespace and names only: the modules' code in a chunk exports nothing, so a compressor
          // would drop it as unused.
          const small = minifySync(`${source}.js`, text, { module: true, compress: false }).code;
          sources[source] = gzipSync(small, { level: 9 }).length;
        }
        listing[chunk.fileName] = sources;
      }
      const dir = options.dir ?? "build/client";
      fs.writeFileSync(
        path.join(dir, "..", CHUNK_CONTENTS_FILE),
        `${JSON.stringify(listing, null, 1)}\n`,
      );
    },
  };
}
