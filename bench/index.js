// `npm run bench`: every measure, one after another, then docs/benchmarks.md.
//
//   npm run bench                  all steps, full length, then writes docs/benchmarks.md
//   npm run bench -- --quick       (or BENCH_QUICK=1) short runs for CI: proves every step still
//                                  runs, writes bench-results/ only, fails only on errors
//   TEST_DATABASE_URL=postgres://… adds PostgreSQL to the form, blog, backup and newsletter steps
//                                  (to the backup step only in quick mode)
//
// Steps run as their own processes, so one failing does not stop the others; each writes
// bench-results/<step>.json. The exit code is 1 when a step failed (an error: a crash, a wrong
// answer, lost or duplicated data) and, in a full run only, when a target was missed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "../scripts/build-if-stale.js";
import { loadAverage, machine, printHeader, quick, resultsDir, root } from "./common.js";
import { writeReport } from "./report.js";
import { startBenchServer } from "./server.js";

const STEPS = [
  { name: "pages", script: "bench/pages.js", what: "public pages: throughput and latency" },
  { name: "lighthouse", script: "bench/lighthouse.js", what: "Lighthouse and JavaScript sizes" },
  { name: "media", script: "bench/media.js", what: "uploads while serving" },
  { name: "forms-load", script: "bench/forms-load.js", what: "form submissions under load" },
  { name: "blog", script: "bench/blog.js", what: "the blog with many posts" },
  { name: "backup", script: "bench/backup.js", what: "backup and restore of 10,000 posts" },
  { name: "newsletter", script: "bench/newsletter.js", what: "a newsletter to 10,000 readers" },
];

// Build once before anything is timed (and before steps could race to build).
ensureBuild();
// Which build a step measured: a step rebuilds when the sources changed since (someone editing
// in the same tree), and then its figures are not of the same code as the steps before it.
const buildStamp = path.join(root, "build", ".source-hash");
const currentBuild = () =>
  fs.existsSync(buildStamp) ? fs.readFileSync(buildStamp, "utf8").trim().slice(0, 12) : null;
printHeader("npm run bench");
const run = {
  started: new Date().toISOString(),
  quick,
  machine: machine(),
  loadAverageAtStart: loadAverage(),
  postgres: Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL),
  steps: [],
};

// Was the machine shared? The load average counts the benchmark's own processes too, so each
// step measures instead the CPU time the whole machine used (/proc/stat) minus what the step's
// processes used (this process's reaped children, /proc/self/stat): the rest is other work.
// Linux only (null elsewhere); both count in clock ticks of 1/100 s.
const TICKS_PER_SECOND = 100;
function cpuSeconds() {
  try {
    const machine = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = machine.slice(1).map(Number);
    const self = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return {
      machineBusy: (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND,
      // utime, stime, cutime, cstime: fields 14 to 17, counted from the state (field 3).
      ours:
        self
          .slice(11, 15)
          .map(Number)
          .reduce((a, b) => a + b, 0) / TICKS_PER_SECOND,
    };
  } catch {
    return null;
  }
}

// One first start on PGlite, kept as the database every other PGlite server of the steps starts
// from (startBenchServer copies it): initdb and the migrations once, not once a server. The pages
// step still measures a real first start.
const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-template-"));
{
  const first = await startBenchServer({ dataDir: templateDir, fresh: true });
  const code = await first.stop();
  if (code !== 0) throw new Error(`the template's server stopped with ${code}:\n${first.output()}`);
}
process.on("exit", () => fs.rmSync(templateDir, { recursive: true, force: true }));

// Figures from an earlier run must not pass for this run's.
fs.mkdirSync(resultsDir, { recursive: true });
for (const step of STEPS) fs.rmSync(path.join(resultsDir, `${step.name}.json`), { force: true });

/** The last lines a step wrote to stderr: what the summary shows of a failure. */
const tail = (text, lines = 12) => text.trimEnd().split("\n").slice(-lines).join("\n");

/** Runs one step as its own process; its stderr is kept (and passed on) for the summary. */
function runStep(step) {
  const started = Date.now();
  const cpuBefore = cpuSeconds();
  const child = spawnSync(process.execPath, [step.script], {
    cwd: root,
    stdio: ["inherit", "inherit", "pipe"],
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, BENCH_QUICK: quick ? "1" : "0", BENCH_DATA_TEMPLATE: templateDir },
  });
  const stderr = child.stderr?.toString() ?? "";
  process.stderr.write(stderr);
  const exitCode = child.status ?? 1;
  const cpuAfter = cpuSeconds();
  const wallSeconds = (Date.now() - started) / 1000;
  const otherWorkCores =
    cpuBefore && cpuAfter
      ? +Math.max(
          0,
          (cpuAfter.machineBusy - cpuBefore.machineBusy - (cpuAfter.ours - cpuBefore.ours)) /
            wallSeconds,
        ).toFixed(2)
      : null;
  const wrote = fs.existsSync(path.join(resultsDir, `${step.name}.json`));
  return {
    name: step.name,
    exitCode,
    signal: child.signal,
    seconds: Math.round(wallSeconds),
    wroteResult: wrote,
    error: exitCode === 0 && wrote ? null : tail(stderr) || "(nothing on stderr)",
    build: currentBuild(),
    // Cores that other work kept busy on average while the step ran (0 on a quiet machine).
    otherWorkCores,
  };
}

for (const step of STEPS) {
  console.log(`\n=== ${step.what} (${step.script}) ===\n`);
  let result = runStep(step);
  // CI's quick run proves each step still works; one that failed once (Chromium not starting, a
  // port taken) gets one more try there, and the summary still names the first failure.
  if (quick && result.error) {
    console.log(`\n=== ${step.name} failed (${result.error.split("\n").at(-1)}); once more ===\n`);
    result = { ...runStep(step), failedFirst: result.error };
  }
  run.steps.push(result);
}
run.finished = new Date().toISOString();
fs.writeFileSync(path.join(resultsDir, "run.json"), `${JSON.stringify(run, null, 2)}\n`);

const failed = run.steps.filter((step) => step.exitCode !== 0 || !step.wroteResult);
const { missed, file } = writeReport({ write: !quick });

console.log("\n=== Summary ===");
for (const step of run.steps) {
  console.log(
    `  ${step.exitCode === 0 && step.wroteResult ? "ok   " : "ERROR"} ${step.name} (${step.seconds} s${step.exitCode === 0 ? "" : `, exit ${step.exitCode ?? step.signal}`}${step.wroteResult ? "" : ", no result written"}${step.failedFirst ? ", on its second try" : ""})`,
  );
  for (const [what, text] of [
    ["first try", step.failedFirst],
    ["error", step.error],
  ]) {
    if (text) console.log(`      ${what}: ${text.replaceAll("\n", "\n      ")}`);
  }
}
for (const target of missed) {
  console.log(`  target missed${quick ? " (not judged in quick mode)" : ""}: ${target}`);
}
console.log(
  file
    ? `Wrote ${path.relative(root, file)}`
    : "Quick mode: docs/benchmarks.md left as it is (`npm run bench:report` writes it from these results).",
);
process.exitCode = failed.length > 0 || (!quick && missed.length > 0) ? 1 : 0;
