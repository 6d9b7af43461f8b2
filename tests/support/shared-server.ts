import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** One shared production server per e2e worker (tests/e2e/global-setup.ts), in pool order. */
    sharedServers: { url: string; dataDir: string }[];
  }
}

/**
 * The shared e2e server of this worker: files that run at the same time never share one, files
 * of one worker do (one after another). VITEST_POOL_ID counts the workers from 1.
 */
export function sharedServer(): { url: string; dataDir: string } {
  const servers = inject("sharedServers");
  const pool = Number(process.env.VITEST_POOL_ID ?? "1");
  const server = servers[(pool - 1) % servers.length];
  if (!server) throw new Error("no shared e2e server: is tests/e2e/global-setup.ts configured?");
  return server;
}
