import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { blockEditorConfig, newBlock } from "~/pages/block-fields";
import { FieldControls } from "./field-controls";

/** A block's fields as the editor draws them. */
function fields(type: "hero" | "cta", values: Record<string, unknown>) {
  const element = (
    <FieldControls
      fields={blockEditorConfig(type).fields}
      values={values}
      onPatch={() => {}}
      scope={{ blockId: "b1", base: "", errors: undefined }}
    />
  );
  const router = createMemoryRouter([{ path: "*", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const labelled = (markup: string, label: string) =>
  new RegExp(`<label[^>]*>${label}(<|\\s\\()`).test(markup) ||
  new RegExp(`<legend[^>]*>${label}<`).test(markup);

describe("a hero's fields in the editor", () => {
  const hero = newBlock("hero") as unknown as Record<string, unknown>;

  it("edit the figures, highlights, Back button and each button's icon and style", () => {
    const markup = fields("hero", hero);
    for (const label of [
      "Figures from",
      "Figures",
      "Highlights",
      "Highlight style",
      "Back button",
      "Button icon",
      "Button style",
    ])
      expect(labelled(markup, label), label).toBe(true);
    expect(markup).toContain('<option value="arrow-right">');
    expect(markup).toContain('<option value="plain">');
    expect(markup).not.toContain("The figures come from");
  });

  it("hide the figures while they come from Content → Statistics, and say where to edit them", () => {
    const markup = fields("hero", { ...hero, figuresFrom: "statistics" });
    expect(labelled(markup, "Figures")).toBe(false);
    expect(markup.replace(/<[^>]+>/g, "")).toContain("The figures come from Content → Statistics.");
    expect(markup).toMatch(/<a [^>]*href="\/admin\/content"[^>]*>Content → Statistics<\/a>/);
  });
});

describe("a call to action's fields in the editor", () => {
  it("choose the style and give an eyebrow", () => {
    const markup = fields("cta", newBlock("cta") as unknown as Record<string, unknown>);
    expect(labelled(markup, "Style")).toBe(true);
    expect(labelled(markup, "Eyebrow")).toBe(true);
    expect(markup).toContain('<option value="card">');
  });
});
