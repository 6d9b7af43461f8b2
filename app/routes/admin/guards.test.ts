import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../routes";

/**
 * Deny by default: every loader and action of the dashboard names the role it needs. Read from the
 * source, so a new admin module that forgets the check fails here before any server starts.
 */

const adminDir = import.meta.dirname;

const GUARD =
  /\bawait\s+(requireRole|requireRoleApi|requireRoleOrApiKey)\(\s*request\s*,\s*"(admin|editor)"\s*\)/;

/** The source of `export … loader|action` up to its closing brace at the start of a line. */
function exportedHandler(source: string, name: "loader" | "action"): string | null {
  const start = source.search(
    new RegExp(`^export\\s+(?:async\\s+function\\s+|function\\s+|const\\s+)${name}\\b`, "m"),
  );
  if (start < 0) return null;
  const end = source.indexOf("\n}", start);
  return source.slice(start, end < 0 ? undefined : end + 2);
}

/**
 * What is wrong with a module's loader and action: a handler without a guard that names a role,
 * or one that awaits something (a database read, the request body) before its guard.
 */
function guardProblems(source: string): string[] {
  const problems: string[] = [];
  for (const name of ["loader", "action"] as const) {
    const body = exportedHandler(source, name);
    if (body === null) continue;
    const guard = GUARD.exec(body);
    if (!guard) {
      problems.push(`${name} does not call requireRole/requireRoleApi/requireRoleOrApiKey`);
      continue;
    }
    const firstAwait = body.search(/\bawait\b/);
    if (firstAwait < guard.index) problems.push(`${name} awaits something before its role check`);
  }
  return problems;
}

function adminModules() {
  return fs
    .readdirSync(adminDir)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .sort();
}

function routeFiles(entries: RouteConfigEntry[], parent: string, into: [string, string][]) {
  for (const entry of entries) {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    into.push([full, entry.file]);
    if (entry.children) routeFiles(entry.children, full, into);
  }
  return into;
}

describe("the dashboard's role checks", () => {
  it("has every loader and action of app/routes/admin check a named role first", () => {
    const modules = adminModules();
    expect(modules.length).toBeGreaterThan(20);
    const problems = modules.flatMap((file) =>
      guardProblems(fs.readFileSync(path.join(adminDir, file), "utf8")).map(
        (problem) => `${file}: ${problem}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it("serves every /admin address from a module in app/routes/admin", () => {
    const elsewhere = routeFiles(routes as RouteConfigEntry[], "", [])
      .filter(([address]) => address === "admin" || address.startsWith("admin/"))
      .filter(([, file]) => !file.startsWith("routes/admin/"));
    expect(elsewhere).toEqual([]);
  });

  it("catches a handler without a check, with a check that names no role, or checking too late", () => {
    expect(
      guardProblems(`export async function loader({ request }: Route.LoaderArgs) {
  return { rows: await listRows(getDb()) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, "admin");
  return null;
}
`),
    ).toEqual(["loader does not call requireRole/requireRoleApi/requireRoleOrApiKey"]);
    expect(
      guardProblems(`export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  await requireRole(request, role);
}
`),
    ).toEqual(["action does not call requireRole/requireRoleApi/requireRoleOrApiKey"]);
    expect(
      guardProblems(`export const loader = async ({ request }: Route.LoaderArgs) => {
  const form = await request.formData();
  await requireRoleApi(request, "editor");
};
`),
    ).toEqual(["loader awaits something before its role check"]);
    expect(
      guardProblems(`export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireRole(request, "editor");
  return { email: staff.email };
}
`),
    ).toEqual([]);
  });
});
