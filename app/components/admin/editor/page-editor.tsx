import { ArrowLeft, ExternalLink, Eye, History, Save } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { EditConflict } from "~/components/admin/blog/edit-conflict";
import { DraftOffer } from "~/components/admin/blog/post-form-parts";
import { statusLabels } from "~/components/admin/blog/post-values";
import { useLocalDraft } from "~/components/admin/blog/use-local-draft";
import { TextField } from "~/components/admin/kit/fields";
import { RevisionHistory, type RevisionSource } from "~/components/admin/kit/revision-history";
import { useUnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { showToast } from "~/components/toaster";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import type { Block } from "~/pages/blocks";
import { type PageDraft, pageFormSchema } from "~/pages/page-schema";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import { LEGAL_PUBLISH_FOR_ADMINS, mayGiveStatus } from "~/schemas/admin/pages";
import { BlockList } from "./block-list";
import {
  blockFieldId,
  conflictFields,
  draftOf,
  type EditorErrors,
  type EditorPage,
  editorErrorsOf,
  noErrors,
  pageFieldId,
  payloadOf,
  sameDraft,
  type TheirPage,
} from "./editor-values";
import { PageSettings } from "./page-settings";

type SaveAnswer = {
  ok: boolean;
  toast?: { type: "success" | "error"; title: string };
  fieldErrors?: Record<string, string>;
  result?: { version: number; page?: EditorPage | null };
  conflict?: TheirPage | null;
};

/**
 * The full-page editor of one page: its blocks in the main column, its publishing and search
 * settings beside them, Save (also Ctrl/Cmd+S), Preview of the unsaved state in a new tab, and
 * the page's History. Typing is kept in the browser until it is saved (offered back on return).
 */
export function PageEditor({
  page,
  timeZone,
  role,
  origin,
}: {
  page: EditorPage;
  timeZone: string;
  role: "admin" | "editor";
  origin: string;
}) {
  const action = `/admin/pages/${page.id}`;
  const [saved, setSaved] = useState<PageDraft>(() => draftOf(page, timeZone));
  const [values, setValues] = useState<PageDraft>(saved);
  const [version, setVersion] = useState(page.version);
  const [conflict, setConflict] = useState<TheirPage | null>(null);
  const [errors, setErrors] = useState<EditorErrors>(noErrors);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [showHistory, setShowHistory] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const dirty = !sameDraft(values, saved);
  const draft = useLocalDraft({ key: `page-${page.id}`, values, version, dirty, saved });
  /** What the last save sent: its field errors name blocks by their place in it. */
  const submitted = useRef<PageDraft | null>(null);
  const latestValues = useRef(values);
  latestValues.current = values;

  const showErrors = useCallback((fieldErrors: Record<string, string>, blocks: Block[]) => {
    const next = editorErrorsOf(fieldErrors, blocks);
    setErrors(next);
    const first = next.first;
    if (first && "blockId" in first) {
      setExpanded((current) => new Set(current).add(first.blockId));
    }
    setFocusRequest((n) => n + 1);
  }, []);

  const { fetcher, busy } = useAdminFetcher<SaveAnswer>({
    onSuccess: (answer) => {
      const result = answer.result;
      if (result) setVersion(result.version);
      setConflict(null);
      draft.clear();
      const sent = submitted.current;
      const next = result?.page ? draftOf(result.page, timeZone) : sent;
      if (next) {
        setSaved(next);
        // Typing since the save was sent stays; otherwise the form shows what was stored.
        if (sent && sameDraft(latestValues.current, sent)) setValues(next);
      }
    },
    onFailure: (fieldErrors) => {
      const theirs = fetcher.data?.conflict;
      if (theirs) {
        setConflict(theirs);
        return;
      }
      if (Object.keys(fieldErrors).length > 0) {
        showErrors(fieldErrors, submitted.current?.blocks ?? latestValues.current.blocks);
      }
    },
  });
  const guard = useUnsavedChangesGuard(dirty && !busy, draft.clear);

  // The first problem gets the focus once its block is open.
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = errors.first;
    if (!first) return;
    const id =
      "blockId" in first
        ? blockFieldId(first.blockId, first.path)
        : first.field === "blocks"
          ? "add-block-end"
          : pageFieldId(first.field);
    const fallback = "blockId" in first ? blockFieldId(first.blockId, "") : null;
    const element =
      document.getElementById(id) ?? (fallback ? document.getElementById(fallback) : null);
    element?.focus();
    element?.scrollIntoView({ block: "center" });
  }, [focusRequest, errors.first]);

  const set = useCallback(<K extends keyof PageDraft>(key: K, value: PageDraft[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  }, []);
  const updateBlocks = useCallback((change: (blocks: Block[]) => Block[]) => {
    setValues((current) => ({ ...current, blocks: change(current.blocks) }));
  }, []);

  /** The browser's check, with the server's schema; false (and the problems shown) if refused. */
  function validate(payload: Record<string, unknown>, blocks: Block[]) {
    const parsed = pageFormSchema.safeParse(payload);
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (
      payload.intent === "save" &&
      !mayGiveStatus(role, values.kind, values.status) &&
      !fieldErrors.status
    ) {
      fieldErrors.status = LEGAL_PUBLISH_FOR_ADMINS;
    }
    if (Object.keys(fieldErrors).length === 0) {
      setErrors(noErrors);
      return true;
    }
    showErrors(fieldErrors, blocks);
    void showToast({
      type: "error",
      title:
        payload.intent === "preview" ? "Failed to open the preview" : "Failed to save the page",
      description: Object.values(fieldErrors)[0],
    });
    return false;
  }

  function save(sent: PageDraft = values, at: number = version) {
    const payload = payloadOf(sent, { intent: "save", version: at });
    if (!validate(payload, sent.blocks)) return;
    submitted.current = sent;
    void fetcher.submit(payload, { method: "post", action, encType: "application/json" });
  }
  const saveRef = useRef(save);
  saveRef.current = save;

  // Ctrl+S / Cmd+S saves, wherever the focus is in the editor.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        if (!busyRef.current) saveRef.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const busyRef = useRef(busy);
  busyRef.current = busy;

  const preview = usePreview(action);

  function openPreview() {
    const payload = { ...payloadOf(values, { intent: "preview" }), status: "draft" };
    if (!validate(payload, values.blocks)) return;
    preview.open(payload);
  }

  function keepMine() {
    if (!conflict) return;
    setVersion(conflict.version);
    save(values, conflict.version);
  }

  function takeTheirs() {
    if (!conflict) return;
    const theirs = draftOf(conflict, timeZone);
    setSaved(theirs);
    setValues(theirs);
    setVersion(conflict.version);
    setConflict(null);
    setErrors(noErrors);
    draft.clear();
  }

  function restoreDraft() {
    const kept = draft.accept();
    if (!kept) return;
    setValues({ ...saved, ...kept.values });
    if (kept.version !== null) setVersion(kept.version);
  }

  const historySource: RevisionSource = {
    key: `page-${page.id}`,
    noun: "page",
    listUrl: `/admin/pages/${page.id}/revisions`,
    detailUrl: (revisionId) => `/admin/pages/${page.id}/revisions?revision=${revisionId}`,
    restoreAction: action,
    restoreFields: (revisionId, at) => ({
      intent: "restore-revision",
      revisionId: String(revisionId),
      version: String(at),
    }),
    restoreNote:
      "Brings back its title, blocks and search fields; the address, kind and status stay. What the page has now stays in the history.",
  };

  return (
    <div className="space-y-4">
      {guard}
      <header className="sticky top-0 z-20 rounded-xl border border-line bg-white/95 p-3 shadow-sm backdrop-blur">
        <div className="flex flex-wrap items-end gap-3">
          <Button asChild variant="ghost" size="sm">
            <Link to="/admin/pages">
              <ArrowLeft aria-hidden /> Back to pages
            </Link>
          </Button>
          <div className="min-w-[14rem] flex-1">
            <TextField
              id={pageFieldId("title")}
              label="Title"
              required
              error={errors.page.title}
              value={values.title}
              maxLength={200}
              onValue={(value) => set("title", value)}
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted" aria-live="polite">
              {statusLabels[saved.status]}
              {dirty ? " · unsaved changes" : ""}
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-expanded={showHistory}
              onClick={() => setShowHistory((v) => !v)}
            >
              <History aria-hidden /> {showHistory ? "Hide history" : "History"}
            </Button>
            {saved.status === "published" ? (
              <Button asChild variant="outline" size="sm">
                <a href={saved.path} target="_blank" rel="noopener">
                  <ExternalLink aria-hidden /> View
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            ) : null}
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={openPreview}
              disabled={preview.busy}
            >
              {preview.busy ? <Spinner /> : <Eye aria-hidden />} Preview
              <span className="sr-only"> (opens in a new tab)</span>
            </Button>
            <Button
              type="button"
              size="sm"
              onClick={() => save()}
              disabled={busy}
              aria-keyshortcuts="Control+S Meta+S"
            >
              {busy ? <Spinner /> : <Save aria-hidden />}
              {busy ? "Saving…" : "Save"}
            </Button>
          </div>
        </div>
      </header>
      {draft.offered ? (
        <DraftOffer
          savedAt={draft.offered.savedAt}
          onRestore={restoreDraft}
          onDiscard={draft.discard}
        />
      ) : null}
      {page.unreadable && page.unreadable.length > 0 ? (
        <Alert>
          {page.unreadable.length === 1 ? "A stored block" : "Stored blocks"} could not be read and{" "}
          {page.unreadable.length === 1 ? "is" : "are"} left out:{" "}
          {page.unreadable.map((u) => `block ${u.index + 1} (${u.type}): ${u.problem}`).join("; ")}.
          Saving the page stores it without {page.unreadable.length === 1 ? "it" : "them"}.
        </Alert>
      ) : null}
      {conflict ? (
        <EditConflict
          noun="page"
          savedByName={conflict.savedByName}
          savedAt={conflict.savedAt}
          fields={conflictFields(draftOf(conflict, timeZone), values)}
          busy={busy}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
        />
      ) : null}
      {showHistory ? (
        <div className="rounded-xl border border-line bg-white p-4">
          <RevisionHistory
            source={historySource}
            version={version}
            dirty={dirty}
            onRestored={(result) => {
              const restored = (result as { page?: EditorPage | null }).page;
              setVersion(result.version);
              if (restored) {
                const next = draftOf(restored, timeZone);
                setSaved(next);
                setValues(next);
              }
            }}
          />
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="page-blocks-heading" className="min-w-0 space-y-3">
          <h2 id="page-blocks-heading" className="text-lg font-semibold text-ink">
            Blocks
          </h2>
          {errors.page.blocks ? <p className="text-sm text-danger">{errors.page.blocks}</p> : null}
          <BlockList
            blocks={values.blocks}
            update={updateBlocks}
            expanded={expanded}
            setExpanded={setExpanded}
            errors={errors.blocks}
          />
        </section>
        <aside aria-label="Page settings" className="min-w-0">
          <PageSettings
            draft={values}
            set={set}
            errors={errors.page}
            timeZone={timeZone}
            saved={saved}
            role={role}
            origin={origin}
          />
        </aside>
      </div>
    </div>
  );
}

/**
 * Preview: the server keeps the unsaved state under an unguessable address, which opens in a new
 * tab. The tab is opened at the click (a popup blocker allows that) and sent there on the answer.
 */
function usePreview(action: string) {
  const fetcher = useFetcher<{ ok: boolean; url?: string; toast?: { title: string } }>();
  const tab = useRef<Window | null>(null);
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    const opened = tab.current;
    tab.current = null;
    if (answer.ok && answer.url) {
      if (opened && !opened.closed) opened.location.href = answer.url;
      else window.open(answer.url, "_blank", "noopener");
    } else {
      opened?.close();
      void showToast({
        type: "error",
        title: answer.toast?.title ?? "Failed to open the preview",
        description: (answer.toast as { description?: string } | undefined)?.description,
      });
    }
  }, [fetcher.state, fetcher.data]);
  return {
    busy: fetcher.state !== "idle",
    open(payload: Record<string, unknown>) {
      const opened = window.open("about:blank", "_blank");
      if (opened) opened.opener = null;
      tab.current = opened;
      void fetcher.submit(payload as never, {
        method: "post",
        action,
        encType: "application/json",
      });
    },
  };
}
