import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { type Plugin, runnerImport } from "vite";

/**
 * `virtual:served-routes`: every address pattern of the route table (app/routes.ts) with its
 * file, the paths server/app.ts mounts before React Router, and the names at the top of public/,
 * for code that must know what the app answers without a list kept by hand (the redirects'
 * sources: app/lib/redirect-sources.ts). Read from the same app/routes.ts React Router builds
 * from, for the browser and the server bundle alike; the dev server and the tests read it once.
 */
const ID = "virtual:served-routes";
const RESOLVED_ID = `\0${ID}`;

export interface ServedRoute {
  /** The whole path, from the root: `/`, `/blog/:slug`, `/admin/settings`. */
  path: string;
  /** The route module, relative to app/: `routes/blog/post.tsx`. */
  file: string;
}

export function flattenRoutes(entries: readonly RouteConfigEntry[], parent = ""): ServedRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/{2,}/g, "/") : parent;
    const answers = entry.index || entry.path !== undefined;
    return [
      ...(answers ? [{ path: own || "/", file: entry.file }] : []),
      ...flattenRoutes(entry.children ?? [], own),
    ];
  });
}

/** The paths server/app.ts mounts itself (`/healthz`, `/media/:name`), read from its source. */
export function expressMounts(source: string): string[] {
  const mounts = [...source.matchAll(/app\.(?:get|post|all|use)\(\s*"(\/[^"]*)"/g)].map(
    ([, mount]) => mount as string,
  );
  // React Router's catch-all ("*splat") is left out: its addresses are the route table's.
  return [...new Set(mounts)].sort();
}

export function servedRoutesPlugin(): Plugin {
  let publicDir: string | false = false;
  let root = process.cwd();
  return {
    name: "served-routes",
    configResolved(config) {
      publicDir = config.publicDir || false;
      root = config.root;
    },
    resolveId(id) {
      return id === ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // Through Vite's module runner, without this config: routes.ts is TypeScript.
      const { module: routes } = await runnerImport<{ default: RouteConfigEntry[] }>(
        path.join(root, "app", "routes.ts"),
        { configFile: false, logLevel: "silent" },
      );
      const app = fs.readFileSync(path.join(root, "server", "app.ts"), "utf8");
      const publicEntries =
        publicDir && fs.existsSync(publicDir) ? fs.readdirSync(publicDir).sort() : [];
      return [
        `export const servedRoutes = ${JSON.stringify(flattenRoutes(routes.default))};`,
        `export const serverMounts = ${JSON.stringify(expressMounts(app))};`,
        `export const publicEntries = ${JSON.stringify(publicEntries)};`,
      ].join("\n");
    },
  };
}
