import { statusLabels } from "~/components/admin/blog/post-values";
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/admin/kit/fields";
import { ImageUrlField } from "~/components/admin/kit/image-url-field";
import { StatusFields } from "~/components/admin/kit/status-fields";
import { cn } from "~/lib/utils";
import { CHANGE_SUMMARY_MAX, LEGAL_VERSION_MAX, legalVersionPath } from "~/pages/legal-versions";
import {
  HOME_ADDRESS,
  HOME_ADDRESS_KEPT,
  HOME_STAYS_PUBLISHED,
  META_DESCRIPTION_GOOD,
  META_TITLE_GOOD_MAX,
  PAGE_KIND_LABELS,
  PAGE_KINDS,
  PAGE_STATUSES,
  type PageDraft,
} from "~/pages/page-schema";
import { LEGAL_PUBLISH_FOR_ADMINS, mayGiveStatus } from "~/schemas/admin/pages";
import { pageFieldId } from "./editor-values";

type Set = <K extends keyof PageDraft>(key: K, value: PageDraft[K]) => void;

/** A box of the editors' side panel (a page's, a post's), named by its heading. */
export function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={title}
      className="space-y-4 rounded-xl border border-line bg-white p-4 shadow-sm"
    >
      <h2 className="text-base font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

/** "42 characters: good" or why not, under a meta field. */
function lengthNote(length: number, min: number, max: number) {
  const count = length === 1 ? "1 character" : `${length} characters`;
  if (length === 0) return { text: "Empty: the page's own title or text is used.", good: true };
  if (length > max)
    return { text: `${count}: search results cut it after about ${max}.`, good: false };
  if (length < min) return { text: `${count}: aim for ${min} to ${max}.`, good: false };
  return { text: `${count}: a good length.`, good: true };
}

function Counter({ length, min, max }: { length: number; min: number; max: number }) {
  const note = lengthNote(length, min, max);
  return <span className={cn(!note.good && "text-amber-800")}>{note.text}</span>;
}

/**
 * A legal document's version: what readers see as "Last updated", and what each publish keeps
 * (a new effective date keeps the version before it readable at its own address).
 */
function LegalVersionPanel({
  draft,
  set,
  errors,
}: {
  draft: PageDraft;
  set: Set;
  errors: Record<string, string>;
}) {
  const date = draft.effectiveDate;
  return (
    <Panel title="Legal version">
      <TextField
        id={pageFieldId("legalVersion")}
        label="Version"
        error={errors.legalVersion}
        hint="How readers refer to this version, like 2.0."
        value={draft.legalVersion}
        maxLength={LEGAL_VERSION_MAX}
        spellCheck={false}
        onValue={(value) => set("legalVersion", value)}
      />
      <TextField
        id={pageFieldId("effectiveDate")}
        label="Effective date"
        type="date"
        required
        error={errors.effectiveDate}
        hint={
          date
            ? `Shown as "Last updated". Publishing keeps this text at ${legalVersionPath(draft.path.trim(), date)}; the same date again corrects that version, a new date adds one.`
            : 'Shown as "Last updated"; needed to publish.'
        }
        value={date}
        onValue={(value) => set("effectiveDate", value)}
      />
      <TextAreaField
        id={pageFieldId("changeSummary")}
        label="Summary of changes"
        error={errors.changeSummary}
        hint="What changed in this version, shown beside it in the list of versions."
        rows={3}
        value={draft.changeSummary}
        maxLength={CHANGE_SUMMARY_MAX}
        onValue={(value) => set("changeSummary", value)}
      />
    </Panel>
  );
}

/**
 * The editor's side panel: when and where the page is shown (status, publish time, address,
 * kind) and how search engines and shared links present it.
 */
export function PageSettings({
  draft,
  set,
  errors,
  timeZone,
  saved,
  role,
  origin,
}: {
  draft: PageDraft;
  set: Set;
  errors: Record<string, string>;
  timeZone: string;
  /** The page as last saved: a published page's address change leaves a redirect. */
  saved: Pick<PageDraft, "path" | "status">;
  role: "admin" | "editor";
  /** The site's origin, for the search result preview. */
  origin: string;
}) {
  // Editors do not publish legal documents; the status the page already has stays listed.
  // The site's front door: it cannot move (nor can another page take its address), and it stays
  // published.
  const home = saved.path === HOME_ADDRESS;
  const statuses = PAGE_STATUSES.filter(
    (s) => (home ? s === "published" : mayGiveStatus(role, draft.kind, s)) || s === saved.status,
  );
  const legalLocked = role !== "admin" && draft.kind === "legal";
  const moved = saved.status === "published" && draft.path.trim() !== saved.path;
  const shownTitle = draft.metaTitle.trim() || draft.title.trim() || "Untitled page";
  const shownDescription =
    draft.metaDescription.trim() || "Search engines pick a passage of the page.";
  return (
    <div className="space-y-4">
      <Panel title="Publishing">
        <StatusFields
          ids={{ status: pageFieldId("status"), publishAt: pageFieldId("publishAt") }}
          statuses={statuses}
          labels={statusLabels}
          status={draft.status}
          publishAt={draft.publishAt}
          errors={errors}
          statusHint={
            home ? HOME_STAYS_PUBLISHED : legalLocked ? LEGAL_PUBLISH_FOR_ADMINS : undefined
          }
          timeZone={timeZone}
          onStatus={(status) => set("status", status)}
          onPublishAt={(value) => set("publishAt", value)}
        />
        <TextField
          id={pageFieldId("path")}
          label="Address"
          required
          error={errors.path}
          hint={
            home
              ? HOME_ADDRESS_KEPT
              : moved
                ? `The page is published: saving leaves a permanent redirect (301) from ${saved.path} to the new address.`
                : "Where the page is, like /spring-offer."
          }
          disabled={home}
          value={draft.path}
          maxLength={200}
          spellCheck={false}
          onValue={(value) => set("path", value)}
        />
        <SelectField
          id={pageFieldId("kind")}
          label="Kind"
          error={errors.kind}
          value={draft.kind}
          onValue={(value) => set("kind", value as PageDraft["kind"])}
        >
          {PAGE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {PAGE_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
      </Panel>
      {draft.kind === "legal" ? (
        <LegalVersionPanel draft={draft} set={set} errors={errors} />
      ) : null}
      <Panel title="Search and sharing">
        <TextField
          id={pageFieldId("metaTitle")}
          label="Meta title"
          error={errors.metaTitle}
          hint={
            <Counter length={draft.metaTitle.trim().length} min={1} max={META_TITLE_GOOD_MAX} />
          }
          placeholder={draft.title.trim()}
          value={draft.metaTitle}
          maxLength={200}
          onValue={(value) => set("metaTitle", value)}
        />
        <TextAreaField
          id={pageFieldId("metaDescription")}
          label="Meta description"
          error={errors.metaDescription}
          hint={
            <Counter
              length={draft.metaDescription.trim().length}
              min={META_DESCRIPTION_GOOD.min}
              max={META_DESCRIPTION_GOOD.max}
            />
          }
          rows={3}
          value={draft.metaDescription}
          maxLength={500}
          onValue={(value) => set("metaDescription", value)}
        />
        <figure className="rounded-lg border border-line bg-surface p-3">
          <figcaption className="mb-2 text-xs font-medium uppercase tracking-wide text-muted">
            Search result preview
          </figcaption>
          <p className="truncate text-base text-[#1a0dab]">{shownTitle}</p>
          <p className="truncate text-xs text-emerald-800">
            {origin}
            {draft.path}
          </p>
          <p className="line-clamp-2 text-sm text-ink">{shownDescription}</p>
        </figure>
        <ImageUrlField
          id={pageFieldId("ogImageUrl")}
          label="Open Graph image"
          error={errors.ogImageUrl}
          hint="Shown when the page is shared (1200 × 630 works best). Empty: the site's default."
          value={draft.ogImageUrl}
          onValue={(url) => set("ogImageUrl", url)}
          pickerTitle="Choose the sharing image"
          chooseFor="sharing"
          wide
        />
        <TextField
          id={pageFieldId("canonicalUrl")}
          label="Canonical address"
          error={errors.canonicalUrl}
          hint="Only when the same content lives at another address that search engines should prefer."
          value={draft.canonicalUrl}
          placeholder={`${origin}${draft.path}`}
          onValue={(value) => set("canonicalUrl", value)}
        />
        <CheckboxField
          id={pageFieldId("noindex")}
          label="Hide from search engines"
          hint="The page stays reachable by its address but is left out of search results and the sitemap."
          error={errors.noindex}
          checked={draft.noindex}
          onChange={(event) => set("noindex", event.currentTarget.checked)}
        />
      </Panel>
    </div>
  );
}
