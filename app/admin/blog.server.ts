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
import type { CurrentUser } from "~/auth/session.server";
import { renderPostHtml } from "~/blog/render.server";
import { getDb } from "~/db/client.server";
import {
  categoryExists,
  createCategory,
  deleteCategory,
  getAdminPost,
  isUniqueViolation,
  seedSampleContent,
  updateCategory,
} from "~/models/admin-blog.server";
import { restoreRevision } from "~/models/post-revisions.server";
import { createPost, deletePost, updatePost } from "~/models/post-writes.server";
import { currentPostSlug, postPagePaths } from "~/models/site.server";
import { createPreview } from "~/pages/preview.server";
import {
  blogIntentSchema,
  categoryFormSchema,
  categoryIdSchema,
  categoryUpdateSchema,
  DUPLICATE_CATEGORY_SLUG,
  DUPLICATE_SLUG,
  postFormSchema,
  postIdSchema,
  postPreviewSchema,
  postUpdateSchema,
  previewSchema,
  restoreRevisionSchema,
} from "~/schemas/admin/blog";

/**
 * The Blog tab's action (/admin/blog, app/routes/admin/blog.tsx): posts, their revisions and
 * preview, categories and the sample content, each intent checked, saved and audited.
 */
export async function blogAction(request: Request, admin: CurrentUser) {
  let failure = "Failed to update blog post";
  try {
    const values = await readAdminPayload(request, failure);
    const intent = parseAdminInput(blogIntentSchema, values.intent, failure);
    failure = failureTitle(intent);
    return await update(admin, intent, values, failure);
  } catch (error) {
    return answerActionError(error, failure, { err: error }, "Could not change the blog");
  }
}

function postAuditDetails(
  input: { title: string; status: string },
  slug: string,
  publishedAt: Date | null,
) {
  return {
    title: input.title,
    slug,
    status: input.status,
    ...(publishedAt ? { publishAt: publishedAt.toISOString() } : {}),
  };
}

/** A save refused because someone saved the post since it was opened: their version (409). */
async function editConflict(id: number) {
  const theirs = await getAdminPost(getDb(), id);
  return editConflictAnswer("post", theirs?.savedByName ?? "", theirs);
}

function failureTitle(intent: string) {
  if (intent === "create-post" || intent === "seed-sample") return "Failed to create blog post";
  if (intent === "delete-post") return "Failed to delete blog post";
  if (intent === "create-category") return "Failed to create category";
  if (intent === "update-category") return "Failed to update category";
  if (intent === "delete-category") return "Failed to delete category";
  if (intent === "preview") return "Failed to render the preview";
  if (intent === "open-preview") return "Failed to open the preview";
  if (intent === "restore-revision") return "Failed to restore the revision";
  return "Failed to update blog post";
}

async function checkCategory(categoryId: number | null, failure: string) {
  if (categoryId !== null && !(await categoryExists(getDb(), categoryId))) {
    throw adminFailure(failure, "That category no longer exists.", {
      fieldErrors: { categoryId: "That category no longer exists." },
    });
  }
}

async function update(
  admin: CurrentUser,
  intent: typeof import("~/schemas/admin/blog").blogIntents[number],
  values: Record<string, unknown>,
  failure: string,
) {
  const db = getDb();
  switch (intent) {
    case "preview": {
      const { content } = parseAdminInput(previewSchema, values, failure);
      return { ok: true as const, html: renderPostHtml(content) };
    }
    case "open-preview": {
      // The post as typed, saved or not, at an unguessable address that expires (the page
      // editor's Preview does the same for pages).
      const input = parseAdminInput(postPreviewSchema, values, failure);
      await checkCategory(input.categoryId, failure);
      const preview = await createPreview(db, { kind: "post", ...input }, { userId: admin.id });
      return { ok: true as const, url: `/preview/${preview.token}`, expiresAt: preview.expiresAt };
    }
    case "seed-sample": {
      const seeded = await seedSampleContent(db, admin.id);
      if (!seeded) return { ok: true as const, seeded: false };
      await adminChanged(admin, {
        action: "created",
        entity: "blog post",
        details: { sample: true },
      });
      return {
        ...adminSuccess(
          "Sample Content Created",
          "A Technology category and a welcome post were added.",
        ),
        seeded: true,
      };
    }
    case "create-post": {
      const input = parseAdminInput(postFormSchema, values, failure);
      await checkCategory(input.categoryId, failure);
      const save = await saveContext(admin);
      const publishedAt = scheduledTime(input, save.timeZone, failure);
      try {
        const row = await createPost(db, { ...input, publishedAt }, admin.id, save);
        await adminChanged(
          admin,
          {
            action: "created",
            entity: "blog post",
            entityId: row.id,
            details: postAuditDetails(input, row.slug, publishedAt),
          },
          postPagePaths(row.slug),
        );
        return adminSuccess("Blog post created successfully", undefined, row);
      } catch (error) {
        if (isUniqueViolation(error)) return duplicateSlug(failure);
        throw error;
      }
    }
    case "update-post": {
      const { id, version, ...input } = parseAdminInput(postUpdateSchema, values, failure);
      await checkCategory(input.categoryId, failure);
      const save = await saveContext(admin);
      const publishedAt = scheduledTime(input, save.timeZone, failure);
      try {
        // Its old address too, when the save moves it.
        const before = await currentPostSlug(db, id);
        const outcome = await updatePost(
          db,
          id,
          { ...input, publishedAt },
          { ...save, expectedVersion: version },
        );
        refuseWhenGone(outcome, failure, "post");
        if (outcome.status === "conflict") return await editConflict(id);
        await adminChanged(
          admin,
          {
            action: "updated",
            entity: "blog post",
            entityId: outcome.id,
            details: postAuditDetails(input, outcome.slug, publishedAt),
          },
          postPagePaths(before, outcome.slug),
        );
        return adminSuccess("Blog post updated successfully", undefined, outcome);
      } catch (error) {
        if (isUniqueViolation(error)) return duplicateSlug(failure);
        throw error;
      }
    }
    case "restore-revision": {
      const { id, revisionId, version } = parseAdminInput(restoreRevisionSchema, values, failure);
      const save = await saveContext(admin);
      const before = await currentPostSlug(db, id);
      const outcome = await restoreRevision(db, id, revisionId, {
        ...save,
        saver: { ...save.saver, source: "restore" },
        expectedVersion: version,
      });
      refuseWhenGone(outcome, failure, "post");
      if (outcome.status === "conflict") return await editConflict(id);
      await adminChanged(
        admin,
        {
          action: "restored",
          entity: "blog post",
          entityId: id,
          details: { revision: revisionId, slug: outcome.slug },
        },
        postPagePaths(before, outcome.slug),
      );
      return adminSuccess(
        "Revision restored",
        "The post has that revision's text again; the previous text is in the history.",
        { version: outcome.version, post: await getAdminPost(db, id) },
      );
    }
    case "delete-post": {
      const { id } = parseAdminInput(postIdSchema, values, failure);
      const slug = await currentPostSlug(db, id);
      if (!(await deletePost(db, id))) {
        return adminFailure(failure, "There is no such post.", { status: 404 });
      }
      await adminChanged(
        admin,
        { action: "deleted", entity: "blog post", entityId: id },
        postPagePaths(slug),
      );
      return adminSuccess("Blog post deleted successfully");
    }
    case "create-category": {
      const input = parseAdminInput(categoryFormSchema, values, failure);
      try {
        const row = await createCategory(db, input);
        await adminChanged(admin, {
          action: "created",
          entity: "blog category",
          entityId: row.id,
          details: { name: row.name, slug: row.slug },
        });
        return adminSuccess("Category created", `${row.name} can now be chosen for posts.`);
      } catch (error) {
        if (isUniqueViolation(error)) return duplicateCategory(failure);
        throw error;
      }
    }
    case "update-category": {
      const { id, ...input } = parseAdminInput(categoryUpdateSchema, values, failure);
      try {
        const row = await updateCategory(db, id, input, admin.id);
        if (!row) return adminFailure(failure, "There is no such category.", { status: 404 });
        await adminChanged(admin, {
          action: "updated",
          entity: "blog category",
          entityId: row.id,
          details: { name: row.name, slug: row.slug },
        });
        return adminSuccess("Category updated", `Renamed to ${row.name}.`);
      } catch (error) {
        if (isUniqueViolation(error)) return duplicateCategory(failure);
        throw error;
      }
    }
    case "delete-category": {
      const { id } = parseAdminInput(categoryIdSchema, values, failure);
      const row = await deleteCategory(db, id);
      if (!row) return adminFailure(failure, "There is no such category.", { status: 404 });
      await adminChanged(admin, {
        action: "deleted",
        entity: "blog category",
        entityId: id,
        details: { name: row.name },
      });
      return adminSuccess("Category deleted", `Its posts now have no category.`);
    }
  }
}

const duplicateSlug = (failure: string) => adminDuplicate(failure, "slug", DUPLICATE_SLUG);

const duplicateCategory = (failure: string) =>
  adminDuplicate(failure, "slug", DUPLICATE_CATEGORY_SLUG);
