import { type BlockCatalog, type FieldConfig, summaryLine } from "~/pages/block-fields";
import { newBlockId } from "~/pages/blocks";
import {
  CAMPAIGN_BLOCK_LABELS,
  CAMPAIGN_BLOCK_TYPES,
  CAMPAIGN_BLOCKS_MAX,
  type CampaignBlock,
  type CampaignBlockType,
} from "./campaign-body";

/**
 * What the campaign editor shows for each kind of e-mail block: the same field table as the
 * pages' blocks (app/pages/block-fields.ts), drawn by the same shared block list. The post card's
 * choices are the published posts, which the editor's loader reads: `campaignBlockCatalog(posts)`.
 *
 * Browser-safe: no server import.
 */

/** A published post a post card may show. */
export interface PostChoice {
  slug: string;
  title: string;
}

const DESCRIPTIONS: Record<CampaignBlockType, string> = {
  heading: "A title in large or medium letters.",
  text: "Paragraphs with bold, italics, links, lists and quotes.",
  image: "An image from the media library, with its alt text and an optional link.",
  button: "A button that links to a page of the site or an https:// address.",
  divider: "A thin line between two parts of the mail.",
  postCard: "A published post: its title, excerpt, image and a Read more link.",
};

const LINK_PLACEHOLDER = "/blog, or https://…";

function fieldsOf(type: CampaignBlockType, posts: readonly PostChoice[]): readonly FieldConfig[] {
  switch (type) {
    case "heading":
      return [
        { name: "text", label: "Heading", kind: "text", required: true, maxLength: 200 },
        {
          name: "level",
          label: "Size",
          kind: "select",
          options: [
            { value: "1", label: "Large (the mail's title)" },
            { value: "2", label: "Medium (a section)" },
          ],
        },
      ];
    case "text":
      return [{ name: "markdown", label: "Text", kind: "markdown", required: true, rows: 8 }];
    case "image":
      return [
        { name: "src", label: "Image", kind: "image", altName: "alt", required: true },
        {
          name: "href",
          label: "Link (optional)",
          kind: "text",
          hint: "Where a click on the image leads.",
          placeholder: LINK_PLACEHOLDER,
        },
      ];
    case "button":
      return [
        { name: "label", label: "Button text", kind: "text", required: true, maxLength: 80 },
        {
          name: "href",
          label: "Link",
          kind: "text",
          required: true,
          placeholder: LINK_PLACEHOLDER,
        },
      ];
    case "divider":
      return [];
    case "postCard":
      return [
        {
          name: "slug",
          label: "Post",
          kind: "select",
          required: true,
          hint: "The mail shows its title, excerpt and image, as they are when it is sent.",
          options: [
            {
              value: "",
              label: posts.length > 0 ? "Choose a published post" : "No published posts yet",
            },
            ...posts.map((post) => ({ value: post.slug, label: post.title })),
          ],
        },
      ];
  }
}

/** A new block of `type` with words staff replace (a post card starts without a post). */
function newCampaignBlock(type: CampaignBlockType): CampaignBlock {
  const id = newBlockId();
  switch (type) {
    case "heading":
      return { id, type, v: 1, text: "A heading", level: "2" };
    case "text":
      return { id, type, v: 1, markdown: "Write your text here." };
    case "image":
      return { id, type, v: 1, src: "", alt: "", href: "" };
    case "button":
      return { id, type, v: 1, label: "Read more", href: "/" };
    case "divider":
      return { id, type, v: 1 };
    case "postCard":
      return { id, type, v: 1, slug: "" };
  }
}

function summaryOf(block: CampaignBlock, posts: readonly PostChoice[]) {
  switch (block.type) {
    case "heading":
      return summaryLine(block.text);
    case "text":
      return summaryLine(block.markdown);
    case "image":
      return summaryLine(block.alt);
    case "button":
      return summaryLine(block.label);
    case "divider":
      return "";
    case "postCard":
      return posts.find((post) => post.slug === block.slug)?.title ?? block.slug;
  }
}

/** The campaign body's catalog for the shared block list; `posts` are the post card's choices. */
export function campaignBlockCatalog(posts: readonly PostChoice[]): BlockCatalog<CampaignBlock> {
  const fields = Object.fromEntries(
    CAMPAIGN_BLOCK_TYPES.map((type) => [type, fieldsOf(type, posts)]),
  ) as Record<CampaignBlockType, readonly FieldConfig[]>;
  return {
    noun: "campaign",
    labels: CAMPAIGN_BLOCK_LABELS,
    menu: CAMPAIGN_BLOCK_TYPES.map((type) => ({
      type,
      label: CAMPAIGN_BLOCK_LABELS[type],
      description: DESCRIPTIONS[type],
    })),
    searchPlaceholder: "Search blocks: heading, button, post…",
    fields: (type) => fields[type as CampaignBlockType] ?? [],
    newBlock: (type) => newCampaignBlock(type as CampaignBlockType),
    copyBlock: (block) => ({ ...structuredClone(block), id: newBlockId() }),
    summary: (block) => summaryOf(block, posts),
    max: CAMPAIGN_BLOCKS_MAX,
    anchor: false,
    empty: {
      title: "No blocks yet: add a heading, text or a post card",
      text: "The mail shows its blocks in order, under the subject.",
    },
  };
}
