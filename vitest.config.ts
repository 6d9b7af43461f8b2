import path from "node:path";
import { defineConfig } from "vitest/config";
import { servedRoutesPlugin } from "./server/served-routes-plugin.ts";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        plugins: [servedRoutesPlugin()],
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "tests/integration/**/*.test.ts",
          ],
          environment: "node",
          globalSetup: ["tests/setup/pglite-template.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        plugins: [servedRoutesPlugin()],
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          // One browser and one server are shared; files run one after another on 2 cores.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        plugins: [servedRoutesPlugin()],
        test: {
          // Long runs under attack, load and failure (`npm run test:stress`; CI runs them too).
          name: "stress",
          include: ["tests/stress/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/stress/global-setup.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          // Each file starts its own servers and loads the machine; one file at a time.
          fileParallelism: false,
          testTimeout: 15 * 60_000,
          hookTimeout: 5 * 60_000,
        },
      },
    ],
  },
});
