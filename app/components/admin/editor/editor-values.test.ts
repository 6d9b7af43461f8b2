import { describe, expect, it } from "vitest";
import { editorErrorsOf } from "./editor-values";

describe("editorErrorsOf", () => {
  const blocks = [{ id: "a" }, { id: "b" }];

  it("sorts a page's errors into its own fields and its blocks by id", () => {
    const errors = editorErrorsOf(
      { "blocks.1.title": "Enter the heading.", path: "Enter an address." },
      blocks,
    );
    expect(errors.blocks).toEqual({ b: { title: "Enter the heading." } });
    expect(errors.page).toEqual({ path: "Enter an address." });
    expect(errors.first).toEqual({ blockId: "b", path: "title" });
  });

  it("reads another list's name (a campaign's body) the same way", () => {
    const errors = editorErrorsOf(
      {
        replyTo: "Enter a valid reply-to address.",
        "body.0.href": "The button link is required.",
        body: "A campaign can have at most 60 blocks.",
      },
      blocks,
      "body",
    );
    expect(errors.page).toEqual({
      replyTo: "Enter a valid reply-to address.",
      body: "A campaign can have at most 60 blocks.",
    });
    expect(errors.blocks).toEqual({ a: { href: "The button link is required." } });
    expect(errors.first).toEqual({ field: "replyTo" });
  });
});
