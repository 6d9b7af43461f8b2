// Which built scripts a visitor's page can load, and whether any of them carries the page editor's
// code. The editor (dnd-kit, and the editor components under app/components/admin/editor/) is
// for staff: a public page that pulled it in would make every visitor pay for it. Read from the
// client build's route manifest, so a route added later is covered without a list to keep.
import fs from "node:fs";
import path from "node:path";

/** Route modules that are not a visitor's: the dashboard, a person's account, the staff frame. */
const STAFF_ROUTE = /^routes\/(?:admin|account)\//;

/**
 * Text that survives minification and is found only in the editor's code: dnd-kit's default
 * screen-reader instructions, ProseMirror's (Tiptap's) editor class, and the editor's own marker
 * attribute.
 */
export const EDITOR_MARKERS = [
  { marker: "To pick up a draggable item", what: "dnd-kit" },
  { marker: "ProseMirror-", what: "Tiptap (ProseMirror)" },
  { marker: "data-page-editor", what: "the page editor (app/components/admin/editor)" },
];

/** React Router's client manifest of the build in `root`: routes with their module and imports. */
export function readClientManifest(root) {
  const dir = path.join(root, "build", "client", "assets");
  const file = fs.readdirSync(dir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no route manifest in ${dir}: build first (npm run build)`);
  const source = fs.readFileSync(path.join(dir, file), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return JSON.parse(json);
}

/** The /assets/ scripts each visitor route loads: the entry, its own module and their imports. */
export function publicRouteScripts(root) {
  const manifest = readClientManifest(root);
  const common = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
  const scripts = new Map();
  for (const route of Object.values(manifest.routes)) {
    const file = route.file ?? route.id;
    if (STAFF_ROUTE.test(file) || STAFF_ROUTE.test(`${route.id}`)) continue;
    // The layout of the staff frame wraps only staff routes.
    if (/^routes\/admin\//.test(route.id)) continue;
    for (const src of [...common, route.module, ...(route.imports ?? [])]) {
      if (!src) continue;
      if (!scripts.has(src)) scripts.set(src, new Set());
      scripts.get(src).add(route.id);
    }
  }
  return scripts;
}

/** Every public script that carries editor code, with what it carries and the routes that load it. */
export function editorCodeInPublicScripts(root) {
  const found = [];
  for (const [src, routes] of publicRouteScripts(root)) {
    const file = path.join(root, "build", "client", src.replace(/^\//, ""));
    const body = fs.readFileSync(file, "utf8");
    for (const { marker, what } of EDITOR_MARKERS) {
      if (body.includes(marker)) found.push({ src, what, routes: [...routes] });
    }
  }
  return found;
}
