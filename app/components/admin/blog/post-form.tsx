import { Eye, History, ImageIcon, Pencil, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { LocalTime } from "~/components/admin/kit/local-time";
import { useUnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { toZonedInputValue } from "~/lib/zoned-time";
import type { AdminCategory, AdminPost } from "~/models/admin-blog.server";
import {
  type BlogPostStatus,
  canCreatePost,
  POST_STATUSES,
  slugPreview,
} from "~/schemas/admin/blog";
import type { AssistField } from "~/schemas/admin/blog-assist";
import { AltTextWarning } from "./alt-text-warning";
import { type ConflictField, EditConflict } from "./edit-conflict";
import { ImagePicker } from "./image-picker";
import { PostHistory } from "./post-history";
import { useLocalDraft } from "./use-local-draft";
import { useWritingAssist, WritingSuggestion } from "./writing-assist";

export const statusLabels: Record<BlogPostStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  archived: "Archived",
};

/** The post as another admin saved it, sent with a refused save (409). */
type TheirPost = AdminPost & { savedByName: string; savedAt: string };

interface Values {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  status: BlogPostStatus;
  categoryId: string;
  featuredImageUrl: string;
  metaTitle: string;
  metaDescription: string;
  /** For Scheduled: "YYYY-MM-DDTHH:mm" in the site's time zone. */
  publishAt: string;
}

const empty: Values = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  status: "draft",
  categoryId: "",
  featuredImageUrl: "",
  metaTitle: "",
  metaDescription: "",
  publishAt: "",
};

function valuesOf(post: AdminPost, timeZone: string): Values {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    status: post.status,
    categoryId: post.categoryId === null ? "" : String(post.categoryId),
    featuredImageUrl: post.featuredImageUrl,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    publishAt:
      post.status === "scheduled" && post.publishedAt
        ? toZonedInputValue(post.publishedAt, timeZone)
        : "",
  };
}

const same = (a: Values, b: Values) => JSON.stringify(a) === JSON.stringify(b);

function conflictFields(
  theirs: Values,
  mine: Values,
  categories: AdminCategory[],
): ConflictField[] {
  const category = (id: string) =>
    id ? (categories.find((c) => String(c.id) === id)?.name ?? `Category ${id}`) : "No category";
  return [
    { label: "Title", theirs: theirs.title, mine: mine.title },
    { label: "Slug", theirs: theirs.slug, mine: mine.slug },
    { label: "Excerpt", theirs: theirs.excerpt, mine: mine.excerpt },
    { label: "Content", theirs: theirs.content, mine: mine.content, long: true },
    {
      label: "Status",
      theirs: statusLabels[theirs.status],
      mine: statusLabels[mine.status],
    },
    { label: "Publish on", theirs: theirs.publishAt, mine: mine.publishAt },
    { label: "Category", theirs: category(theirs.categoryId), mine: category(mine.categoryId) },
    { label: "Featured image", theirs: theirs.featuredImageUrl, mine: mine.featuredImageUrl },
    { label: "Meta title", theirs: theirs.metaTitle, mine: mine.metaTitle },
    {
      label: "Meta description",
      theirs: theirs.metaDescription,
      mine: mine.metaDescription,
    },
  ];
}

/** What a save sends: the form's fields, as the plain form would post them. */
function payloadOf(values: Values, extra: Record<string, string>) {
  const { publishAt, ...rest } = values;
  return { ...rest, ...(values.status === "scheduled" ? { publishAt } : {}), ...extra };
}

/**
 * The post editor of Create New and of the edit dialog: a plain form posting to the Blog tab's
 * action (so it works before JavaScript loads), sent with the admin fetcher once it has.
 */
export function PostForm({
  mode,
  post,
  categories,
  timeZone,
  onDone,
  onSaved,
  onDirtyChange,
}: {
  mode: "create" | "edit";
  post?: AdminPost;
  categories: AdminCategory[];
  /** The site's time zone: scheduled times are entered and shown in it. */
  timeZone: string;
  /** Cancel: shown when given (the edit dialog asks first when there are unsaved changes). */
  onDone?: () => void;
  /** After a successful save (the dialog closes). */
  onSaved?: () => void;
  /** Whether the form holds typing not saved yet (the edit dialog asks before closing). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const id = useId();
  const [saved, setSaved] = useState<Values>(() => (post ? valuesOf(post, timeZone) : empty));
  const [values, setValues] = useState<Values>(saved);
  const [version, setVersion] = useState<number | null>(post?.version ?? null);
  const [conflict, setConflict] = useState<TheirPost | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const dirty = !same(values, saved);
  const draft = useLocalDraft({
    key: post ? String(post.id) : "new",
    values,
    version,
    dirty,
    saved,
  });
  const { fetcher, busy, fieldErrors } = useAdminFetcher<{
    ok: boolean;
    toast?: { type: "success" | "error"; title: string };
    fieldErrors?: Record<string, string>;
    conflict?: TheirPost | null;
  }>({
    onSuccess: () => {
      draft.clear();
      setConflict(null);
      if (mode === "create") {
        setSaved(empty);
        setValues(empty);
        setPreviewing(false);
      } else {
        setSaved(values);
      }
      onSaved?.();
    },
    onFailure: () => {
      const theirs = fetcher.data?.conflict;
      if (theirs) setConflict(theirs);
    },
  });
  const guard = useUnsavedChangesGuard(dirty && !busy, draft.clear);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const preview = useFetcher<{ ok: boolean; html?: string; toast?: { title: string } }>();
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const ready = canCreatePost(values.title, values.content);
  const derivedSlug = slugPreview(values.title) || "derived-from-the-title";
  const f = (name: string) => `${id}-${name}`;
  const assist = useWritingAssist();
  const suggestion = (field: AssistField, name: string) =>
    assist ? (
      <WritingSuggestion
        field={field}
        fieldId={f(name)}
        post={values}
        onUse={(value) => set(field, value)}
      />
    ) : null;

  function showPreview() {
    setPreviewing(true);
    void preview.submit(
      { intent: "preview", content: values.content },
      { method: "post", action: "/admin/blog" },
    );
  }

  function keepMine() {
    if (!conflict || !post) return;
    setVersion(conflict.version);
    void fetcher.submit(
      payloadOf(values, {
        intent: "update-post",
        id: String(post.id),
        version: String(conflict.version),
      }),
      { method: "post", action: "/admin/blog" },
    );
  }

  function takeTheirs() {
    if (!conflict) return;
    const theirs = valuesOf(conflict, timeZone);
    setSaved(theirs);
    setValues(theirs);
    setVersion(conflict.version);
    setConflict(null);
    draft.clear();
  }

  function restoreDraft() {
    const kept = draft.accept();
    if (!kept) return;
    setValues({ ...empty, ...kept.values });
    // Saving it is checked against the version it was typed over: a save made since shows both.
    if (kept.version !== null) setVersion(kept.version);
  }

  return (
    <fetcher.Form method="post" action="/admin/blog" className="space-y-5" noValidate>
      {guard}
      <input
        type="hidden"
        name="intent"
        value={mode === "create" ? "create-post" : "update-post"}
      />
      {post ? <input type="hidden" name="id" value={post.id} /> : null}
      {version !== null ? <input type="hidden" name="version" value={version} /> : null}
      {draft.offered ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-ink sm:flex-row sm:items-center sm:justify-between"
        >
          <p>
            Unsaved changes from <LocalTime iso={draft.offered.savedAt} /> were kept in this
            browser. Restore them?
          </p>
          <div className="flex shrink-0 gap-2">
            <Button type="button" size="sm" onClick={restoreDraft}>
              Restore changes
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={draft.discard}>
              Discard
            </Button>
          </div>
        </div>
      ) : null}
      {conflict ? (
        <EditConflict
          savedByName={conflict.savedByName}
          savedAt={conflict.savedAt}
          fields={conflictFields(valuesOf(conflict, timeZone), values, categories)}
          busy={busy}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
        />
      ) : null}
      {post ? (
        <div className="flex justify-end">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={showHistory}
            onClick={() => setShowHistory((v) => !v)}
          >
            <History aria-hidden /> {showHistory ? "Hide history" : "History"}
          </Button>
        </div>
      ) : null}
      {post && showHistory && version !== null ? (
        <div className="rounded-lg border border-line p-4">
          <PostHistory
            post={post}
            version={version}
            dirty={dirty}
            onRestored={(result) => {
              const restored = (result as { post?: AdminPost | null }).post;
              setVersion(result.version);
              if (restored) {
                const next = valuesOf(restored, timeZone);
                setSaved(next);
                setValues(next);
              }
            }}
          />
        </div>
      ) : null}
      <div className="grid gap-5 md:grid-cols-2">
        <FieldShell id={f("title")} label="Title" required error={fieldErrors.title}>
          <Input
            {...fieldAria(f("title"), fieldErrors.title)}
            name="title"
            value={values.title}
            onChange={(e) => set("title", e.currentTarget.value)}
            required
            maxLength={200}
          />
        </FieldShell>
        <FieldShell
          id={f("slug")}
          label="Slug"
          error={fieldErrors.slug}
          hint="Leave empty to derive it from the title."
        >
          <Input
            {...fieldAria(f("slug"), fieldErrors.slug, true)}
            name="slug"
            value={values.slug}
            placeholder={derivedSlug}
            onChange={(e) => set("slug", e.currentTarget.value)}
            maxLength={200}
          />
          {suggestion("slug", "slug")}
        </FieldShell>
      </div>
      <FieldShell id={f("excerpt")} label="Excerpt" error={fieldErrors.excerpt}>
        <Textarea
          {...fieldAria(f("excerpt"), fieldErrors.excerpt)}
          name="excerpt"
          rows={2}
          value={values.excerpt}
          onChange={(e) => set("excerpt", e.currentTarget.value)}
          maxLength={500}
        />
        {suggestion("excerpt", "excerpt")}
      </FieldShell>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label htmlFor={f("content")} className="text-sm font-medium text-ink">
            Content
            <span aria-hidden className="text-danger">
              {" "}
              *
            </span>
          </label>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-pressed={previewing}
            onClick={() => (previewing ? setPreviewing(false) : showPreview())}
          >
            {previewing ? <Pencil aria-hidden /> : <Eye aria-hidden />}
            {previewing ? "Edit" : "Preview"}
          </Button>
        </div>
        <Textarea
          {...fieldAria(f("content"), fieldErrors.content, true)}
          name="content"
          rows={12}
          value={values.content}
          onChange={(e) => set("content", e.currentTarget.value)}
          required
          className={previewing ? "hidden" : "font-mono"}
        />
        {previewing ? (
          <section
            aria-label="Preview"
            className="min-h-64 rounded-lg border border-line bg-surface p-4"
          >
            {preview.state !== "idle" ? (
              <p className="flex items-center gap-2 text-sm text-muted">
                <Spinner /> Rendering the preview…
              </p>
            ) : preview.data?.html !== undefined ? (
              values.content.trim() ? (
                <div
                  className="prose max-w-none break-words text-ink [&_p]:mb-3"
                  // Rendered and escaped on the server by renderPostHtml.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises it
                  dangerouslySetInnerHTML={{ __html: preview.data.html }}
                />
              ) : (
                <p className="text-sm text-muted">Nothing to preview yet.</p>
              )
            ) : (
              <p className="text-sm text-danger">The preview could not be rendered.</p>
            )}
          </section>
        ) : null}
        <p id={`${f("content")}-hint`} className="text-sm text-muted">
          Markdown. Use Preview to see how the post page shows it.
        </p>
        {fieldErrors.content ? (
          <p id={`${f("content")}-error`} className="text-sm text-danger">
            {fieldErrors.content}
          </p>
        ) : null}
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <FieldShell id={f("status")} label="Status" error={fieldErrors.status}>
          <Select
            {...fieldAria(f("status"), fieldErrors.status)}
            name="status"
            value={values.status}
            onChange={(e) => set("status", e.currentTarget.value as BlogPostStatus)}
          >
            {POST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </Select>
        </FieldShell>
        {values.status === "scheduled" ? (
          <FieldShell
            id={f("publish-at")}
            label="Publish on"
            required
            error={fieldErrors.publishAt}
            hint={`Date and time in ${timeZone} (the site's time zone, set in Settings).`}
          >
            <Input
              {...fieldAria(f("publish-at"), fieldErrors.publishAt, true)}
              type="datetime-local"
              name="publishAt"
              value={values.publishAt}
              onChange={(e) => set("publishAt", e.currentTarget.value)}
              required
            />
          </FieldShell>
        ) : null}
        <FieldShell id={f("category")} label="Category" error={fieldErrors.categoryId}>
          <Select
            {...fieldAria(f("category"), fieldErrors.categoryId)}
            name="categoryId"
            value={values.categoryId}
            onChange={(e) => set("categoryId", e.currentTarget.value)}
          >
            <option value="">No category</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </Select>
        </FieldShell>
      </div>
      <FieldShell
        id={f("image")}
        label="Featured image"
        error={fieldErrors.featuredImageUrl}
        hint="A URL, or choose one from the media library."
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          {values.featuredImageUrl ? (
            <img
              src={values.featuredImageUrl}
              alt="Featured preview"
              className="h-20 w-32 shrink-0 rounded-md border border-line object-cover"
            />
          ) : null}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <Input
              {...fieldAria(f("image"), fieldErrors.featuredImageUrl, true)}
              name="featuredImageUrl"
              value={values.featuredImageUrl}
              placeholder="/media/… or https://…"
              onChange={(e) => set("featuredImageUrl", e.currentTarget.value)}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => setPickerOpen(true)}>
                <ImageIcon aria-hidden /> Choose image
              </Button>
              {values.featuredImageUrl ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => set("featuredImageUrl", "")}
                >
                  <X aria-hidden /> Remove image
                </Button>
              ) : null}
            </div>
          </div>
        </div>
      </FieldShell>
      <ImagePicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        onPick={(url) => set("featuredImageUrl", url)}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <FieldShell
          id={f("meta-title")}
          label="Meta title"
          error={fieldErrors.metaTitle}
          hint="Defaults to the title."
        >
          <Input
            {...fieldAria(f("meta-title"), fieldErrors.metaTitle, true)}
            name="metaTitle"
            value={values.metaTitle}
            placeholder={values.title.trim()}
            onChange={(e) => set("metaTitle", e.currentTarget.value)}
            maxLength={200}
          />
          {suggestion("metaTitle", "meta-title")}
        </FieldShell>
        <FieldShell
          id={f("meta-description")}
          label="Meta description"
          error={fieldErrors.metaDescription}
          hint="Defaults to the excerpt."
        >
          <Textarea
            {...fieldAria(f("meta-description"), fieldErrors.metaDescription, true)}
            name="metaDescription"
            rows={2}
            value={values.metaDescription}
            placeholder={values.excerpt.trim()}
            onChange={(e) => set("metaDescription", e.currentTarget.value)}
            maxLength={500}
          />
          {suggestion("metaDescription", "meta-description")}
        </FieldShell>
      </div>
      <AltTextWarning
        featuredImageUrl={values.featuredImageUrl}
        content={values.content}
        active={values.status === "published" || values.status === "scheduled"}
      />
      <div className="flex flex-col-reverse gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-end">
        {!ready ? (
          <p className="text-sm text-muted sm:mr-auto">Add a title and content to save the post.</p>
        ) : null}
        {mode === "create" && dirty ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setValues(saved);
              draft.clear();
            }}
            disabled={busy}
          >
            Clear
          </Button>
        ) : null}
        {onDone ? (
          <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={!ready || busy}>
          {busy ? <Spinner /> : null}
          {mode === "create"
            ? busy
              ? "Creating…"
              : "Create Post"
            : busy
              ? "Saving…"
              : "Save Changes"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
