import { useContext, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { libraryNamesOf } from "~/blog/image-alt";
import { EditorFrame } from "~/components/admin/editor/editor-frame";
import { Panel } from "~/components/admin/editor/page-settings";
import { PreviewButton } from "~/components/admin/editor/preview-button";
import { SelectField, TextAreaField, TextField } from "~/components/admin/kit/fields";
import { ImageUrlField } from "~/components/admin/kit/image-url-field";
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
import { showToast } from "~/components/toaster";
import type { AdminCategory, AdminPost } from "~/models/admin-blog.server";
import { checkPost, type PublishWarning } from "~/pages/publish-check";
import { canCreatePost, POST_STATUSES, postPreviewSchema, slugPreview } from "~/schemas/admin/blog";
import type { AssistField } from "~/schemas/admin/blog-assist";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import { AltTextWarning } from "./alt-text-warning";
import { EditConflict } from "./edit-conflict";
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
import { SendAsNewsletterButton } from "./send-as-newsletter";
import { useLocalDraft } from "./use-local-draft";
import { useWritingAssist, WritingSuggestion } from "./writing-assist";

type SaveAnswer = {
  ok: boolean;
  toast?: { type: "success" | "error"; title: string };
  fieldErrors?: Record<string, string>;
  /** The stored post (a create's new row, an update's outcome). */
  result?: { id: number; slug: string; version: number };
  conflict?: TheirPost | null;
};

/** Where each field the server names is in the editor (its id's suffix). */
const fieldOf: Record<string, string> = {
  title: "title",
  slug: "slug",
  excerpt: "excerpt",
  content: "content",
  status: "status",
  publishAt: "publish-at",
  categoryId: "category",
  metaTitle: "meta-title",
  metaDescription: "meta-description",
  featuredImageUrl: "image",
};

/**
 * The full-page editor of a post (/admin/blog/:id, and /admin/blog/new before its first save):
 * the title in the top bar, the text, category and image in the main column, publishing, the
 * address and search fields beside them; Save (also Ctrl/Cmd+S) and the post's History. Typing is
 * kept in the browser until it is saved (offered back on return). A new post, once saved, moves
 * to its own address.
 */
export function PostEditor({
  post,
  categories,
  timeZone,
}: {
  /** The stored post; none for a new one. */
  post: AdminPost | null;
  categories: AdminCategory[];
  /** The site's time zone: scheduled times are entered and shown in it. */
  timeZone: string;
}) {
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const action = post ? `/admin/blog/${post.id}` : "/admin/blog/new";
  const navigate = useNavigate();
  const { saved, setSaved, values, setValues, version, setVersion, showStored } = useStoredValues<
    Values,
    number | null
  >(() => (post ? valuesOf(post, timeZone) : empty), post?.version ?? null);
  const [conflict, setConflict] = useState<TheirPost | null>(null);
  const [previewing, setPreviewing] = useState(false);
  /** A new post once stored: the editor moves to its address. */
  const [created, setCreated] = useState<number | null>(null);
  const dirty = !same(values, saved);
  const draft = useLocalDraft({
    key: post ? String(post.id) : "new",
    values,
    version,
    dirty,
    saved,
  });
  /** What the last save sent, and what the form holds now (typing goes on during a save). */
  const submitted = useRef<Values | null>(null);
  const latestValues = useRef(values);
  latestValues.current = values;

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

  const { fetcher, busy, fieldErrors } = useAdminFetcher<SaveAnswer>({
    toastNote: () => warningsLeftNote(warnings.length, submitted.current?.status ?? ""),
    onSuccess: (answer) => {
      draft.clear();
      setConflict(null);
      const sent = submitted.current ?? latestValues.current;
      const result = answer.result;
      if (!post) {
        setSaved(sent);
        if (result) setCreated(result.id);
        return;
      }
      if (result) setVersion(result.version);
      // The address derived from the title when the slug was left empty.
      const next = result ? { ...sent, slug: result.slug } : sent;
      setSaved(next);
      // Typing since the save was sent stays; otherwise the form shows what was stored.
      if (same(latestValues.current, sent)) setValues(next);
    },
    onFailure: (refused) => {
      const theirs = fetcher.data?.conflict;
      if (theirs) {
        setConflict(theirs);
        return;
      }
      const first = Object.keys(refused).find((name) => fieldOf[name]);
      if (first) focusField({ id: f(fieldOf[first] ?? "title") });
    },
  });
  const guard = useUnsavedChangesGuard(dirty && !busy, draft.clear);
  // Once the render after the save has the form clean, the leave guard lets the editor move on.
  useEffect(() => {
    if (created !== null) void navigate(`/admin/blog/${created}`, { replace: true });
  }, [created, navigate]);

  const preview = useFetcher<{ ok: boolean; html?: string; toast?: { title: string } }>();
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const ready = canCreatePost(values.title, values.content);
  const derivedSlug = slugPreview(values.title) || "derived-from-the-title";
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

  function save(sent: Values = values, at: number | null = version) {
    if (!canCreatePost(sent.title, sent.content)) {
      // Save waits for both (its button says so); the shortcut takes the admin to what is missing.
      focusField({ id: f(sent.title.trim() ? "content" : "title") });
      return;
    }
    submitted.current = sent;
    const extra: Record<string, string> = post
      ? {
          intent: "update-post",
          id: String(post.id),
          ...(at !== null ? { version: String(at) } : {}),
        }
      : { intent: "create-post" };
    void fetcher.submit(payloadOf(sent, extra), { method: "post", action });
  }

  function showPreview() {
    setPreviewing(true);
    void preview.submit({ intent: "preview", content: values.content }, { method: "post", action });
  }

  /**
   * What the top bar's Preview sends: what the post page shows, as typed (saved or not), checked
   * with the server's rules; a refusal is said and its field focused.
   */
  function previewPayload() {
    const payload = {
      intent: "open-preview",
      title: values.title,
      content: values.content,
      excerpt: values.excerpt,
      featuredImageUrl: values.featuredImageUrl,
      categoryId: values.categoryId,
    };
    const parsed = postPreviewSchema.safeParse(payload);
    if (parsed.success) return payload;
    const refused = fieldErrorsOf(parsed.error);
    const first = Object.keys(refused).find((name) => fieldOf[name]) ?? "content";
    void showToast({
      type: "error",
      title: "Failed to open the preview",
      description: refused[first],
    });
    focusField({ id: f(fieldOf[first] ?? "content") });
    return null;
  }

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
    if (!conflict) return;
    setVersion(conflict.version);
    save(values, conflict.version);
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
    <EditorFrame
      back={{ to: "/admin/blog", label: "Back to posts", state: { fromPost: post?.id } }}
      title={
        <TextField
          id={f("title")}
          label="Title"
          required
          error={fieldErrors.title}
          value={values.title}
          onValue={(value) => set("title", value)}
          maxLength={200}
        />
      }
      stored={post ? statusLabels[saved.status] : "Not saved yet"}
      dirty={dirty}
      history={
        post && version !== null ? (
          <PostHistory
            post={post}
            version={version}
            dirty={dirty}
            onRestored={(result) => {
              const restored = (result as { post?: AdminPost | null }).post;
              showStored(restored && valuesOf(restored, timeZone), result.version);
            }}
          />
        ) : undefined
      }
      viewHref={
        post && saved.status === "published" ? `/blog/${encodeURIComponent(saved.slug)}` : null
      }
      actions={
        <>
          <PreviewButton action={action} payload={previewPayload} />
          {post && saved.status === "published" ? (
            <SendAsNewsletterButton postId={post.id} />
          ) : null}
        </>
      }
      save={{
        onSave: () => save(),
        busy,
        disabled: !ready,
        hint: ready ? null : "Add a title and content to save the post.",
      }}
      notices={
        <>
          {guard}
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
        </>
      }
      mainHeading={post ? "Edit post" : "New post"}
      main={
        <div className="space-y-5 rounded-xl border border-line bg-white p-4 shadow-sm sm:p-6">
          <TextAreaField
            id={f("excerpt")}
            label="Excerpt"
            error={fieldErrors.excerpt}
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
          <SelectField
            id={f("category")}
            label="Category"
            error={fieldErrors.categoryId}
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
          <ImageUrlField
            id={f("image")}
            label="Featured image"
            error={fieldErrors.featuredImageUrl}
            hint="A URL, or choose one from the media library."
            value={values.featuredImageUrl}
            onValue={(url) => set("featuredImageUrl", url)}
          />
        </div>
      }
      asideLabel="Post settings"
      aside={
        <>
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
            className="rounded-xl border border-line bg-white p-4 shadow-sm"
          />
          <Panel title="Publishing">
            <StatusFields
              ids={{ status: f("status"), publishAt: f("publish-at") }}
              statuses={POST_STATUSES}
              labels={statusLabels}
              status={values.status}
              publishAt={values.publishAt}
              errors={fieldErrors}
              timeZone={timeZone}
              onStatus={(status) => set("status", status)}
              onPublishAt={(value) => set("publishAt", value)}
            />
            <TextField
              id={f("slug")}
              label="Slug"
              error={fieldErrors.slug}
              hint="The post's address: /blog/ and this. Leave empty to derive it from the title."
              value={values.slug}
              placeholder={derivedSlug}
              onValue={(value) => set("slug", value)}
              maxLength={200}
              spellCheck={false}
              after={suggestion("slug", "slug")}
            />
          </Panel>
          <Panel title="Search and sharing">
            <TextField
              id={f("meta-title")}
              label="Meta title"
              error={fieldErrors.metaTitle}
              hint="Defaults to the title."
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
              rows={3}
              value={values.metaDescription}
              placeholder={values.excerpt.trim()}
              onValue={(value) => set("metaDescription", value)}
              maxLength={500}
              after={suggestion("metaDescription", "meta-description")}
            />
          </Panel>
        </>
      }
    />
  );
}
