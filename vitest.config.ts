import path from "node:path";
import { defineConfig } from "vitest/config";
import { servedRoutesPlugin } from "./server/served-routes-plugin.ts";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

/** The stress files that run alone (see the "stress-solo" project). */
const SOLO_STRESS = [
  "tests/stress/load.test.ts",
  "tests/stress/faults-kill.test.ts",
  "tests/stress/faults-database.test.ts",
  "tests/stress/scale-out.test.ts",
];

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
          // Vitest's default on 2 cores is one worker; the files are independent (a database each).
          maxWorkers: 2,
          // Worker threads, not processes: each of the ~150 files starts faster (about 40 s less
          // for the whole run here); every file still gets its own modules.
          pool: "threads",
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
          // Two files at a time, each worker with its shared server (tests/support/shared-server.ts);
          // a file that starts a server or browser of its own closes it in its afterAll.
          maxWorkers: Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 2),
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll waits up to 10 s (vitest's default, 1 s, is less than a loaded CI machine
          // may take to draw a toast or move the focus; a passing poll returns at once anyway).
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        resolve: { alias },
        plugins: [servedRoutesPlugin()],
        test: {
          // Long runs under attack (`npm run test:stress`; CI runs them too): each file starts
          // its own servers and asserts outcomes, not timings, so two run at a time.
          name: "stress",
          include: ["tests/stress/**/*.test.ts"],
          exclude: SOLO_STRESS,
          environment: "node",
          globalSetup: ["tests/stress/global-setup.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          maxWorkers: 2,
          testTimeout: 15 * 60_000,
          hookTimeout: 5 * 60_000,
        },
      },
      {
        resolve: { alias },
        plugins: [servedRoutesPlugin()],
        test: {
          // Load and failure runs that load the machine themselves or time what they see (edits
          // reach the other process within a second): alone, one after another, after the rest.
          name: "stress-solo",
          include: SOLO_STRESS,
          environment: "node",
          globalSetup: ["tests/stress/global-setup.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 15 * 60_000,
          hookTimeout: 5 * 60_000,
        },
      },
    ],
  },
});
