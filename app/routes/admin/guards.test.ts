import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { sectionOfPath } from "~/admin/tabs";
import routes from "../../routes";

/**
 * Deny by default: every loader and action of the dashboard asks for the section its address
 * belongs to (app/admin/tabs.ts, which holds each section's role). Read from the source, so a new
 * admin module that forgets the check, or names another tab's section, fails here before any
 * server starts.
 */

const adminDir = import.meta.dirname;

const GUARD = /\bawait\s+(requireSection|requireSectionApi)\(\s*request\s*,\s*"([a-z-]+)"\s*\)/;

/** The layout every tab shares asks only for staff (any section's least role). */
const LAYOUT_GUARD = /\bawait\s+requireRole\(\s*request\s*,\s*"editor"\s*\)/;

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
 * What is wrong with a module's loader and action: a handler without a guard, one that asks for
 * another section than `section` (the one of the module's address), or one that awaits something
 * (a database read, the request body) before its guard. The layout (`section` "layout") asks for
 * staff instead.
 */
function guardProblems(source: string, section: string): string[] {
  const problems: string[] = [];
  for (const name of ["loader", "action"] as const) {
    const body = exportedHandler(source, name);
    if (body === null) continue;
    if (section === "pathless") {
      problems.push(`${name} in a pathless layout, which no section's role guards`);
      continue;
    }
    const guard = section === "layout" ? LAYOUT_GUARD.exec(body) : GUARD.exec(body);
    if (!guard) {
      problems.push(
        section === "layout"
          ? `${name} does not call requireRole(request, "editor")`
          : `${name} does not call requireSection/requireSectionApi`,
      );
      continue;
    }
    if (section !== "layout" && guard[2] !== section) {
      problems.push(`${name} asks for section "${guard[2]}", but its address is in "${section}"`);
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

/** Layout routes without an address of their own (the admin shell around /admin and /account). */
function pathlessLayouts(entries: RouteConfigEntry[], into = new Set<string>()) {
  for (const entry of entries) {
    if (entry.path === undefined && !entry.index && entry.children) {
      into.add(path.basename(entry.file));
    }
    if (entry.children) pathlessLayouts(entry.children, into);
  }
  return into;
}
const PATHLESS_LAYOUTS = pathlessLayouts(routes as RouteConfigEntry[]);

function routeFiles(entries: RouteConfigEntry[], parent: string, into: [string, string][]) {
  for (const entry of entries) {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    into.push([full, entry.file]);
    if (entry.children) routeFiles(entry.children, full, into);
  }
  return into;
}

/** The addresses of app/routes.ts each module of app/routes/admin serves ("/admin/blog/media"). */
function addressesByModule(): Map<string, string[]> {
  const byModule = new Map<string, string[]>();
  for (const [address, file] of routeFiles(routes as RouteConfigEntry[], "", [])) {
    const name = path.basename(file);
    if (file !== `routes/admin/${name}`) continue;
    byModule.set(name, [...(byModule.get(name) ?? []), `/${address}`]);
  }
  return byModule;
}

/**
 * The section a module's handlers must ask for: the one of its addresses, "layout" (staff), or
 * "pathless" for a layout without an address, which may have no loader or action at all.
 */
function sectionOfModule(file: string, addresses: string[]): string | string[] {
  if (file === "layout.tsx") return "layout";
  if (PATHLESS_LAYOUTS.has(file)) return "pathless";
  const sections = new Set(addresses.map((address) => sectionOfPath(address)?.section));
  if (addresses.length === 0) return [`${file}: is no route of app/routes.ts`];
  if (sections.has(undefined)) {
    return [`${file}: serves ${addresses.join(", ")}, which no tab of app/admin/tabs.ts covers`];
  }
  if (sections.size > 1) return [`${file}: serves addresses of several sections`];
  return [...sections][0] as string;
}

describe("the dashboard's role checks", () => {
  it("has every loader and action of app/routes/admin ask for its address's section first", () => {
    const modules = adminModules();
    expect(modules.length).toBeGreaterThan(20);
    const addresses = addressesByModule();
    const problems = modules.flatMap((file) => {
      const section = sectionOfModule(file, addresses.get(file) ?? []);
      if (Array.isArray(section)) return section;
      return guardProblems(fs.readFileSync(path.join(adminDir, file), "utf8"), section).map(
        (problem) => `${file}: ${problem}`,
      );
    });
    expect(problems).toEqual([]);
  });

  it("serves every /admin address from a module in app/routes/admin", () => {
    const elsewhere = routeFiles(routes as RouteConfigEntry[], "", [])
      .filter(([address]) => address === "admin" || address.startsWith("admin/"))
      .filter(([, file]) => !file.startsWith("routes/admin/"));
    expect(elsewhere).toEqual([]);
  });

  it("puts a resource route in the section of the tab above it, and an address no tab covers in none", () => {
    expect(sectionOfPath("/admin")?.section).toBe("overview");
    expect(sectionOfPath("/admin/team")?.section).toBe("team");
    expect(sectionOfPath("/admin/settings/backups/site.tar.gz")?.section).toBe("settings");
    expect(sectionOfPath("/admin/integrations/deliveries")?.section).toBe("integrations");
    expect(sectionOfPath("/admin/no-such-tab")).toBeUndefined();
    expect(sectionOfPath("/admin/blogroll")).toBeUndefined();
    expect(sectionOfModule("shell.tsx", ["/"])).toBe("pathless");
    expect(sectionOfModule("new-tab.tsx", ["/admin/new-tab"])).toEqual([
      "new-tab.tsx: serves /admin/new-tab, which no tab of app/admin/tabs.ts covers",
    ]);
  });

  it("catches a handler without a check, with a check that names no section or another one, or checking too late", () => {
    const handler = (name: "loader" | "action", ...lines: string[]) =>
      `export async function ${name}({ request }: Route.LoaderArgs) {\n${lines.join("\n")}\n}\n`;
    const cases: [source: string, section: string, problems: string[]][] = [
      [
        handler("loader", "  return { rows: await listRows(getDb()) };") +
          handler("action", '  const user = await requireSection(request, "team");'),
        "team",
        ["loader does not call requireSection/requireSectionApi"],
      ],
      [
        handler(
          "action",
          "  await requireUser(request);",
          "  await requireSection(request, section);",
        ),
        "team",
        ["action does not call requireSection/requireSectionApi"],
      ],
      [
        handler("action", '  const user = await requireRole(request, "admin");'),
        "team",
        ["action does not call requireSection/requireSectionApi"],
      ],
      [
        handler("loader", '  await requireSection(request, "blog");'),
        "settings",
        ['loader asks for section "blog", but its address is in "settings"'],
      ],
      [
        `export const loader = async ({ request }: Route.LoaderArgs) => {
  const form = await request.formData();
  await requireSectionApi(request, "blog");
};
`,
        "blog",
        ["loader awaits something before its role check"],
      ],
      [
        handler(
          "loader",
          '  const staff = await requireSection(request, "overview");',
          "  return { email: staff.email };",
        ),
        "overview",
        [],
      ],
      [
        handler("loader", '  const staff = await requireSection(request, "overview");'),
        "layout",
        ['loader does not call requireRole(request, "editor")'],
      ],
      [handler("loader", '  const staff = await requireRole(request, "editor");'), "layout", []],
      [
        handler("loader", '  const staff = await requireRole(request, "editor");'),
        "pathless",
        ["loader in a pathless layout, which no section's role guards"],
      ],
    ];
    for (const [source, section, problems] of cases) {
      expect(guardProblems(source, section), source).toEqual(problems);
    }
  });
});
