import { describe, expect, it } from "vitest";
import {
  firstInvalid,
  initialListDraft,
  isDirty,
  type ListDraftAction,
  type ListDraftState,
  type ListRules,
  listDraftReducer,
  moveTarget,
} from "./use-list-draft";

type Link = { label: string; url: string };
type FooterLink = Link & { section: string };

const menu: Link[] = [
  { label: "Home", url: "/" },
  { label: "Blog", url: "/blog" },
  { label: "About", url: "/about" },
];
const plain: ListRules<Link> = { errorPath: "items" };
const footer: ListRules<FooterLink> = {
  errorPath: "links",
  groupOf: (link) => link.section,
  groups: ["products", "legal"],
};

function run<T>(rules: ListRules<T>, state: ListDraftState<T>, ...actions: ListDraftAction<T>[]) {
  return actions.reduce((current, action) => listDraftReducer(current, action, rules), state);
}
const labels = (state: ListDraftState<{ label: string }>) => state.rows.map((r) => r.values.label);
const keys = (state: ListDraftState<unknown>) => state.rows.map((r) => r.key);

describe("the list draft", () => {
  it("gives each row a key that stays with it, and starts saved", () => {
    const state = initialListDraft(menu, plain);
    expect(keys(state)).toEqual(["1", "2", "3"]);
    expect(isDirty(state)).toBe(false);
    const added = run(plain, state, { type: "add", values: { label: "Pricing", url: "/pricing" } });
    expect(keys(added)).toEqual(["1", "2", "3", "4"]);
    const moved = run(plain, added, { type: "move", key: "4", direction: "up" });
    expect(keys(moved)).toEqual(["1", "2", "4", "3"]);
    expect(labels(moved)).toEqual(["Home", "Blog", "Pricing", "About"]);
    // A removed key is not handed out again.
    const next = run(
      plain,
      moved,
      { type: "remove", key: "4" },
      { type: "add", values: menu[0] as Link },
    );
    expect(keys(next)).toEqual(["1", "2", "3", "5"]);
  });

  it("moves a row one place, and not past either end", () => {
    const state = initialListDraft(menu, plain);
    expect(labels(run(plain, state, { type: "move", key: "1", direction: "down" }))).toEqual([
      "Blog",
      "Home",
      "About",
    ]);
    expect(run(plain, state, { type: "move", key: "1", direction: "up" })).toBe(state);
    expect(run(plain, state, { type: "move", key: "3", direction: "down" })).toBe(state);
    expect(moveTarget(state.rows, "1", "up", plain)).toBe(-1);
    expect(moveTarget(state.rows, "2", "up", plain)).toBe(0);
  });

  it("is unsaved while the rows differ from the loaded ones, and saved again after a save", () => {
    const state = initialListDraft(menu, plain);
    const moved = run(plain, state, { type: "move", key: "2", direction: "up" });
    expect(isDirty(moved)).toBe(true);
    expect(isDirty(run(plain, moved, { type: "move", key: "2", direction: "down" }))).toBe(false);
    const edited = run(plain, state, { type: "update", key: "3", patch: { label: "About us" } });
    expect(edited.rows[2]?.values).toEqual({ label: "About us", url: "/about" });
    expect(isDirty(edited)).toBe(true);
    expect(isDirty(run(plain, edited, { type: "saved" }))).toBe(false);
  });

  it("maps an answer's messages from index to row, and they follow the row when it moves", () => {
    const state = run(plain, initialListDraft(menu, plain), {
      type: "errors",
      errors: {
        "items.2.url": "Enter a URL",
        "items.2.label": "Enter a label",
        "items.0.label": "Too long",
        items: "Keep at least one menu item",
      },
    });
    expect(state.rows.map((r) => r.errors)).toEqual([
      { label: "Too long" },
      {},
      { url: "Enter a URL", label: "Enter a label" },
    ]);
    expect(state.listErrors).toEqual({ items: "Keep at least one menu item" });

    const moved = run(plain, state, { type: "move", key: "3", direction: "up" });
    expect(moved.rows.find((r) => r.key === "3")?.errors).toEqual({
      url: "Enter a URL",
      label: "Enter a label",
    });
    // Editing a field takes its message away, not the row's others.
    const edited = run(plain, moved, { type: "update", key: "3", patch: { url: "/about" } });
    expect(edited.rows.find((r) => r.key === "3")?.errors).toEqual({ label: "Enter a label" });
    // Adding or removing a row takes the list-wide message away (the count changed).
    expect(run(plain, edited, { type: "remove", key: "1" }).listErrors).toEqual({});
    // A new answer replaces the old messages.
    const next = run(plain, edited, { type: "errors", errors: { "items.0.url": "Enter a URL" } });
    expect(next.rows.map((r) => r.errors)).toEqual([{ url: "Enter a URL" }, {}, {}]);
    expect(next.listErrors).toEqual({});
  });

  it("keeps grouped rows in group order and moves them only inside their group", () => {
    const links: FooterLink[] = [
      { label: "Privacy", url: "/privacy", section: "legal" },
      { label: "Chatbots", url: "/chatbots", section: "products" },
      { label: "Terms", url: "/terms", section: "legal" },
    ];
    const state = initialListDraft(links, footer);
    expect(labels(state)).toEqual(["Chatbots", "Privacy", "Terms"]);
    expect(keys(state)).toEqual(["2", "1", "3"]);
    expect(run(footer, state, { type: "move", key: "1", direction: "up" })).toBe(state);
    expect(labels(run(footer, state, { type: "move", key: "1", direction: "down" }))).toEqual([
      "Chatbots",
      "Terms",
      "Privacy",
    ]);
    const added = run(footer, state, {
      type: "add",
      values: { label: "Voice", url: "/voice", section: "products" },
    });
    expect(labels(added)).toEqual(["Chatbots", "Voice", "Privacy", "Terms"]);
    const switched = run(footer, added, {
      type: "update",
      key: "3",
      patch: { section: "products" },
    });
    expect(labels(switched)).toEqual(["Chatbots", "Voice", "Terms", "Privacy"]);
    // The answer's indexes are those of the list as sent: in group order.
    const answered = run(footer, switched, {
      type: "errors",
      errors: { "links.2.url": "Use a site path" },
    });
    expect(answered.rows.find((r) => r.key === "3")?.errors).toEqual({ url: "Use a site path" });
  });

  it("names the first invalid field in the form's order", () => {
    expect(firstInvalid(["label", "url"], { url: "Enter a URL", label: "Enter a label" })).toBe(
      "label",
    );
    expect(firstInvalid(["label", "url"], { url: "Enter a URL" })).toBe("url");
    expect(firstInvalid(["label", "url"], {})).toBeUndefined();
  });
});
