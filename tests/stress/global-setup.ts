import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/build-if-stale.js";
import { makeDataTemplate } from "../support/server";

/**
 * The stress tests start their own servers (several, on purpose); they need a current build, and
 * those on PGlite start from a copy of one migrated database (see makeDataTemplate).
 */
export default async function setup(project: TestProject) {
  ensureBuild({ quiet: true });
  const template = await makeDataTemplate(
    fs.mkdtempSync(path.join(os.tmpdir(), "stress-template-")),
  );
  project.provide("dataTemplate", template);
  return () => fs.rmSync(template, { recursive: true, force: true });
}
