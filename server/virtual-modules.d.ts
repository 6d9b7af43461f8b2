declare module "virtual:react-router/server-build" {
  const build: import("react-router").ServerBuild;
  export = build;
}

declare module "virtual:served-routes" {
  /** Every route of app/routes.ts: its whole path (`/blog/:slug`) and its file under app/. */
  export const servedRoutes: readonly import("./served-routes-plugin").ServedRoute[];
  /** The paths server/app.ts mounts before React Router: `/healthz`, `/media/:name`. */
  export const serverMounts: readonly string[];
  /** The names at the top of public/, which Express serves as files before any route. */
  export const publicEntries: readonly string[];
}
