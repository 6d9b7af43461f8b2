import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkContentsPlugin } from "./server/chunk-contents-plugin.ts";
import { servedRoutesPlugin } from "./server/served-routes-plugin.ts";

/** A file of React Router's production build (node_modules/react-router/dist/production). */
const reactRouterProduction = (file: string) =>
  path.resolve(import.meta.dirname, "node_modules", "react-router", "dist", "production", file);

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: path.resolve(import.meta.dirname, "app") },
      // React Router's package answers every import with its development build, which differs
      // from the production build beside it only by its developer warnings being on. The
      // browser's copy of a production build takes the production one (0.6 KB gzip less on every
      // page); the server and the dev server keep the warnings.
      ...(command === "build" && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction("dom-export.mjs") },
          ]
        : []),
    ],
  },
  build: {
    // The server bundle's entry is our Express app (which imports React Router's build itself) and
    // the commands of scripts/*.js.
    rollupOptions: isSsrBuild
      ? { input: "./server/index.ts" }
      : {
          output: {
            // The shared pieces are named after every route that loads them; a short name will do.
            chunkFileNames: (chunk) =>
              chunk.name.startsWith("shared~")
                ? "assets/shared-[hash].js"
                : "assets/[name]-[hash].js",
            codeSplitting: {
              // The layout every page loads (header, footer, toasts, React DOM's small shared part
              // and what they import) in one chunk rather than twenty tiny ones: each file costs its
              // own request and gzip frame.
              groups: [
                {
                  name: "site",
                  test: /app[\\/](components[\\/](site-header|site-footer|toaster|ui[\\/]spinner)|lib[\\/](nonce|cookies|third-party-pages))|node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)/,
                },
                // What the pages built from blocks (the home page first) draw with on every visit:
                // the page module's own blocks and their helpers in one chunk. The blocks only some
                // pages have are loaded where used (app/components/blocks/block-view.tsx).
                {
                  name: "page-blocks",
                  test: /app[\\/](components[\\/](blocks[\\/](block-view|form-result|hero-block|service-cards|legal-last-updated|cta-block|product-showcase-block|block-link|block-image|back-button|test-hooks|page-json-ld)|marketing[\\/](gradient-headline|hero-stats|cta-banner)|not-found-meta)|pages[\\/]page-meta)\.tsx?$/,
                },
                // Small pieces many pages share (icons of a few hundred bytes each, the page
                // section and banner, the spinner, the meta helper): a file per set of pages that
                // use them, not one each; small sets merge with their nearest neighbour.
                {
                  name: "shared",
                  test: /node_modules[\\/]lucide-react[\\/]|app[\\/](components[\\/](ui[\\/]spinner|marketing[\\/](section|cta-banner))|lib[\\/]seo)/,
                  entriesAware: true,
                  entriesAwareMergeThreshold: 6144,
                },
              ],
            },
          },
        },
  },
  ssr: {
    // The server build bundles its dependencies: Node's module loader resolving and reading the
    // 2,300 files of node_modules it opened took 1.4 s of a 2.4 s import, paid by every
    // start and every `npm run admin` (a start: 3.2 s → 2.0 s, 4.6 → 2.7 s of CPU). The dev
    // server keeps Vite's default (dependencies loaded by Node as they are).
    ...(command === "build" ? { noExternal: true } : {}),
    // Native and WASM packages must be loaded from node_modules at run time, not bundled.
    external: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "pino", "nodemailer", "sharp"],
  },
  plugins: [tailwindcss(), reactRouter(), servedRoutesPlugin(), chunkContentsPlugin()],
}));
