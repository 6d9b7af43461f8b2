// Builds the app when build/ is missing or was made from other sources than the ones here;
// `--always` (npm run build) builds in any case. Either way the build is stamped with the hash of
// its sources (build/.source-hash), so the next start does not build again.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampFile = path.join(root, "build", ".source-hash");
const inputs = [
  "app",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    if (name.endsWith(".test.ts") || name.endsWith(".test.tsx")) continue;
    yield* files(path.join(entry, name));
  }
}

export function sourceHash() {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(fs.readFileSync(path.join(root, file)));
    }
  }
  return hash.digest("hex");
}

export function ensureBuild({ quiet = false, always = false } = {}) {
  const wanted = sourceHash();
  const current = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8").trim() : "";
  const built = fs.existsSync(path.join(root, "build", "server", "index.js"));
  if (!always && current === wanted && built) return false;
  if (!quiet && !always)
    process.stdout.write("Building the app (first start, or the sources changed)...\n");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "@react-router", "dev", "bin.js"), "build"],
    {
      cwd: root,
      stdio: quiet ? "pipe" : "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
    throw new Error("The build failed");
  }
  fs.writeFileSync(stampFile, wanted);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  ensureBuild({ always: process.argv.includes("--always") });
