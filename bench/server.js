// The production server as the benchmarks start it: its own port and data, ready when /readyz is.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { collectOutput, root } from "./common.js";

/** A process's resident memory in MB now (VmRSS) and at its highest so far (VmHWM); Linux only. */
export function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    return { rssMB: Math.round(kb("VmRSS") / 1024), peakMB: Math.round(kb("VmHWM") / 1024) };
  } catch {
    return null;
  }
}

/** The highest resident memory of `pid` while `work` runs, sampled every 100 ms. */
export async function peakMemoryDuring(pid, work) {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, memoryOf(pid)?.rssMB ?? 0);
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, peakMB: peak };
  } finally {
    clearInterval(timer);
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** How long a server may take to answer /readyz. */
const READY_WITHIN_S = 120;

/**
 * Starts `node server.js` on 127.0.0.1 with `dataDir` (and `databaseUrl` when given); `env` adds
 * settings, `unset` removes inherited ones. Resolves once the server answers /readyz.
 *
 * On PGlite, a data directory without a database starts from a copy of BENCH_DATA_TEMPLATE's
 * (made once by `npm run bench`: the first start's initdb, migrations and seeding), unless
 * `fresh` asks for a real first start, as the step that measures one does.
 */
export async function startBenchServer({
  dataDir,
  databaseUrl,
  env: extra = {},
  unset = [],
  fresh = false,
}) {
  const template = process.env.BENCH_DATA_TEMPLATE;
  const db = path.join(dataDir, "db");
  if (template && !databaseUrl && !fresh && !fs.existsSync(db)) {
    fs.cpSync(path.join(template, "db"), db, { recursive: true });
  }
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    LOG_LEVEL: "warn",
    ...extra,
  };
  for (const name of unset) delete env[name];
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child);
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // A first start migrates and seeds: on a busy machine (CI, other work) that can take a minute.
  const deadline = Date.now() + READY_WITHIN_S * 1000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with ${child.exitCode} before it was ready:\n${output()}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server was not ready within ${READY_WITHIN_S} s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid,
    output,
    /** The log lines of level error or fatal (pino's 50 and 60): none is expected in a run. */
    errorLines: () =>
      output()
        .split("\n")
        .filter((line) => line.includes('"level":50') || line.includes('"level":60')),
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
