import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  build: {
    // The server bundle's entry is our Express app, which imports React Router's build itself.
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            codeSplitting: {
              // The layout every page loads (header, footer, toasts and what they import) in one
              // chunk rather than twenty tiny ones: each file costs its own request and gzip frame.
              groups: [
                {
                  name: "site",
                  test: /app[\\/](components[\\/](site-header|site-footer|toaster)|lib[\\/]nonce)/,
                },
              ],
            },
          },
        },
  },
  // Native and WASM packages must be loaded from node_modules at run time, not bundled.
  ssr: {
    external: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "pino", "nodemailer", "sharp"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
