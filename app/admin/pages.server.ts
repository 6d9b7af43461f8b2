import {
  editConflictAnswer,
  refuseWhenGone,
  saveContext,
  scheduledTime,
} from "~/admin/content-saves.server";
import {
  adminChanged,
  adminDuplicate,
  adminFailure,
  adminSuccess,
  answerActionError,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { pageLinksAction, pathsShowingMenus } from "~/admin/page-links.server";
import {
  refuseMissingSharedSections,
  sharedSectionsListAction,
} from "~/admin/shared-sections.server";
import type { CurrentUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { legalVersionPath, pagePublicPaths } from "~/pages/legal-versions";
import { listLegalVersions } from "~/pages/legal-versions.server";
import { isPageLinkIntent } from "~/pages/page-links";
import { listPageRevisions, restorePageRevision } from "~/pages/page-revisions.server";
import {
  DUPLICATE_PATH,
  HOME_ADDRESS_KEPT,
  HOME_STAYS_PUBLISHED,
  type PageForm,
  pageFormSchema,
  pageKindStatusSchema,
} from "~/pages/page-schema";
import { createPage, deletePage, getPage, type PageRecord, updatePage } from "~/pages/pages.server";
import { createPreview } from "~/pages/preview.server";
import { isSharedSectionIntent } from "~/pages/shared-section-schema";
import { blocksFromTemplate, newPageSchema, PAGE_TEMPLATES } from "~/pages/templates";
import {
  LEGAL_PUBLISH_FOR_ADMINS,
  mayGiveStatus,
  pageDeleteSchema,
  pageEditorIntentSchema,
  pageListIntentSchema,
  pageRestoreSchema,
} from "~/schemas/admin/pages";

/**
 * The Pages tab's actions: create and delete on the list (/admin/pages), save, preview and
 * restore in a page's editor (/admin/pages/:id). Each validated with the browser's schema,
 * written through the page model, audited as "page".
 */

/** A legal document with all its sections is far more than a form's 64 KB. */
const EDITOR_BODY_MAX = 1024 * 1024;
const SITEMAP = "/sitemap.xml";

const duplicatePath = (failure: string) => adminDuplicate(failure, "path", DUPLICATE_PATH);

export async function pagesListAction(request: Request, admin: CurrentUser) {
  let failure = "Failed to change the pages";
  try {
    const values = await readAdminPayload(request, failure);
    // Shared sections are made and deleted from this tab too.
    if (isSharedSectionIntent(values.intent)) return await sharedSectionsListAction(values, admin);
    // So are the pages' links in the navigation menu and the footer.
    if (isPageLinkIntent(values.intent)) return await pageLinksAction(values, admin);
    const intent = parseAdminInput(pageListIntentSchema, values.intent, failure);
    const db = getDb();
    if (intent === "delete") {
      failure = "Failed to delete the page";
      const { id, redirectTo } = parseAdminInput(pageDeleteSchema, values, failure);
      // A legal document's versions go with it: their addresses are purged too.
      const versions = await listLegalVersions(db, id);
      const outcome = await deletePage(db, id, { redirectTo, createdBy: admin.id });
      refuseWhenGone(outcome, failure, "page");
      if (outcome.status === "home-address") return adminFailure(failure, HOME_ADDRESS_KEPT);
      await adminChanged(
        admin,
        {
          action: "deleted",
          entity: "page",
          entityId: id,
          details: {
            path: outcome.path,
            ...(redirectTo ? { redirectTo } : {}),
            ...(outcome.menus ? { unlinkedFrom: outcome.menus } : {}),
          },
        },
        pathsShowingMenus(outcome.menus ?? [], [
          outcome.path,
          ...versions.map((v) => legalVersionPath(outcome.path, v.effectiveDate)),
          SITEMAP,
        ]),
      );
      return adminSuccess(
        "Page deleted",
        redirectTo ? `${outcome.path} now redirects to ${redirectTo}.` : undefined,
      );
    }
    failure = "Failed to create the page";
    const input = parseAdminInput(newPageSchema, values, failure);
    const template = PAGE_TEMPLATES[input.template];
    const save = await saveContext(admin);
    const outcome = await createPage(
      db,
      {
        title: input.title,
        path: input.path,
        kind: template.kind,
        status: "draft",
        blocks: blocksFromTemplate(input.template),
        noindex: false,
      },
      save,
    );
    if (outcome.status === "duplicate-path") return duplicatePath(failure);
    await adminChanged(admin, {
      action: "created",
      entity: "page",
      entityId: outcome.id,
      details: { title: input.title, path: outcome.path, template: input.template },
    });
    return adminSuccess("Page created", "It is a draft until you publish it.", {
      id: outcome.id,
    });
  } catch (error) {
    return answerActionError(error, failure, { err: error }, "Could not change the pages");
  }
}

/** A page as another staff member saved it, sent with a refused save (409). */
export type TheirPage = PageRecord & { savedByName: string; savedAt: string };

async function editConflict(id: number) {
  const db = getDb();
  const [theirs, revisions] = await Promise.all([getPage(db, id), listPageRevisions(db, id)]);
  const savedByName = revisions[0]?.savedByName ?? "";
  return editConflictAnswer(
    "page",
    savedByName,
    theirs ? ({ ...theirs, savedByName, savedAt: theirs.updatedAt } satisfies TheirPage) : null,
  );
}

function pageInputOf(input: PageForm, publishedAt: Date | null) {
  const { publishAt: _publishAt, version: _version, ...rest } = input;
  return { ...rest, publishedAt };
}

export async function pageEditorAction(request: Request, admin: CurrentUser, id: number) {
  let failure = "Failed to save the page";
  try {
    const values = await readAdminPayload(request, failure, { maxBytes: EDITOR_BODY_MAX });
    const intent = parseAdminInput(pageEditorIntentSchema, values.intent, failure);
    const db = getDb();
    if (intent === "preview") {
      failure = "Failed to open the preview";
      // A preview shows the blocks as they are typed, whatever the status says.
      const input = parseAdminInput(
        pageFormSchema,
        { ...values, status: "draft", publishAt: "" },
        failure,
      );
      const preview = await createPreview(
        db,
        {
          title: input.title,
          path: input.path,
          kind: input.kind,
          blocks: input.blocks,
          metaTitle: input.metaTitle,
          metaDescription: input.metaDescription,
          ogImageUrl: input.ogImageUrl,
        },
        { userId: admin.id },
      );
      return { ok: true as const, url: `/preview/${preview.token}`, expiresAt: preview.expiresAt };
    }
    const save = await saveContext(admin);
    if (intent === "restore-revision") {
      failure = "Failed to restore the revision";
      const { revisionId, version } = parseAdminInput(pageRestoreSchema, values, failure);
      const outcome = await restorePageRevision(db, id, revisionId, {
        ...save,
        saver: { ...save.saver, source: "restore" },
        expectedVersion: version ?? null,
      });
      refuseWhenGone(outcome, failure, "page");
      if (outcome.status === "conflict") return await editConflict(id);
      const page = await getPage(db, id);
      await adminChanged(
        admin,
        {
          action: "restored",
          entity: "page",
          entityId: id,
          details: { revision: revisionId, path: outcome.path },
        },
        [...(page ? pagePublicPaths(page) : [outcome.path]), SITEMAP],
      );
      return adminSuccess(
        "Revision restored",
        "The page has that revision's title, blocks and SEO fields again; what it had is in the history.",
        { version: outcome.version, page },
      );
    }
    // Who may publish comes before the rest of the form: an editor asking to publish a legal
    // document hears that it is an admin's, not what else publishing it would need.
    const asked = pageKindStatusSchema.safeParse(values);
    if (asked.success && !mayGiveStatus(admin.role, asked.data.kind, asked.data.status)) {
      return adminFailure(failure, LEGAL_PUBLISH_FOR_ADMINS, {
        status: 403,
        fieldErrors: { status: LEGAL_PUBLISH_FOR_ADMINS },
      });
    }
    const input = parseAdminInput(pageFormSchema, values, failure);
    await refuseMissingSharedSections(db, input.blocks, failure);
    const publishedAt = scheduledTime(input, save.timeZone, failure);
    const outcome = await updatePage(db, id, pageInputOf(input, publishedAt), {
      saver: save.saver,
      keepRevisions: save.keepRevisions,
      expectedVersion: input.version,
    });
    refuseWhenGone(outcome, failure, "page");
    if (outcome.status === "duplicate-path") return duplicatePath(failure);
    if (outcome.status === "home-address") {
      return adminFailure(failure, HOME_ADDRESS_KEPT, { fieldErrors: { path: HOME_ADDRESS_KEPT } });
    }
    if (outcome.status === "home-unpublished") {
      return adminFailure(failure, HOME_STAYS_PUBLISHED, {
        fieldErrors: { status: HOME_STAYS_PUBLISHED },
      });
    }
    if (outcome.status === "conflict") return await editConflict(id);
    await adminChanged(
      admin,
      {
        action: "updated",
        entity: "page",
        entityId: id,
        details: {
          title: input.title,
          path: outcome.path,
          status: input.status,
          ...(publishedAt ? { publishAt: publishedAt.toISOString() } : {}),
          ...(outcome.previousPath !== outcome.path ? { previousPath: outcome.previousPath } : {}),
          ...(outcome.menus.length > 0 ? { menusChanged: outcome.menus } : {}),
        },
      },
      pathsShowingMenus(outcome.menus, [
        ...new Set([
          ...pagePublicPaths({ ...input, path: outcome.path }),
          outcome.previousPath,
          SITEMAP,
        ]),
      ]),
    );
    return adminSuccess("Page saved", statusNote(input.status), {
      version: outcome.version,
      path: outcome.path,
      page: await getPage(db, id),
    });
  } catch (error) {
    return answerActionError(error, failure, { err: error, pageId: id }, "Could not save a page");
  }
}

function statusNote(status: PageForm["status"]) {
  if (status === "published") return "It is live at its address.";
  if (status === "scheduled") return "It goes live at the time you chose.";
  return undefined;
}
