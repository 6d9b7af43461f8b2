// Generates React Router's route types, then runs the TypeScript compiler over everything.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const steps = [
  [path.join(root, "node_modules", "@react-router", "dev", "bin.js"), "typegen"],
  [path.join(root, "node_modules", "typescript", "bin", "tsc")],
];
for (const step of steps) {
  const result = spawnSync(process.execPath, step, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
