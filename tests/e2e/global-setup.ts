import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/build-if-stale.js";
import { makeDataTemplate, type RunningServer, startServer } from "../support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/** Builds once if needed and starts one production server for the browser tests. */
export default async function setup(project: TestProject) {
  ensureBuild({ quiet: true });
  // One first start makes the database every other server of the run starts from (a copy).
  const template = await makeDataTemplate(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-template-")));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
  // Behind "loopback" the server takes the client address from X-Forwarded-For, so each test can
  // submit forms as its own visitor (see newClientContext) without tripping per-address limits.
  let server: RunningServer | undefined = await startServer({
    dataDir,
    env: { TRUST_PROXY: "loopback" },
    template,
  });
  project.provide("baseURL", server.url);
  project.provide("dataDir", dataDir);
  project.provide("dataTemplate", template);
  return async () => {
    await server?.stop();
    server = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(template, { recursive: true, force: true });
  };
}
