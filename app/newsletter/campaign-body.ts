import { z } from "~/schemas/zod";

/**
 * A newsletter campaign's body: a list of e-mail-safe blocks (heading, text, image, button,
 * divider, post card), each with its own shape version like the pages' blocks, so a stored
 * campaign still opens after a block's shape changes. The browser's editor and the server check
 * with these schemas; app/newsletter/render draws them as HTML and plain text.
 *
 * Browser-safe: no server import.
 */

export const CAMPAIGN_BLOCKS_MAX = 60;
export const CAMPAIGN_TEXT_MAX = 20_000;
const LINK_MAX = 2000;

const text = (max: number, label: string, required = false) =>
  z
    .string({ message: `${label} must be text.` })
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .regex(/^[^\0]*$/, `${label} contains a character that cannot be stored.`)
    .refine((v) => !required || v.length > 0, `${label} is required.`)
    .default("");

/**
 * A link a mail can carry: a full https:// (or http://) address, or a site path, made absolute
 * with the site's address when the mail is built (a mail has no "current site").
 */
export function isMailLink(value: string) {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.includes("\\");
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(value);
}

const mailLink = (label: string, required = false) =>
  text(LINK_MAX, label, required).refine(
    (v) => v === "" || isMailLink(v),
    `${label}: use a site path (/blog) or a full https:// address.`,
  );

/** An image: the media library's /media/… path or an https address. */
const imageSrc = (label: string) =>
  text(LINK_MAX, label, true).refine(
    (v) => v === "" || (v.startsWith("/") && !v.startsWith("//")) || /^https:\/\/\S+$/i.test(v),
    `${label}: choose an image from the media library or give an https:// address.`,
  );

const base = {
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "The block's id is not valid."),
};

export const campaignBlockSchemas = {
  heading: z.object({
    ...base,
    type: z.literal("heading"),
    v: z.literal(1),
    text: text(200, "The heading", true),
    level: z.enum(["1", "2"], "Choose a heading size from the list.").default("2"),
  }),
  /** Rich text as the editor's markdown (bold, italics, links, lists, quotes). */
  text: z.object({
    ...base,
    type: z.literal("text"),
    v: z.literal(1),
    markdown: text(CAMPAIGN_TEXT_MAX, "The text", true),
  }),
  image: z.object({
    ...base,
    type: z.literal("image"),
    v: z.literal(1),
    src: imageSrc("The image"),
    alt: text(300, "The image's alt text"),
    href: mailLink("The image's link"),
  }),
  button: z.object({
    ...base,
    type: z.literal("button"),
    v: z.literal(1),
    label: text(80, "The button text", true),
    href: mailLink("The button link", true),
  }),
  divider: z.object({ ...base, type: z.literal("divider"), v: z.literal(1) }),
  /** A published post: its title, excerpt, cover image and a "Read more" link, read when built. */
  postCard: z.object({
    ...base,
    type: z.literal("postCard"),
    v: z.literal(1),
    slug: text(200, "The post", true),
  }),
};

export type CampaignBlockType = keyof typeof campaignBlockSchemas;
export const CAMPAIGN_BLOCK_TYPES = Object.keys(campaignBlockSchemas) as CampaignBlockType[];
export type CampaignBlock = z.infer<(typeof campaignBlockSchemas)[CampaignBlockType]>;
export type CampaignBlockOf<T extends CampaignBlockType> = z.infer<
  (typeof campaignBlockSchemas)[T]
>;

export const CAMPAIGN_BLOCK_LABELS: { [T in CampaignBlockType]: string } = {
  heading: "Heading",
  text: "Text",
  image: "Image",
  button: "Button",
  divider: "Divider",
  postCard: "Post card",
};

export const campaignBlockSchema = z.discriminatedUnion(
  "type",
  Object.values(campaignBlockSchemas) as unknown as [
    (typeof campaignBlockSchemas)[CampaignBlockType],
    ...(typeof campaignBlockSchemas)[CampaignBlockType][],
  ],
);

export const campaignBodySchema = z
  .array(campaignBlockSchema, "The body must be a list of blocks.")
  .max(CAMPAIGN_BLOCKS_MAX, `A campaign can have at most ${CAMPAIGN_BLOCKS_MAX} blocks.`);
