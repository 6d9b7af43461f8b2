import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/** The folder holding package.json, whether this code runs from source or from build/server. */
export function projectRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "drizzle", "meta"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Could not find the project folder (drizzle/meta)");
    dir = parent;
  }
  root = dir;
  return root;
}
