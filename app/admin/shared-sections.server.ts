import { data } from "react-router";
import { refuseWhenGone } from "~/admin/content-saves.server";
import {
  adminChanged,
  adminDuplicate,
  adminFailure,
  adminSuccess,
  answerActionError,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import type { CurrentUser } from "~/auth/session.server";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import { newBlock } from "~/pages/block-fields";
import { type Block, describeIssuePath } from "~/pages/blocks";
import {
  DUPLICATE_SECTION_NAME,
  MISSING_SHARED_SECTION,
  newSharedSectionSchema,
  sharedSectionDeleteSchema,
  sharedSectionFormSchema,
} from "~/pages/shared-section-schema";
import {
  createSharedSection,
  deleteSharedSection,
  getSharedSection,
  missingSharedSections,
  pagesUsingSharedSection,
  updateSharedSection,
} from "~/pages/shared-sections.server";

/**
 * Shared sections' actions: create and delete on the Pages tab (/admin/pages), save in a
 * section's editor (/admin/pages/shared/:id). Audited as "shared section". A change of a section
 * shows on every page that places it, so it clears every cached page (no paths given).
 */

const ENTITY = "shared section";

const duplicateName = (failure: string) => adminDuplicate(failure, "name", DUPLICATE_SECTION_NAME);

/** The Pages tab's "create-shared" and "delete-shared", with the tab's payload already read. */
export async function sharedSectionsListAction(
  values: Record<string, unknown>,
  admin: CurrentUser,
) {
  const db = getDb();
  if (values.intent === "delete-shared") {
    const failure = "Failed to delete the shared section";
    try {
      const { id } = parseAdminInput(sharedSectionDeleteSchema, values, failure);
      const outcome = await deleteSharedSection(db, id);
      refuseWhenGone(outcome, failure, ENTITY);
      if (outcome.status === "in-use") {
        const names = outcome.pages.map((page) => `${page.title} (${page.path})`).join(", ");
        const count = outcome.pages.length === 1 ? "1 page" : `${outcome.pages.length} pages`;
        return adminFailure(
          failure,
          `It is placed on ${count}: ${names}. Remove it from ${outcome.pages.length === 1 ? "that page" : "them"} first.`,
          { status: 409 },
        );
      }
      // No page placed it: no public page changes.
      await adminChanged(
        admin,
        { action: "deleted", entity: ENTITY, entityId: id, details: { name: outcome.name } },
        [],
      );
      return adminSuccess("Shared section deleted");
    } catch (error) {
      return answerActionError(error, failure, { err: error }, "Could not delete a shared section");
    }
  }
  const failure = "Failed to create the shared section";
  try {
    const input = parseAdminInput(newSharedSectionSchema, values, failure);
    const outcome = await createSharedSection(
      db,
      { name: input.name, block: newBlock(input.type) },
      { createdBy: admin.id },
    );
    if (outcome.status === "duplicate-name") return duplicateName(failure);
    // A new section is on no page yet.
    await adminChanged(
      admin,
      {
        action: "created",
        entity: ENTITY,
        entityId: outcome.id,
        details: { name: input.name, type: input.type },
      },
      [],
    );
    return adminSuccess(
      "Shared section created",
      "Place it on pages with a Shared section block.",
      {
        id: outcome.id,
      },
    );
  } catch (error) {
    return answerActionError(error, failure, { err: error }, "Could not create a shared section");
  }
}

/** The section editor's save, refused (409) when someone saved since it was opened. */
export async function sharedSectionEditorAction(request: Request, admin: CurrentUser, id: number) {
  const failure = "Failed to save the shared section";
  try {
    const values = await readAdminPayload(request, failure, { maxBytes: 512 * 1024 });
    const input = parseAdminInput(sharedSectionFormSchema, values, failure);
    const db = getDb();
    const outcome = await updateSharedSection(
      db,
      id,
      { name: input.name, block: input.block },
      { expectedVersion: input.version ?? null },
    );
    refuseWhenGone(outcome, failure, ENTITY);
    if (outcome.status === "duplicate-name") return duplicateName(failure);
    if (outcome.status === "conflict") {
      return data(
        {
          ok: false as const,
          toast: {
            type: "error" as const,
            title: "Someone else saved this shared section",
            description:
              "It was saved after you opened it. Nothing was overwritten: reload to see their version.",
          },
          conflict: true,
        },
        { status: 409 },
      );
    }
    // Every page that places it shows the change: every cached page goes.
    await adminChanged(admin, {
      action: "updated",
      entity: ENTITY,
      entityId: id,
      details: { name: input.name, type: input.block.type },
    });
    const pages = await pagesUsingSharedSection(db, id);
    return adminSuccess(
      "Shared section saved",
      pages.length === 0
        ? "No page places it yet."
        : `The change shows on ${pages.length === 1 ? "1 page" : `${pages.length} pages`}.`,
      { version: outcome.version, section: await getSharedSection(db, id) },
    );
  } catch (error) {
    return answerActionError(
      error,
      failure,
      { err: error, sharedId: id },
      "Could not save a shared section",
    );
  }
}

/**
 * A page's save that places a section no longer there is refused at that block, so a page never
 * goes live with a hole staff cannot see in the editor. Thrown as the refusal (see
 * parseAdminInput).
 */
export async function refuseMissingSharedSections(db: Db, blocks: Block[], failure: string) {
  const placed = blocks.flatMap((block, index) =>
    block.type === "shared" ? [{ index, id: block.sharedId }] : [],
  );
  if (placed.length === 0) return;
  const missing = new Set(
    await missingSharedSections(
      db,
      placed.map((p) => p.id),
    ),
  );
  if (missing.size === 0) return;
  const fieldErrors: Record<string, string> = {};
  for (const { index, id } of placed) {
    if (!missing.has(id)) continue;
    fieldErrors[`blocks.${index}.sharedId`] =
      `${describeIssuePath([index, "sharedId"], blocks)}: ${MISSING_SHARED_SECTION}`;
  }
  throw adminFailure(failure, Object.values(fieldErrors)[0], { fieldErrors });
}
