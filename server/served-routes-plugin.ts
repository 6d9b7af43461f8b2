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

/**
 * Every entry of the route table with its whole path, parents first; a pathless layout stands at
 * its parent's path (its loader runs for its children's addresses). Shared with the access test's
 * list of addresses (tests/support/route-addresses.ts).
 */
export function routeEntries(
  entries: readonly RouteConfigEntry[],
  parent = "",
): (ServedRoute & { layout: boolean })[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/{2,}/g, "/") : parent;
    const layout = !entry.index && entry.path === undefined;
    return [
      { path: own || "/", file: entry.file, layout },
      ...routeEntries(entry.children ?? [], own),
    ];
  });
}

/** The addresses the route table answers: its entries but the pathless layouts. */
export function flattenRoutes(entries: readonly RouteConfigEntry[]): ServedRoute[] {
  return routeEntries(entries)
    .filter((entry) => !entry.layout)
    .map(({ path, file }) => ({ path, file }));
}

/** The routes server/app.ts mounts itself (`app.get("/healthz", …)`), read from its source. */
export function expressRoutes(source: string) {
  return [...source.matchAll(/app\.(get|post|all|use)\(\s*"([^"]+)",([^;]*)/g)].map(
    ([, method, mount, rest]) => ({
      method: method as string,
      mount: mount as string,
      /** The rest of the call, up to its end: the handlers. */
      rest: rest ?? "",
    }),
  );
}

/** The paths server/app.ts mounts before React Router (`/healthz`, `/media/:name`). */
export function expressMounts(source: string): string[] {
  // React Router's catch-all ("*splat") is left out: its addresses are the route table's.
  const mounts = expressRoutes(source)
    .map((route) => route.mount)
    .filter((mount) => mount.startsWith("/"));
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
