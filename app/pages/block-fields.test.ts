import { describe, expect, it } from "vitest";
import {
  BLOCK_MENU,
  blockEditorConfig,
  blockSummary,
  copyBlock,
  type FieldConfig,
  newBlock,
} from "./block-fields";
import { BLOCK_TYPES, blockSchema, blocksSchema, CURRENT_VERSION } from "./blocks";
import { HOME_ADDRESS_KEPT, pageAddressProblem, pageFormSchema } from "./page-schema";
import {
  addressFromTitle,
  blocksFromTemplate,
  newPageSchema,
  PAGE_TEMPLATE_KEYS,
  PAGE_TEMPLATES,
} from "./templates";

/** Field names a block may leave out (an optional button). */
function optionalNames(fields: readonly FieldConfig[]) {
  return fields.filter((f) => f.kind === "link" && f.optional).map((f) => f.name);
}

describe("block editor fields", () => {
  it.each(BLOCK_TYPES)("a new %s block is valid as it is, at its current version", (type) => {
    const block = newBlock(type);
    const parsed = blockSchema.parse(block);
    // Nothing stripped (a field the editor writes that the schema does not know) or defaulted.
    expect(parsed).toEqual(block);
    expect(block.v).toBe(CURRENT_VERSION[type]);
  });

  it.each(BLOCK_TYPES)("every field the %s card shows is a field of the block", (type) => {
    const config = blockEditorConfig(type);
    const block = newBlock(type) as Record<string, unknown>;
    const optional = optionalNames(config.fields);
    for (const field of config.fields) {
      if (!optional.includes(field.name)) expect(block, field.name).toHaveProperty(field.name);
      if (field.kind === "image" && field.altName) expect(block).toHaveProperty(field.altName);
      if (field.kind === "group") {
        for (const sub of field.fields)
          expect(block[field.name], `${field.name} › ${sub.name}`).toHaveProperty(sub.name);
      }
      if (field.kind === "list") {
        const item = field.newItem();
        for (const sub of field.fields) {
          expect(item, `${field.name} › ${sub.name}`).toHaveProperty(sub.name);
          if (sub.kind === "image" && sub.altName) expect(item).toHaveProperty(sub.altName);
        }
        // An added item keeps the block valid.
        const grown = { ...block, [field.name]: [...(block[field.name] as unknown[]), item] };
        expect(blockSchema.parse(grown)).toEqual(grown);
      }
    }
  });

  it("shows the hero's figures only while they are the block's own, else where they come from", () => {
    const figures = blockEditorConfig("hero").fields.find((field) => field.name === "figures");
    const hero = newBlock("hero") as Record<string, unknown>;
    expect(figures?.showIf?.(hero)).toBe(true);
    expect(figures?.showIf?.({ ...hero, figuresFrom: "statistics" })).toBe(false);
    const instead = figures?.instead;
    expect(instead && `${instead.before}${instead.linkLabel}${instead.after}`).toBe(
      "The figures come from Content → Statistics.",
    );
    expect(instead?.href).toBe("/admin/content");
  });

  it("names the hero's and the call to action's new options as staff know them", () => {
    const labels = (type: "hero" | "cta") =>
      blockEditorConfig(type).fields.flatMap((field) => [
        field.label,
        ...(field.kind === "group" ? field.fields.map((sub) => sub.label) : []),
      ]);
    expect(labels("hero")).toEqual(
      expect.arrayContaining([
        "Style",
        "Figures",
        "Figures from",
        "Highlights",
        "Highlight style",
        "Back button",
      ]),
    );
    expect(labels("cta")).toEqual(expect.arrayContaining(["Style", "Eyebrow"]));
    const variants = blockEditorConfig("hero").fields.find((field) => field.name === "variant");
    expect(variants?.kind === "select" && variants.options.map((o) => o.value)).toContain(
      "spotlight",
    );
  });

  it("offers all 17 blocks in the menu, each with a label and what it is for", () => {
    expect(BLOCK_MENU.map((entry) => entry.type)).toEqual(BLOCK_TYPES);
    expect(BLOCK_MENU).toHaveLength(17);
    for (const entry of BLOCK_MENU) expect(entry.description.length).toBeGreaterThan(10);
  });

  it("duplicates a block under a new id, sharing nothing with the original", () => {
    const original = newBlock("faq");
    const copy = copyBlock(original);
    expect(copy.id).not.toBe(original.id);
    expect({ ...copy, id: original.id }).toEqual(original);
    const [first] = copy.type === "faq" ? copy.items : [];
    if (first) first.question = "Changed?";
    expect(original.type === "faq" && original.items[0]?.question).not.toBe("Changed?");
  });

  it("summarises a block by its heading or the first line of its text", () => {
    expect(blockSummary({ ...newBlock("hero"), title: "Spring offer" })).toBe("Spring offer");
    expect(blockSummary({ ...newBlock("richText"), markdown: "## Intro\n\nMore" })).toBe("Intro");
  });
});

describe("page templates", () => {
  it.each(PAGE_TEMPLATE_KEYS)("the %s template gives a page that can be saved", (key) => {
    const blocks = blocksFromTemplate(key);
    const page = pageFormSchema.parse({
      title: "A page",
      path: "/a-page",
      kind: PAGE_TEMPLATES[key].kind,
      blocks,
    });
    expect(page.blocks).toEqual(blocks);
  });

  it("gives fresh block ids each time", () => {
    const first = blocksFromTemplate("landing").map((b) => b.id);
    const second = blocksFromTemplate("landing").map((b) => b.id);
    expect(new Set([...first, ...second]).size).toBe(first.length * 2);
    expect(blocksSchema.safeParse([...blocksFromTemplate("landing")]).success).toBe(true);
  });

  it("builds the landing page from a centred hero, three cards, three questions and a call to action", () => {
    const blocks = blocksFromTemplate("landing");
    expect(blocks.map((b) => b.type)).toEqual(["hero", "cardGrid", "faq", "cta"]);
    const [hero, cards, faq] = blocks;
    expect(hero?.type === "hero" && hero.variant).toBe("centred");
    expect(cards?.type === "cardGrid" && cards.cards).toHaveLength(3);
    expect(faq?.type === "faq" && faq.items).toHaveLength(3);
  });

  it("starts a blank page with a hero without buttons, and a legal one with two sections", () => {
    const [hero] = blocksFromTemplate("blank");
    expect(hero?.type).toBe("hero");
    expect(hero).not.toHaveProperty("primary");
    const [legal] = blocksFromTemplate("legal");
    expect(legal?.type === "legal" && legal.sections).toHaveLength(2);
  });

  it("suggests an address from the title that the address rule accepts", () => {
    expect(addressFromTitle("Spring Offer 2026!")).toBe("/spring-offer-2026");
    expect(addressFromTitle("Café & Crème")).toBe("/cafe-creme");
    expect(addressFromTitle("!!!")).toBe("");
    const long = addressFromTitle("word ".repeat(60));
    expect(pageAddressProblem(long)).toBeNull();
    // An address made from a title with "&" in it before pages had addresses of their own.
    expect(pageAddressProblem("/web-design--development")).toBeNull();
    expect(pageAddressProblem("/web-design-")).not.toBeNull();
  });

  it("keeps the home page at its address, and every other page off it", () => {
    expect(pageAddressProblem("/")).toBe(HOME_ADDRESS_KEPT);
    expect(pageAddressProblem("/", "/")).toBeNull();
    expect(pageAddressProblem("/welcome", "/")).toBe(HOME_ADDRESS_KEPT);
    expect(pageAddressProblem("/welcome", "/about")).toBeNull();
    // A save sends the home page's address back: the server compares it with the stored one.
    const save = pageFormSchema.safeParse({ title: "Home", path: "/", blocks: [] });
    expect(save.error?.issues).toBeUndefined();
  });

  it("refuses a new page at an address the site already serves", () => {
    const refused = newPageSchema.safeParse({ title: "Blog", path: "/blog", template: "blank" });
    expect(refused.success).toBe(false);
    expect(newPageSchema.parse({ title: " Offer ", path: "/offer" })).toEqual({
      title: "Offer",
      path: "/offer",
      template: "blank",
    });
  });
});
