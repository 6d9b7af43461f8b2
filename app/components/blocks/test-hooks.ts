/**
 * The data-testid a block's list and its items carry, by one rule: a block with an anchor marks
 * its list `<anchor>` and each card or step `<anchor>-item`. The marketing pages' tests were
 * written before blocks drew them; the names they use are kept here for the anchors those pages
 * have (docs/pages-migration.md 2.2). A block without an anchor carries none. Fixed names: a
 * product showcase's products are `home-product`, Content → Services' cards `home-service`.
 */

/** Item names the product and demo pages' tests use, by the anchor of their block. */
const LEGACY_ITEMS: Record<string, string> = {
  features: "feature-card",
  agents: "agent-card",
  "how-it-works": "step-card",
  "industry-flows": "industry-card",
  demos: "demo-card",
};

/** The checked lists inside the product pages' boxes, by the anchor of their block. */
const LEGACY_CHECK_LISTS: Record<string, string> = {
  benefits: "benefit-list",
  gamification: "gamification-list",
};

/** The list (or a feature list's box) of a block. */
export const listTestId = (anchor: string) => anchor || undefined;

/** A card or step of a block. */
export const itemTestId = (anchor: string) =>
  anchor ? (LEGACY_ITEMS[anchor] ?? `${anchor}-item`) : undefined;

/** The checked list inside a boxed feature list, where a test reads it by its own name. */
export const checkListTestId = (anchor: string) => LEGACY_CHECK_LISTS[anchor];

/** A hero's root: the service pages' tests find their hero as `service-hero`, its anchor. */
export const heroTestId = (anchor: string) => anchor || undefined;
