import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  editorCodeInPublicScripts,
  publicRouteScripts,
  readClientManifest,
} from "../../scripts/public-chunks.js";

/**
 * The page editor is for staff: no script a visitor's page loads may carry its code (the global
 * setup has built the app). The same check runs in `npm run bench`.
 */
const root = path.resolve(import.meta.dirname, "../..");

describe("the scripts of public pages", () => {
  it("carry none of the page editor's code, which the editor's own route does load", () => {
    expect(editorCodeInPublicScripts(root)).toEqual([]);

    // The markers are real: the editor's route loads scripts that carry them.
    const manifest = readClientManifest(root);
    const editor = manifest.routes["routes/admin/page-editor"];
    if (!editor) throw new Error("the page editor's route is not in the build");
    const publicScripts = publicRouteScripts(root);
    const editorOnly = [editor.module, ...(editor.imports ?? [])].filter(
      (src) => !publicScripts.has(src),
    );
    expect(editorOnly.length).toBeGreaterThan(0);
    const bodies = editorOnly.map((src) =>
      fs.readFileSync(path.join(root, "build", "client", src), "utf8"),
    );
    expect(bodies.some((body) => body.includes("To pick up a draggable item"))).toBe(true);
    expect(bodies.some((body) => body.includes("data-page-editor"))).toBe(true);
  });
});
