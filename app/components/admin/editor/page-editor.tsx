import { useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import { EditConflict } from "~/components/admin/blog/edit-conflict";
import { DraftOffer } from "~/components/admin/blog/post-form-parts";
import { statusLabels } from "~/components/admin/blog/post-values";
import { useLocalDraft } from "~/components/admin/blog/use-local-draft";
import { TextField } from "~/components/admin/kit/fields";
import {
  PublishCheckPanel,
  useFieldFocus,
  useLinkFacts,
  useMediaFacts,
  warningSnippet,
  warningsLeftNote,
} from "~/components/admin/kit/publish-check";
import { RevisionHistory, type RevisionSource } from "~/components/admin/kit/revision-history";
import { useStoredValues } from "~/components/admin/kit/use-stored-values";
import { useUnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { showToast } from "~/components/toaster";
import { Alert } from "~/components/ui/alert";
import { PAGE_BLOCK_CATALOG } from "~/pages/block-fields";
import type { Block } from "~/pages/blocks";
import type { LinkFactsData } from "~/pages/link-facts";
import { type PageDraft, pageFormSchema } from "~/pages/page-schema";
import { checkPage, libraryNamesOfPage, type PublishWarning } from "~/pages/publish-check";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import { LEGAL_PUBLISH_FOR_ADMINS, mayGiveStatus } from "~/schemas/admin/pages";
import { BlockList } from "./block-list";
import { EditorFrame } from "./editor-frame";
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
import { PreviewButton } from "./preview-button";

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
  linkFacts,
}: {
  page: EditorPage;
  timeZone: string;
  role: "admin" | "editor";
  origin: string;
  /** What exists on the site, for the check before publishing. */
  linkFacts: LinkFactsData;
}) {
  const action = `/admin/pages/${page.id}`;
  const { saved, setSaved, values, setValues, version, setVersion, showStored } = useStoredValues<
    PageDraft,
    number
  >(() => draftOf(page, timeZone), page.version);
  const [conflict, setConflict] = useState<TheirPage | null>(null);
  const [errors, setErrors] = useState<EditorErrors>(noErrors);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const focusField = useFieldFocus();
  const dirty = !sameDraft(values, saved);
  const draft = useLocalDraft({ key: `page-${page.id}`, values, version, dirty, saved });
  /** What the last save sent: its field errors name blocks by their place in it. */
  const submitted = useRef<PageDraft | null>(null);
  const latestValues = useRef(values);
  latestValues.current = values;

  // The check before publishing runs on the settled values: typing never waits for it.
  const checked = useDeferredValue(values);
  const libraryNames = useMemo(() => libraryNamesOfPage(checked.blocks), [checked.blocks]);
  const media = useMediaFacts(libraryNames);
  const facts = useLinkFacts(linkFacts);
  const warnings = useMemo(() => checkPage(checked, facts, media), [checked, facts, media]);

  /** Opens the block holding a field (if it is a block's) and focuses the field once shown. */
  const focusPlace = useCallback(
    (place: { blockId: string; path: string } | { field: string }, select?: string | null) => {
      if ("blockId" in place) {
        setExpanded((current) => new Set(current).add(place.blockId));
        focusField({
          id: blockFieldId(place.blockId, place.path),
          fallback: blockFieldId(place.blockId, ""),
          select,
        });
      } else {
        focusField({ id: place.field === "blocks" ? "add-block-end" : pageFieldId(place.field) });
      }
    },
    [focusField],
  );

  const showErrors = useCallback(
    (fieldErrors: Record<string, string>, blocks: Block[]) => {
      const next = editorErrorsOf(fieldErrors, blocks);
      setErrors(next);
      if (next.first) focusPlace(next.first);
    },
    [focusPlace],
  );

  const jumpTo = useCallback(
    (warning: PublishWarning) => {
      const where = warning.where;
      if ("blockId" in where) {
        focusPlace({ blockId: where.blockId, path: where.field ?? "" }, warningSnippet(warning));
      } else if (where.field === "content") {
        // About the page as a whole ("no internal link"): its first block, or Add block.
        const first = latestValues.current.blocks[0];
        focusPlace(first ? { blockId: first.id, path: "" } : { field: "blocks" });
      } else {
        focusPlace({ field: where.field });
      }
    },
    [focusPlace],
  );

  const { fetcher, busy } = useAdminFetcher<SaveAnswer>({
    toastNote: () => warningsLeftNote(warnings.length, submitted.current?.status ?? ""),
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

  const set = useCallback(
    <K extends keyof PageDraft>(key: K, value: PageDraft[K]) => {
      setValues((current) => ({ ...current, [key]: value }));
    },
    [setValues],
  );
  const updateBlocks = useCallback(
    (change: (blocks: Block[]) => Block[]) => {
      setValues((current) => ({ ...current, blocks: change(current.blocks) }));
    },
    [setValues],
  );

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
  /** What Preview sends: the unsaved state, checked as a save would be (any status shows). */
  function previewPayload() {
    const payload = { ...payloadOf(values, { intent: "preview" }), status: "draft" };
    return validate(payload, values.blocks) ? payload : null;
  }

  function keepMine() {
    if (!conflict) return;
    setVersion(conflict.version);
    save(values, conflict.version);
  }

  function takeTheirs() {
    if (!conflict) return;
    showStored(draftOf(conflict, timeZone), conflict.version);
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
    <EditorFrame
      rootProps={{ "data-page-editor": "" }}
      back={{ to: "/admin/pages", label: "Back to pages" }}
      title={
        <TextField
          id={pageFieldId("title")}
          label="Title"
          required
          error={errors.page.title}
          value={values.title}
          maxLength={200}
          onValue={(value) => set("title", value)}
        />
      }
      stored={statusLabels[saved.status]}
      dirty={dirty}
      history={
        <RevisionHistory
          source={historySource}
          version={version}
          dirty={dirty}
          onRestored={(result) => {
            const restored = (result as { page?: EditorPage | null }).page;
            showStored(restored && draftOf(restored, timeZone), result.version);
          }}
        />
      }
      viewHref={saved.status === "published" ? saved.path : null}
      actions={<PreviewButton action={action} payload={previewPayload} />}
      save={{ onSave: () => save(), busy }}
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
          {page.unreadable && page.unreadable.length > 0 ? (
            <Alert>
              {page.unreadable.length === 1
                ? "1 block on this page was written by a newer version of the site (or damaged) and is kept as it is, hidden here"
                : `${page.unreadable.length} blocks on this page were written by a newer version of the site (or damaged) and are kept as they are, hidden here`}
              :{" "}
              {page.unreadable
                .map((u) => `block ${u.index + 1} (${u.type}): ${u.problem}`)
                .join("; ")}
              .
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
        </>
      }
      mainHeading="Blocks"
      main={
        <>
          {errors.page.blocks ? <p className="text-sm text-danger">{errors.page.blocks}</p> : null}
          <BlockList
            catalog={PAGE_BLOCK_CATALOG}
            blocks={values.blocks}
            update={updateBlocks}
            expanded={expanded}
            setExpanded={setExpanded}
            errors={errors.blocks}
          />
        </>
      }
      asideLabel="Page settings"
      aside={
        <>
          <PublishCheckPanel
            warnings={warnings}
            onJump={jumpTo}
            published={saved.status === "published" || saved.status === "scheduled"}
            className="rounded-xl border border-line bg-white p-4 shadow-sm"
          />
          <PageSettings
            draft={values}
            set={set}
            errors={errors.page}
            timeZone={timeZone}
            saved={saved}
            role={role}
            origin={origin}
          />
        </>
      }
    />
  );
}
