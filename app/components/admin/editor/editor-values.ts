import type { ConflictField } from "~/components/admin/blog/edit-conflict";
import { statusLabels } from "~/components/admin/blog/post-values";
import { toZonedInputValue } from "~/lib/zoned-time";
import { BLOCK_LABELS, type Block } from "~/pages/blocks";
import { PAGE_KIND_LABELS, type PageDraft } from "~/pages/page-schema";
import type { PageRecord } from "~/pages/pages.server";

/** The page as the editor opens it (what the loader and a save hand over). */
export type EditorPage = Omit<PageRecord, "unreadable"> & Partial<Pick<PageRecord, "unreadable">>;

/** The page as another staff member saved it, sent with a refused save (409). */
export type TheirPage = EditorPage & { savedByName: string; savedAt: string };

export function draftOf(page: EditorPage, timeZone: string): PageDraft {
  return {
    title: page.title,
    path: page.path,
    kind: page.kind,
    status: page.status,
    publishAt:
      page.status === "scheduled" && page.publishedAt
        ? toZonedInputValue(page.publishedAt, timeZone)
        : "",
    blocks: page.blocks,
    metaTitle: page.metaTitle ?? "",
    metaDescription: page.metaDescription ?? "",
    ogImageUrl: page.ogImageUrl ?? "",
    canonicalUrl: page.canonicalUrl ?? "",
    noindex: page.noindex,
    legalVersion: page.legalVersion ?? "",
    effectiveDate: page.effectiveDate ?? "",
    changeSummary: page.changeSummary ?? "",
  };
}

export const sameDraft = (a: PageDraft, b: PageDraft) => JSON.stringify(a) === JSON.stringify(b);

/** What a save (or a preview) sends: JSON, the blocks as a list. */
export function payloadOf(draft: PageDraft, extra: { intent: string; version?: number | null }) {
  const { publishAt, ...rest } = draft;
  return {
    ...rest,
    ...(draft.status === "scheduled" ? { publishAt } : {}),
    intent: extra.intent,
    ...(extra.version != null ? { version: extra.version } : {}),
  };
}

/** A page's blocks as text a person compares: each block's label, then its fields. */
function blocksText(blocks: Block[]) {
  return blocks
    .map((block, i) => {
      const { id: _id, v: _v, type, ...fields } = block;
      return `${i + 1}. ${BLOCK_LABELS[type]}\n${JSON.stringify(fields, null, 2)}`;
    })
    .join("\n\n");
}

export function conflictFields(theirs: PageDraft, mine: PageDraft): ConflictField[] {
  return [
    { label: "Title", theirs: theirs.title, mine: mine.title },
    { label: "Address", theirs: theirs.path, mine: mine.path },
    { label: "Kind", theirs: PAGE_KIND_LABELS[theirs.kind], mine: PAGE_KIND_LABELS[mine.kind] },
    { label: "Status", theirs: statusLabels[theirs.status], mine: statusLabels[mine.status] },
    { label: "Publish on", theirs: theirs.publishAt, mine: mine.publishAt },
    {
      label: "Blocks",
      theirs: blocksText(theirs.blocks),
      mine: blocksText(mine.blocks),
      long: true,
    },
    { label: "Meta title", theirs: theirs.metaTitle, mine: mine.metaTitle },
    { label: "Meta description", theirs: theirs.metaDescription, mine: mine.metaDescription },
    { label: "Open Graph image", theirs: theirs.ogImageUrl, mine: mine.ogImageUrl },
    { label: "Canonical address", theirs: theirs.canonicalUrl, mine: mine.canonicalUrl },
    {
      label: "Hidden from search engines",
      theirs: theirs.noindex ? "Yes" : "No",
      mine: mine.noindex ? "Yes" : "No",
    },
    ...(theirs.kind === "legal" || mine.kind === "legal"
      ? [
          { label: "Legal version", theirs: theirs.legalVersion, mine: mine.legalVersion },
          { label: "Effective date", theirs: theirs.effectiveDate, mine: mine.effectiveDate },
          {
            label: "Summary of changes",
            theirs: theirs.changeSummary,
            mine: mine.changeSummary,
            long: true,
          },
        ]
      : []),
  ];
}

/** The field errors of a save, split into the page's own and each block's (by block id). */
export interface EditorErrors {
  page: Record<string, string>;
  /** Block id → "cards.0.title" → message. */
  blocks: Record<string, Record<string, string>>;
  /** The first one, for the focus: a page field's name, or a block id and its field's path. */
  first: { blockId: string; path: string } | { field: string } | null;
}

export const noErrors: EditorErrors = { page: {}, blocks: {}, first: null };

/** "Block 3 (Card grid), cards › 1 › title: Enter a card's title." shown at the field itself. */
function atTheField(message: string) {
  return message.replace(/^Block \d+ \([^)]*\)[^:]*: /, "");
}

/**
 * Field errors keyed as the schema's paths ("blocks.2.cards.0.title", "path") sorted into the
 * page's fields and its blocks. Blocks are known by id from here on, so moving one keeps its
 * messages with it. `listKey` names the list of blocks in the form ("body" for a campaign).
 */
export function editorErrorsOf(
  fieldErrors: Record<string, string>,
  blocks: readonly { id: string }[],
  listKey = "blocks",
): EditorErrors {
  const errors: EditorErrors = { page: {}, blocks: {}, first: null };
  const blockPath = new RegExp(`^${listKey}\\.(\\d+)(?:\\.(.+))?$`);
  for (const [key, message] of Object.entries(fieldErrors)) {
    const match = blockPath.exec(key);
    const block = match ? blocks[Number(match[1])] : undefined;
    if (match && block) {
      const path = match[2] ?? "";
      const own = errors.blocks[block.id] ?? {};
      own[path] ??= atTheField(message);
      errors.blocks[block.id] = own;
      errors.first ??= { blockId: block.id, path };
    } else {
      const field = key === listKey || key.startsWith(`${listKey}.`) ? listKey : key;
      errors.page[field] ??= message;
      errors.first ??= { field };
    }
  }
  return errors;
}

/** The DOM id of a block's field ("cards.0.title" → "block-b1x-cards-0-title"). */
export function blockFieldId(blockId: string, path: string) {
  return path ? `block-${blockId}-${path.replace(/\./g, "-")}` : `block-${blockId}-toggle`;
}

/** The DOM id of one of the page's own fields. */
export const pageFieldId = (name: string) => `page-${name}`;
