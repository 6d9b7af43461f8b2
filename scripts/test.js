// `npm test`: typecheck, lint, unit and integration tests, then the browser tests against the
// production build; with STRESS=1 (as in CI) also the long stress tests. Ends with each suite's
// result and time, the total time, then one summary line that CI reads.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const startedAll = Date.now();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "test-report-"));

let passed = 0;
let failed = 0;
const rows = [];
/** The failed tests' names, printed above the summary so that a red run says what to look at. */
const failures = [];

function run(label, command, args) {
  process.stdout.write(`\n=== ${label}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

function check(label, command, args) {
  const { ok, seconds } = run(label, command, args);
  record(label, ok, seconds);
}

function record(label, ok, seconds) {
  if (ok) passed += 1;
  else failed += 1;
  rows.push(`${label.padEnd(12)} ${ok ? "ok" : "FAILED"} (${seconds} s)`);
}

/**
 * Starts `command` in the background with its output kept; `done()` prints the output under the
 * label (as `run` would have) and records the result. For a check that runs beside a suite.
 */
function inBackground(label, command, args) {
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, env: process.env });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => {
    child.once("error", (error) => {
      output += `${error.message}\n`;
      resolve(1);
    });
    child.once("exit", (code) => resolve(code));
  });
  return async () => {
    const code = await exited;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`\n=== ${label} (ran beside the unit tests)\n${output}`);
    record(label, code === 0, seconds);
  };
}

/**
 * The first line of a failed test's error and the test files' lines it passed through (the CI log
 * keeps only the end of the output, where this list is: the reason must be here, not above).
 */
function whyItFailed(messages) {
  const text = String((messages ?? [])[0] ?? "");
  const first = text.split("\n")[0].trim().slice(0, 300);
  const at = [...text.matchAll(/(tests\/[\w./-]+\.ts):(\d+):\d+/g)]
    .map((m) => `${m[1]}:${m[2]}`)
    .filter((where, index, all) => all.indexOf(where) === index)
    .slice(0, 4);
  return [first, at.length ? `at ${at.join(" < ")}` : ""].filter(Boolean).join(" ");
}

/** "e2e  tests/e2e/x.test.ts › group › test" for each failed test of a vitest JSON report. */
function failedTestsOf(label, report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name ?? "");
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests) {
      names.push([`${label}  ${where}`, ...(test.ancestorTitles ?? []), test.title].join(" › "));
      const why = whyItFailed(test.failureMessages);
      if (why) names.push(`    ${why}`);
    }
    // A file that failed outside its tests (an import error, a hook): its first line says why.
    if (file.status === "failed" && failedTests.length === 0) {
      const why = String(file.message ?? "").split("\n")[0];
      names.push(`${label}  ${where}${why ? ` (${why})` : ""}`);
    }
  }
  return names;
}

function suite(label, ...projects) {
  const report = path.join(reports, `${label}.json`);
  const { ok, seconds } = run(label, bin("vitest"), [
    "run",
    ...projects.flatMap((project) => ["--project", project]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
  let counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 };
  try {
    counts = JSON.parse(fs.readFileSync(report, "utf8"));
  } catch {
    // No report: the run itself failed before any test (counted below).
  }
  passed += counts.numPassedTests;
  failed += counts.numFailedTests;
  failures.push(...failedTestsOf(label, counts));
  const skipped = counts.numPendingTests + counts.numTodoTests;
  // A run that failed without a failing test (a crash, a hook error) still counts as a failure.
  if (!ok && counts.numFailedTests === 0) failed += 1;
  rows.push(
    `${label.padEnd(12)} ${counts.numPassedTests} passed, ${counts.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""} (${seconds} s)`,
  );
}

// The typecheck is one thread for about 40 s: it runs beside the unit tests, which leave a core
// idle now and then (files waiting on PostgreSQL, the last files of the run), not before them.
const typecheckDone = inBackground("typecheck", process.execPath, [
  path.join(root, "scripts", "typecheck.js"),
]);
check("lint", bin("biome"), ["check", "."]);
suite("unit", "unit");
await typecheckDone();
suite("e2e", "e2e");
if (process.env.STRESS === "1") suite("stress", "stress", "stress-solo");

fs.rmSync(reports, { recursive: true, force: true });
if (failures.length > 0) process.stdout.write(`\nFailed:\n  ${failures.join("\n  ")}\n`);
// .ci/run passes the time of the benchmarks it ran before this (they have no tests to count).
const benchSeconds = process.env.CI_BENCH_SECONDS
  ? Number(process.env.CI_BENCH_SECONDS)
  : undefined;
if (benchSeconds !== undefined)
  rows.unshift(`${"bench".padEnd(12)} ok (${benchSeconds.toFixed(1)} s)`);
const total = (Date.now() - startedAll) / 1000 + (benchSeconds ?? 0);
rows.push(`${"total".padEnd(12)} ${total.toFixed(1)} s`);
process.stdout.write(`\n${rows.join("\n")}\n\n`);
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exitCode = failed === 0 ? 0 : 1;
