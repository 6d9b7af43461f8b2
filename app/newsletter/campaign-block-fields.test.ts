import { describe, expect, it } from "vitest";
import { campaignBlockCatalog } from "./campaign-block-fields";
import { CAMPAIGN_BLOCK_TYPES, campaignBlockSchema } from "./campaign-body";

describe("the campaign's block catalog", () => {
  const catalog = campaignBlockCatalog([{ slug: "spring", title: "Spring news" }]);

  it("offers every e-mail block in the Add block menu", () => {
    expect(catalog.menu.map((entry) => entry.type)).toEqual(CAMPAIGN_BLOCK_TYPES);
  });

  it("gives each block's fields the names its schema reads", () => {
    for (const type of CAMPAIGN_BLOCK_TYPES) {
      const block = catalog.newBlock(type) as Record<string, unknown>;
      for (const field of catalog.fields(type)) expect(block).toHaveProperty(field.name);
    }
  });

  it("starts the blocks that need no choice valid, and copies under a new id", () => {
    for (const type of ["heading", "text", "button", "divider"]) {
      expect(campaignBlockSchema.safeParse(catalog.newBlock(type)).success).toBe(true);
    }
    const heading = catalog.newBlock("heading");
    const copy = catalog.copyBlock(heading);
    expect(copy).toEqual({ ...heading, id: copy.id });
    expect(copy.id).not.toBe(heading.id);
  });

  it("offers the published posts for a post card and names the chosen one in its summary", () => {
    const [post] = catalog.fields("postCard");
    expect(post?.kind === "select" && post.options.map((o) => o.value)).toEqual(["", "spring"]);
    expect(catalog.summary({ id: "p", type: "postCard", v: 1, slug: "spring" })).toBe(
      "Spring news",
    );
  });
});
