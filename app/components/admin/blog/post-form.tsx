import { History, ImageIcon, X } from "lucide-react";
import { useContext, useDeferredValue, useEffect, useId, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { libraryNamesOf } from "~/blog/image-alt";
import { SelectField, TextAreaField, TextField } from "~/components/admin/kit/fields";
import {
  LinkFactsContext,
  PublishCheckPanel,
  useFieldFocus,
  useLinkFacts,
  useMediaFacts,
  warningSnippet,
  warningsLeftNote,
} from "~/components/admin/kit/publish-check";
import { StatusFields } from "~/components/admin/kit/status-fields";
import { useStoredValues } from "~/components/admin/kit/use-stored-values";
import { useUnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import type { AdminCategory, AdminPost } from "~/models/admin-blog.server";
import { checkPost, type PublishWarning } from "~/pages/publish-check";
import { canCreatePost, POST_STATUSES, slugPreview } from "~/schemas/admin/blog";
import type { AssistField } from "~/schemas/admin/blog-assist";
import { AltTextWarning } from "./alt-text-warning";
import { EditConflict } from "./edit-conflict";
import { ImagePicker } from "./image-picker";
import { ContentField, DraftOffer } from "./post-form-parts";
import { PostHistory } from "./post-history";
import {
  conflictFields,
  empty,
  payloadOf,
  same,
  statusLabels,
  type TheirPost,
  type Values,
  valuesOf,
} from "./post-values";
import { useLocalDraft } from "./use-local-draft";
import { useWritingAssist, WritingSuggestion } from "./writing-assist";

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
  const { saved, setSaved, values, setValues, version, setVersion, showStored } = useStoredValues<
    Values,
    number | null
  >(() => (post ? valuesOf(post, timeZone) : empty), post?.version ?? null);
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
  // The check before publishing runs on the settled values: typing never waits for it.
  const checked = useDeferredValue(values);
  const libraryNames = useMemo(
    () => libraryNamesOf(checked.featuredImageUrl, checked.content),
    [checked.featuredImageUrl, checked.content],
  );
  const media = useMediaFacts(libraryNames);
  const facts = useLinkFacts(useContext(LinkFactsContext));
  const warnings = useMemo(() => checkPost(checked, facts, media), [checked, facts, media]);
  const focusField = useFieldFocus();
  const { fetcher, busy, fieldErrors } = useAdminFetcher<{
    ok: boolean;
    toast?: { type: "success" | "error"; title: string };
    fieldErrors?: Record<string, string>;
    conflict?: TheirPost | null;
  }>({
    toastNote: () => warningsLeftNote(warnings.length, values.status),
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

  const fieldOf: Record<string, string> = {
    title: "title",
    metaTitle: "meta-title",
    metaDescription: "meta-description",
    content: "content",
    featuredImageUrl: "image",
  };
  function jumpTo(warning: PublishWarning) {
    // A post's places are its own fields; a block's would be a page's.
    const field = "blockId" in warning.where ? "content" : warning.where.field;
    if (field === "content") setPreviewing(false);
    focusField({
      id: f(fieldOf[field] ?? "content"),
      select: field === "content" ? warningSnippet(warning) : null,
    });
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
    showStored(valuesOf(conflict, timeZone), conflict.version);
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
        <DraftOffer
          savedAt={draft.offered.savedAt}
          onRestore={restoreDraft}
          onDiscard={draft.discard}
        />
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
              showStored(restored && valuesOf(restored, timeZone), result.version);
            }}
          />
        </div>
      ) : null}
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          id={f("title")}
          label="Title"
          required
          error={fieldErrors.title}
          name="title"
          value={values.title}
          onValue={(value) => set("title", value)}
          maxLength={200}
        />
        <TextField
          id={f("slug")}
          label="Slug"
          error={fieldErrors.slug}
          hint="Leave empty to derive it from the title."
          name="slug"
          value={values.slug}
          placeholder={derivedSlug}
          onValue={(value) => set("slug", value)}
          maxLength={200}
          after={suggestion("slug", "slug")}
        />
      </div>
      <TextAreaField
        id={f("excerpt")}
        label="Excerpt"
        error={fieldErrors.excerpt}
        name="excerpt"
        rows={2}
        value={values.excerpt}
        onValue={(value) => set("excerpt", value)}
        maxLength={500}
        after={suggestion("excerpt", "excerpt")}
      />
      <ContentField
        id={f("content")}
        value={values.content}
        error={fieldErrors.content}
        onValue={(value) => set("content", value)}
        previewing={previewing}
        onPreview={showPreview}
        onEdit={() => setPreviewing(false)}
        preview={preview}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <StatusFields
          ids={{ status: f("status"), publishAt: f("publish-at") }}
          names={{ status: "status", publishAt: "publishAt" }}
          statuses={POST_STATUSES}
          labels={statusLabels}
          status={values.status}
          publishAt={values.publishAt}
          errors={fieldErrors}
          timeZone={timeZone}
          onStatus={(status) => set("status", status)}
          onPublishAt={(value) => set("publishAt", value)}
        />
        <SelectField
          id={f("category")}
          label="Category"
          error={fieldErrors.categoryId}
          name="categoryId"
          value={values.categoryId}
          onValue={(value) => set("categoryId", value)}
        >
          <option value="">No category</option>
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </SelectField>
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
        <TextField
          id={f("meta-title")}
          label="Meta title"
          error={fieldErrors.metaTitle}
          hint="Defaults to the title."
          name="metaTitle"
          value={values.metaTitle}
          placeholder={values.title.trim()}
          onValue={(value) => set("metaTitle", value)}
          maxLength={200}
          after={suggestion("metaTitle", "meta-title")}
        />
        <TextAreaField
          id={f("meta-description")}
          label="Meta description"
          error={fieldErrors.metaDescription}
          hint="Defaults to the excerpt."
          name="metaDescription"
          rows={2}
          value={values.metaDescription}
          placeholder={values.excerpt.trim()}
          onValue={(value) => set("metaDescription", value)}
          maxLength={500}
          after={suggestion("metaDescription", "meta-description")}
        />
      </div>
      <AltTextWarning
        featuredImageUrl={values.featuredImageUrl}
        content={checked.content}
        active={values.status === "published" || values.status === "scheduled"}
        media={media}
      />
      <PublishCheckPanel
        warnings={warnings}
        onJump={jumpTo}
        published={saved.status === "published" || saved.status === "scheduled"}
        className="rounded-lg border border-line p-4"
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
