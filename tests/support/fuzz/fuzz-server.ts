import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAdmin, dataTemplate } from "../admin";
import { type RunningServer, startServer } from "../server";
import type { FuzzReport } from "./runner";
import { rotatingAddress } from "./runner";

/**
 * A production server of the fuzz file's own: TRUST_PROXY=loopback, so each request's
 * X-Forwarded-For is its client address and the per-address rate limits never hide a handler.
 */
export async function startFuzzServer(env: NodeJS.ProcessEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stress-fuzz-"));
  const server = await startServer({
    dataDir,
    env: { TRUST_PROXY: "loopback", ...env },
    template: dataTemplate(),
  });
  return {
    server,
    dataDir,
    async close() {
      const code = await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** The session cookie of a fresh admin, signed in through better-auth's endpoint. */
export async function adminCookie(server: RunningServer) {
  const admin = await createAdmin(server.dataDir);
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: server.url,
      "X-Forwarded-For": rotatingAddress(),
    },
    body: JSON.stringify(admin),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { admin, cookie };
}

/** /healthz answers 200 (the process is up and serving). */
export async function healthy(server: RunningServer) {
  try {
    const response = await fetch(`${server.url}/healthz`);
    return response.status;
  } catch {
    return 0;
  }
}

/** One line per endpoint for the test's output: cases, statuses, time. */
export function summary(report: FuzzReport) {
  const statuses = Object.entries(report.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
  const retried = report.retried
    ? `, ${report.retried} resent after a dropped connection: ${report.retryCauses.join("; ")}`
    : "";
  return `${report.name}: ${report.cases} cases in ${(report.ms / 1000).toFixed(1)} s (${statuses}${retried})`;
}
