import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { PostConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { TextAreaField, TextField } from "~/components/admin/kit/fields";
import { useReturnFocus } from "~/components/admin/kit/return-focus";
import { RowEditDeleteButtons } from "~/components/admin/kit/row-actions";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import type { AdminCategory } from "~/models/admin-blog.server";
import { slugPreview } from "~/schemas/admin/blog";

/** Categories: listed by name; created, renamed and deleted (their posts keep existing). */
export function CategoryManager({ categories }: { categories: AdminCategory[] }) {
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const focus = useReturnFocus(() =>
    document.querySelector<HTMLElement>("[data-new-category] input"),
  );
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div>
        <h2 className="mb-3 text-lg font-semibold text-ink">Categories</h2>
        {categories.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line p-8 text-center text-muted">
            No categories yet. Create one to group posts.
          </p>
        ) : (
          <ul
            aria-label="Categories"
            className="divide-y divide-line rounded-lg border border-line bg-white"
          >
            {categories.map((category) => (
              <li
                key={category.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <h3 className="break-words font-semibold text-ink">{category.name}</h3>
                  <p className="break-words text-sm text-muted">
                    {category.slug} · {category.postCount}{" "}
                    {category.postCount === 1 ? "post" : "posts"}
                  </p>
                  {category.description ? (
                    <p className="mt-1 break-words text-sm text-muted">{category.description}</p>
                  ) : null}
                </div>
                <div className="flex shrink-0 gap-2">
                  <RowEditDeleteButtons
                    name={category.name}
                    editLabel="Rename"
                    remember={focus.remember}
                    onEdit={() => setEditing(category)}
                    onDelete={() => setDeleting(category)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div data-new-category className="h-fit rounded-xl border border-line bg-white p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold text-ink">New category</h2>
        <CategoryForm />
      </div>

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        <DialogContent onCloseAutoFocus={focus.onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle>Rename category</DialogTitle>
            <DialogDescription>Posts in this category keep it.</DialogDescription>
          </DialogHeader>
          {editing ? (
            <CategoryForm key={editing.id} category={editing} onDone={() => setEditing(null)} />
          ) : null}
        </DialogContent>
      </Dialog>
      <DeleteCategoryDialog
        category={deleting}
        onClose={() => setDeleting(null)}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </div>
  );
}

function CategoryForm({ category, onDone }: { category?: AdminCategory; onDone?: () => void }) {
  const id = useId();
  const [name, setName] = useState(category?.name ?? "");
  const [slug, setSlug] = useState(category?.slug ?? "");
  const [description, setDescription] = useState(category?.description ?? "");
  const { fetcher, busy, fieldErrors } = useAdminFetcher({
    onSuccess: () => {
      if (!category) {
        setName("");
        setSlug("");
        setDescription("");
      }
      onDone?.();
    },
  });
  const f = (n: string) => `${id}-${n}`;
  return (
    <fetcher.Form
      method="post"
      action="/admin/blog?view=categories"
      className="space-y-4"
      noValidate
    >
      <input type="hidden" name="intent" value={category ? "update-category" : "create-category"} />
      {category ? <input type="hidden" name="id" value={category.id} /> : null}
      <TextField
        id={f("name")}
        label="Name"
        required
        error={fieldErrors.name}
        name="name"
        value={name}
        onValue={setName}
        maxLength={100}
      />
      <TextField
        id={f("slug")}
        label="Slug"
        error={fieldErrors.slug}
        hint="Leave empty to derive it from the name."
        name="slug"
        value={slug}
        placeholder={slugPreview(name) || "derived-from-the-name"}
        onValue={setSlug}
        maxLength={200}
      />
      <TextAreaField
        id={f("description")}
        label="Description"
        error={fieldErrors.description}
        name="description"
        rows={3}
        value={description}
        onValue={setDescription}
        maxLength={500}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onDone ? (
          <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={busy || !name.trim()}>
          {busy ? <Spinner /> : category ? null : <Plus aria-hidden />}
          {category ? "Save" : "Create Category"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function DeleteCategoryDialog({
  category,
  onClose,
  onCloseAutoFocus,
}: {
  category: AdminCategory | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const admin = useAdminFetcher({ onSuccess: onClose });
  return (
    <PostConfirmDialog
      open={category !== null}
      title="Delete this category?"
      description={
        <>
          “{category?.name}” will be deleted.{" "}
          {category?.postCount
            ? `Its ${category.postCount} ${category.postCount === 1 ? "post stays" : "posts stay"} on the blog without a category.`
            : "No post uses it."}
        </>
      }
      action="/admin/blog?view=categories"
      fields={{ intent: "delete-category", id: category?.id }}
      confirmLabel="Delete category"
      icon={<Trash2 aria-hidden />}
      admin={admin}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
