import { Eye, Lock } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { EditConflict } from "~/components/admin/blog/edit-conflict";
import { BlockList } from "~/components/admin/editor/block-list";
import { EditorFrame } from "~/components/admin/editor/editor-frame";
import {
  blockFieldId,
  type EditorErrors,
  editorErrorsOf,
  noErrors,
} from "~/components/admin/editor/editor-values";
import { WithoutPlaceholderValues } from "~/components/admin/editor/insert-value";
import { TextField } from "~/components/admin/kit/fields";
import { useFieldFocus } from "~/components/admin/kit/publish-check";
import { useStoredValues } from "~/components/admin/kit/use-stored-values";
import { CampaignPreview } from "~/components/admin/newsletter/campaign-preview";
import { useUnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { showToast } from "~/components/toaster";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import {
  CAMPAIGN_FROM_NAME_MAX,
  CAMPAIGN_PREVIEW_MAX,
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGN_SUBJECT_MAX,
  type CampaignDraft,
} from "~/newsletter/campaign";
import { campaignBlockCatalog, type PostChoice } from "~/newsletter/campaign-block-fields";
import { CAMPAIGN_BLOCK_LABELS, type CampaignBlock } from "~/newsletter/campaign-body";
import { campaignSaveSchema, type EditorCampaign } from "~/newsletter/campaign-save";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import { AudienceField, type AudienceTag } from "./campaign-audience";
import { CampaignSendPanel, type CampaignSendPanelProps } from "./campaign-send-panel";

type SaveAnswer = {
  ok: boolean;
  result?: EditorCampaign;
  conflict?: EditorCampaign | null;
};

export const campaignFieldId = (name: string) => `campaign-${name}`;

const EMPTY_DRAFT: CampaignDraft = {
  subject: "",
  previewText: "",
  fromName: "",
  replyTo: "",
  audienceTags: [],
  body: [],
};

const sameDraft = (a: CampaignDraft, b: CampaignDraft) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The editor of one newsletter campaign: the subject in the top bar, the body's blocks in the main
 * column (the pages' shared block list over the e-mail blocks), the rest (preview text, sender,
 * reply-to, audience) beside them; Save (also Ctrl/Cmd+S) and Preview. Once the campaign is being
 * sent it is shown, not edited.
 */
export function CampaignEditor({
  campaign,
  fromPost,
  posts,
  tags,
  confirmed,
  sending,
}: {
  campaign: EditorCampaign | null;
  /** "Send as newsletter": a new campaign starts from this post's draft. */
  fromPost: { postId: number | null; draft: CampaignDraft } | null;
  posts: PostChoice[];
  tags: AudienceTag[];
  confirmed: number;
  /** A stored campaign's send panel (test, send, schedule, live counts); null before the first save. */
  sending: CampaignSendPanelProps | null;
}) {
  const catalog = useMemo(() => campaignBlockCatalog(posts), [posts]);
  if (campaign && !campaign.editable) {
    return <CampaignReadOnly campaign={campaign} catalog={catalog} sending={sending} />;
  }
  return (
    <WithoutPlaceholderValues>
      <CampaignForm
        campaign={campaign}
        fromPost={fromPost}
        catalog={catalog}
        tags={tags}
        confirmed={confirmed}
        sending={sending}
      />
    </WithoutPlaceholderValues>
  );
}

type Catalog = ReturnType<typeof campaignBlockCatalog>;

function CampaignForm({
  campaign,
  fromPost,
  catalog,
  tags,
  confirmed,
  sending,
}: {
  campaign: EditorCampaign | null;
  fromPost: { postId: number | null; draft: CampaignDraft } | null;
  catalog: Catalog;
  tags: AudienceTag[];
  confirmed: number;
  sending: CampaignSendPanelProps | null;
}) {
  const navigate = useNavigate();
  const action = `/admin/newsletter/campaigns/${campaign?.id ?? "new"}`;
  const { saved, setSaved, values, setValues, version, setVersion, showStored } = useStoredValues<
    CampaignDraft,
    number
  >(() => campaign?.draft ?? fromPost?.draft ?? EMPTY_DRAFT, campaign?.version ?? 0);
  const [conflict, setConflict] = useState<EditorCampaign | null>(null);
  const [errors, setErrors] = useState<EditorErrors>(noErrors);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  /** Whether the audience is chosen tags (kept while no tag is ticked yet). */
  const [byTags, setByTags] = useState(() => (campaign?.draft.audienceTags.length ?? 0) > 0);
  const [created, setCreated] = useState<number | null>(null);
  const focusField = useFieldFocus();
  // A campaign made from a post is not stored yet: it counts as unsaved.
  const dirty = !sameDraft(values, saved) || (campaign === null && fromPost !== null);
  const submitted = useRef<CampaignDraft | null>(null);
  const latestValues = useRef(values);
  latestValues.current = values;

  const showErrors = useCallback(
    (fieldErrors: Record<string, string>, blocks: readonly CampaignBlock[]) => {
      const next = editorErrorsOf(fieldErrors, blocks, "body");
      setErrors(next);
      const first = next.first;
      if (!first) return;
      if ("blockId" in first) {
        setExpanded((current) => new Set(current).add(first.blockId));
        focusField({
          id: blockFieldId(first.blockId, first.path),
          fallback: blockFieldId(first.blockId, ""),
        });
      } else {
        focusField({
          id: first.field === "body" ? "add-block-end" : campaignFieldId(first.field),
        });
      }
    },
    [focusField],
  );

  const { fetcher, busy } = useAdminFetcher<SaveAnswer>({
    onSuccess: (answer) => {
      const result = answer.result;
      setConflict(null);
      if (!result) return;
      setVersion(result.version);
      const sent = submitted.current;
      setSaved(result.draft);
      // Typing since the save was sent stays; otherwise the form shows what was stored.
      if (sent && sameDraft(latestValues.current, sent)) setValues(result.draft);
      if (!campaign) setCreated(result.id);
    },
    onFailure: (fieldErrors) => {
      const theirs = fetcher.data?.conflict;
      if (theirs) {
        setConflict(theirs);
        return;
      }
      if (Object.keys(fieldErrors).length > 0) {
        showErrors(fieldErrors, submitted.current?.body ?? latestValues.current.body);
      }
    },
  });
  const guard = useUnsavedChangesGuard(dirty && !busy && created === null);
  // Once saved for the first time, the campaign's own address (the guard is off by then).
  useEffect(() => {
    if (created !== null)
      void navigate(`/admin/newsletter/campaigns/${created}`, { replace: true });
  }, [created, navigate]);

  const set = useCallback(
    <K extends keyof CampaignDraft>(key: K, value: CampaignDraft[K]) => {
      setValues((current) => ({ ...current, [key]: value }));
    },
    [setValues],
  );
  const updateBlocks = useCallback(
    (change: (blocks: CampaignBlock[]) => CampaignBlock[]) => {
      setValues((current) => ({ ...current, body: change(current.body) }));
    },
    [setValues],
  );

  /** The browser's check, with the server's schema; the payload, or null (problems shown). */
  function checked(draft: CampaignDraft, title: string) {
    const payload = {
      ...draft,
      intent: "save",
      ...(campaign ? { version } : { postId: fromPost?.postId ?? null }),
    };
    const parsed = campaignSaveSchema.safeParse(payload);
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (byTags && draft.audienceTags.length === 0 && !fieldErrors.audienceTags) {
      fieldErrors.audienceTags = "Choose at least one tag, or send to every confirmed subscriber.";
    }
    if (Object.keys(fieldErrors).length === 0) {
      setErrors(noErrors);
      return payload;
    }
    showErrors(fieldErrors, draft.body);
    void showToast({ type: "error", title, description: Object.values(fieldErrors)[0] });
    return null;
  }

  function save(sent: CampaignDraft = values, at: number = version) {
    const payload = checked(sent, "Failed to save the campaign");
    if (!payload) return;
    submitted.current = sent;
    void fetcher.submit(
      { ...payload, ...(campaign ? { version: at } : {}) },
      { method: "post", action, encType: "application/json" },
    );
  }

  function keepMine() {
    if (!conflict) return;
    setVersion(conflict.version);
    save(values, conflict.version);
  }

  function takeTheirs() {
    if (!conflict) return;
    showStored(conflict.draft, conflict.version);
    setConflict(null);
    setErrors(noErrors);
  }

  const status = campaign ? CAMPAIGN_STATUS_LABELS[campaign.status] : "Not saved yet";

  return (
    <EditorFrame
      rootProps={{ "data-campaign-editor": "" }}
      back={{ to: "/admin/newsletter/campaigns", label: "Back to campaigns" }}
      title={
        <TextField
          id={campaignFieldId("subject")}
          label="Subject"
          error={errors.page.subject}
          value={values.subject}
          maxLength={CAMPAIGN_SUBJECT_MAX}
          onValue={(value) => set("subject", value)}
        />
      }
      stored={status}
      dirty={dirty}
      actions={
        <CampaignPreviewButton
          campaignId={campaign?.id ?? null}
          payload={() => checked(values, "Failed to open the preview")}
        />
      }
      save={{ onSave: () => save(), busy }}
      notices={
        <>
          {guard}
          {conflict ? (
            <EditConflict
              noun="campaign"
              savedByName=""
              savedAt={conflict.savedAt}
              fields={conflictFields(conflict.draft, values, catalog)}
              busy={busy}
              onKeepMine={keepMine}
              onTakeTheirs={takeTheirs}
            />
          ) : null}
        </>
      }
      mainHeading="Body"
      main={
        <>
          {errors.page.body ? <p className="text-sm text-danger">{errors.page.body}</p> : null}
          <BlockList
            catalog={catalog}
            blocks={values.body}
            update={updateBlocks}
            expanded={expanded}
            setExpanded={setExpanded}
            errors={errors.blocks}
          />
        </>
      }
      asideLabel="Campaign settings"
      aside={
        <>
          <section className="space-y-4 rounded-xl border border-line bg-white p-4 shadow-sm">
            <h2 className="font-semibold text-ink">The mail</h2>
            <TextField
              id={campaignFieldId("previewText")}
              label="Preview text"
              hint="Shown after the subject in most inboxes."
              error={errors.page.previewText}
              value={values.previewText}
              maxLength={CAMPAIGN_PREVIEW_MAX}
              onValue={(value) => set("previewText", value)}
            />
            <TextField
              id={campaignFieldId("fromName")}
              label="Sender's name"
              hint="Empty: the site's name."
              error={errors.page.fromName}
              value={values.fromName}
              maxLength={CAMPAIGN_FROM_NAME_MAX}
              onValue={(value) => set("fromName", value)}
            />
            <TextField
              id={campaignFieldId("replyTo")}
              label="Reply-to address"
              hint="Where replies go. Empty: the site's sending address."
              type="email"
              autoComplete="off"
              error={errors.page.replyTo}
              value={values.replyTo}
              onValue={(value) => set("replyTo", value)}
            />
          </section>
          <AudienceField
            id={campaignFieldId("audienceTags")}
            tags={tags}
            confirmed={confirmed}
            byTags={byTags}
            onByTags={setByTags}
            chosen={values.audienceTags}
            onChosen={(next) => set("audienceTags", next)}
            error={errors.page.audienceTags}
          />
          {sending === null || dirty ? (
            // What is sent is what is stored: unsaved words would not go out.
            <p className="rounded-xl border border-line bg-white p-4 text-sm text-muted shadow-sm">
              {sending === null
                ? "Save the campaign to send a test, send it or schedule it."
                : "Save your changes to send a test, send the campaign or schedule it."}
            </p>
          ) : (
            <CampaignSendPanel {...sending} />
          )}
        </>
      }
    />
  );
}

/** The two versions of a campaign side by side, for an edit conflict. */
function conflictFields(theirs: CampaignDraft, mine: CampaignDraft, catalog: Catalog) {
  const blocks = (draft: CampaignDraft) =>
    draft.body
      .map(
        (block, i) => `${i + 1}. ${CAMPAIGN_BLOCK_LABELS[block.type]}: ${catalog.summary(block)}`,
      )
      .join("\n");
  const audience = (draft: CampaignDraft) =>
    draft.audienceTags.length > 0
      ? `Tags: ${draft.audienceTags.join(", ")}`
      : "Every confirmed subscriber";
  return [
    { label: "Subject", theirs: theirs.subject, mine: mine.subject },
    { label: "Preview text", theirs: theirs.previewText, mine: mine.previewText },
    { label: "Sender's name", theirs: theirs.fromName, mine: mine.fromName },
    { label: "Reply-to address", theirs: theirs.replyTo, mine: mine.replyTo },
    { label: "Audience", theirs: audience(theirs), mine: audience(mine) },
    { label: "Body", theirs: blocks(theirs), mine: blocks(mine), long: true },
  ];
}

type PreviewAnswer =
  | { ok: true; html: string; text: string; missingPosts: string[] }
  | { ok: false; toast?: { title: string; description?: string } };

/**
 * Preview: the unsaved campaign as its mail, built by the server, in a large dialog (wide, phone,
 * plain text: see CampaignPreview). `payload` is checked first; null keeps the dialog shut.
 */
function CampaignPreviewButton({
  campaignId,
  payload,
}: {
  campaignId: number | null;
  payload: () => Record<string, unknown> | null;
}) {
  const fetcher = useFetcher<PreviewAnswer>();
  const [open, setOpen] = useState(false);
  /** The subject and preview text previewed: what an inbox lists before the mail is opened. */
  const [inbox, setInbox] = useState({ subject: "", previewText: "" });
  const answer = fetcher.data;
  const loading = fetcher.state !== "idle" || !answer;
  function openPreview() {
    const body = payload();
    if (!body) return;
    setInbox({ subject: String(body.subject ?? ""), previewText: String(body.previewText ?? "") });
    setOpen(true);
    void fetcher.submit(body as never, {
      method: "post",
      action: `/admin/newsletter/campaigns/${campaignId ?? "new"}/preview`,
      encType: "application/json",
    });
  }
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={openPreview}>
        <Eye aria-hidden /> Preview
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-5xl">
          <DialogHeader>
            <DialogTitle>Preview</DialogTitle>
            <DialogDescription>
              The mail as subscribers get it, with what is in the editor now (saved or not).
            </DialogDescription>
          </DialogHeader>
          {loading ? (
            <p role="status" className="flex items-center gap-2 py-10 text-sm text-muted">
              <Spinner label="Building the preview" /> Building the preview…
            </p>
          ) : answer.ok ? (
            <div className="space-y-3">
              <dl className="grid gap-1 rounded-lg border border-line bg-white p-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
                <dt className="font-medium text-ink">Subject</dt>
                <dd className="text-ink">{inbox.subject || "No subject"}</dd>
                <dt className="font-medium text-ink">Preview text</dt>
                <dd className="text-muted">{inbox.previewText || "None"}</dd>
              </dl>
              {answer.missingPosts.length > 0 ? (
                <Alert>
                  Not shown, no longer published: {answer.missingPosts.join(", ")}. Choose another
                  post or remove the post card.
                </Alert>
              ) : null}
              <CampaignPreview html={answer.html} text={answer.text} />
            </div>
          ) : (
            <Alert role="alert">
              {answer.toast?.description ?? "The preview could not be built. Please try again."}
            </Alert>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A campaign that is being sent or was sent: what it says, no longer editable. */
function CampaignReadOnly({
  campaign,
  catalog,
  sending,
}: {
  campaign: EditorCampaign;
  catalog: Catalog;
  sending: CampaignSendPanelProps | null;
}) {
  const { draft } = campaign;
  const rows: [string, string][] = [
    ["Preview text", draft.previewText || "None"],
    ["Sender's name", draft.fromName || "The site's name"],
    ["Reply-to address", draft.replyTo || "The site's sending address"],
    [
      "Audience",
      draft.audienceTags.length > 0
        ? `Subscribers tagged ${draft.audienceTags.join(", ")}`
        : "Every confirmed subscriber",
    ],
  ];
  return (
    <EditorFrame
      rootProps={{ "data-campaign-editor": "" }}
      back={{ to: "/admin/newsletter/campaigns", label: "Back to campaigns" }}
      title={<h1 className="text-xl font-semibold text-ink">{draft.subject || "No subject"}</h1>}
      stored={CAMPAIGN_STATUS_LABELS[campaign.status]}
      dirty={false}
      actions={<CampaignPreviewButton campaignId={campaign.id} payload={() => ({ ...draft })} />}
      save={{
        onSave: () => undefined,
        busy: false,
        disabled: true,
        hint: "Nothing to save: the campaign can no longer change.",
      }}
      notices={
        <p className="flex items-center gap-2 rounded-lg border border-line bg-white px-4 py-3 text-sm text-muted">
          <Lock aria-hidden className="size-4" />
          This campaign is {CAMPAIGN_STATUS_LABELS[campaign.status].toLowerCase()}: it is shown as
          it was sent and can no longer be edited.
        </p>
      }
      mainHeading="Body"
      main={
        <ol className="space-y-2">
          {draft.body.map((block, index) => (
            <li key={block.id} className="rounded-xl border border-line bg-white p-3 shadow-sm">
              <span className="font-semibold text-ink">
                {index + 1}. {CAMPAIGN_BLOCK_LABELS[block.type]}
              </span>{" "}
              <span className="text-sm text-muted">{catalog.summary(block)}</span>
            </li>
          ))}
        </ol>
      }
      asideLabel="Campaign settings"
      aside={
        <>
          <dl className="space-y-3 rounded-xl border border-line bg-white p-4 text-sm shadow-sm">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="font-medium text-ink">{label}</dt>
                <dd className="text-muted">{value}</dd>
              </div>
            ))}
          </dl>
          {sending ? <CampaignSendPanel {...sending} /> : null}
        </>
      }
    />
  );
}
