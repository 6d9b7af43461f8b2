import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/build-if-stale.js";
import { makeDataTemplate, type RunningServer, startServer } from "../support/server";
import "../support/shared-server";

/**
 * Builds once if needed, then starts one production server per worker (sharedServer() picks a
 * file's), each on a copy of one template database.
 */
export default async function setup(project: TestProject) {
  ensureBuild({ quiet: true });
  // One first start makes the database every other server of the run starts from (a copy).
  const template = await makeDataTemplate(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-template-")));
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers: RunningServer[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const server of servers) fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(template, { recursive: true, force: true });
  };
  try {
    for (let worker = 0; worker < workers; worker += 1) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
      // Behind "loopback" the server takes the client address from X-Forwarded-For, so each test
      // can submit forms as its own visitor (see newClientContext) without tripping per-address
      // limits.
      servers.push(await startServer({ dataDir, env: { TRUST_PROXY: "loopback" }, template }));
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide(
    "sharedServers",
    servers.map((server) => ({ url: server.url, dataDir: server.dataDir })),
  );
  project.provide("dataTemplate", template);
  return stopAll;
}
