import { recordIdField } from "~/schemas/record-id";
import { hasControlCharacter } from "~/schemas/text";
import { z } from "~/schemas/zod";
import { BLOCK_LABELS, BLOCK_TYPES, type Block, type BlockType, blockSchema } from "./blocks";

/**
 * The forms of shared sections (a block edited once, placed on many pages), shared by the
 * browser and the server. Browser-safe.
 */

/** Any block but a shared one: a section holding a section would be a chain, or a loop. */
export const SHARED_SECTION_TYPES = BLOCK_TYPES.filter(
  (type): type is Exclude<BlockType, "shared"> => type !== "shared",
);
export type SharedSectionType = (typeof SHARED_SECTION_TYPES)[number];

export const NESTED_SHARED = "A shared section cannot hold another shared section.";
export const DUPLICATE_SECTION_NAME = "Another shared section has this name. Choose another.";
export const MISSING_SHARED_SECTION =
  "That shared section no longer exists. Choose another, or remove this block.";

export const sharedSectionBlockSchema = blockSchema.refine((block) => block.type !== "shared", {
  message: NESTED_SHARED,
  path: ["type"],
});

export const sharedSectionNameSchema = z
  .string("Enter a name.")
  .trim()
  .min(1, "Enter a name: staff choose the section by it.")
  .max(120, "The name is too long (at most 120 characters).")
  .refine(
    (v) => !hasControlCharacter(v, true),
    "The name contains a character that is not allowed.",
  );

export const newSharedSectionSchema = z.object({
  name: sharedSectionNameSchema,
  type: z.enum(SHARED_SECTION_TYPES, "Choose a kind of block."),
});

/** The shared section editor's save: the name, the block, the version it opened. */
export const sharedSectionFormSchema = z.object({
  name: sharedSectionNameSchema,
  block: sharedSectionBlockSchema,
  version: z.coerce.number().int().min(0).optional(),
});
export type SharedSectionForm = z.infer<typeof sharedSectionFormSchema>;

export const sharedSectionDeleteSchema = z.object({
  id: recordIdField("Choose a shared section."),
});

/** The Pages tab's intents for shared sections (beside the pages' own create and delete). */
export const sharedSectionListIntents = ["create-shared", "delete-shared"] as const;
export const isSharedSectionIntent = (intent: unknown): boolean =>
  (sharedSectionListIntents as readonly unknown[]).includes(intent);

/** A section's kind as staff call it ("Call to action"). */
export const sectionTypeLabel = (type: string) =>
  type in BLOCK_LABELS ? BLOCK_LABELS[type as BlockType] : "Unknown block";

/** The shared section choices the page editor's select offers (from the resource route). */
export interface SharedSectionOption {
  id: number;
  name: string;
  type: string;
}

export type { Block };
