// Keeps N connections busy against one URL for a while and reports requests/s and latencies:
// with wrk when this machine has it (C, two threads: it costs the machine far less than the
// server it measures, so a fast server is not held back by its client), else with autocannon.
import { spawn, spawnSync } from "node:child_process";
import autocannon from "autocannon";

/** WRK_PATH when set, else wrk on PATH; null when there is none. */
export function findWrk() {
  const bin = process.env.WRK_PATH || "wrk";
  const probe = spawnSync(bin, ["--version"], { stdio: "pipe" });
  // wrk prints its version and usage, and exits 1, for --version.
  const text = `${probe.stdout ?? ""}${probe.stderr ?? ""}`;
  if (probe.error || !/^wrk /m.test(text)) return null;
  return { bin, version: text.match(/^wrk \S+/m)?.[0] ?? "wrk" };
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const UNIT_BYTES = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

function duration(text) {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  // Rounded to the microsecond: 575us is 0.575 ms, not 0.5750000000000001.
  return match ? Math.round(Number(match[1]) * UNIT_MS[match[2]] * 1000) / 1000 : Number.NaN;
}

/** The figures of wrk's `--latency` report. */
export function parseWrk(output) {
  const percentile = (p) => duration(new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m").exec(output)?.[1]);
  const totals = /(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB|TB) read/.exec(output);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const requests = Number(totals?.[1] ?? 0);
  const connectErrors = Number(socket?.[1] ?? 0);
  const readErrors = Number(socket?.[2] ?? 0);
  const writeErrors = Number(socket?.[3] ?? 0);
  const timeouts = Number(socket?.[4] ?? 0);
  return {
    requestsPerSecond: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0)),
    latencyP50Ms: percentile(50),
    latencyP99Ms: percentile(99),
    requests,
    transferBytes: requests
      ? Math.round((Number(totals?.[2]) * UNIT_BYTES[totals?.[3] ?? "B"]) / requests)
      : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: connectErrors + readErrors + writeErrors + timeouts,
    timeouts,
  };
}

function runWrk(wrk, { url, headers, connections, durationS }) {
  const args = ["-t", "2", "-c", String(connections), "-d", `${durationS}s`, "--latency"];
  for (const [name, value] of Object.entries(headers ?? {})) args.push("-H", `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(wrk.bin, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`wrk exited with ${code}:\n${output}`));
      else resolve(parseWrk(output));
    });
  });
}

async function runAutocannon({ url, headers, connections, durationS }) {
  const result = await autocannon({ url, connections, duration: durationS, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    transferBytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** A load generator: `run({ url, headers, connections, durationS })` and its name. */
export function loadGenerator() {
  const wrk = findWrk();
  if (wrk) return { name: wrk.version, run: (options) => runWrk(wrk, options) };
  return { name: "autocannon", run: runAutocannon };
}
