import type { LegalView } from "~/pages/view";
import { LegalLastUpdated, PreviousLegalVersions } from "./legal-versions";

/**
 * A legal document: its introduction, a numbered table of contents and the numbered sections,
 * in the look of the site's own legal pages (the contents beside the text on wide screens). On a
 * legal page it also says when it was last updated and lists the earlier versions.
 */
export function LegalBlock({ block }: { block: LegalView }) {
  return (
    <div
      id={block.anchor || undefined}
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12 sm:px-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12 lg:px-8"
    >
      <nav aria-label="Contents" className="mb-10 lg:mb-0">
        <div className="rounded-2xl border border-line bg-surface p-5 lg:sticky lg:top-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-muted">Contents</p>
          <ol className="mt-3 space-y-2 text-sm">
            {block.sections.map((section) => (
              <li key={section.id} className="flex gap-2">
                <span aria-hidden className="text-muted">
                  {section.number}.
                </span>
                <a
                  href={`#${section.id}`}
                  className="min-w-0 break-words text-slate-700 hover:text-primary-strong"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </div>
      </nav>
      <article className="min-w-0 max-w-3xl">
        {block.facts ? (
          <div className="mb-6">
            <LegalLastUpdated facts={block.facts} />
          </div>
        ) : null}
        {block.introHtml ? (
          <div
            className="post-body"
            // Rendered and sanitized on the server (app/pages/render.server.ts).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-listed HTML
            dangerouslySetInnerHTML={{ __html: block.introHtml }}
          />
        ) : null}
        {block.sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={section.headingId}
            className={
              index === 0 && !block.introHtml
                ? "scroll-mt-24"
                : "mt-12 scroll-mt-24 border-t border-line pt-10"
            }
          >
            <h2
              id={section.headingId}
              className="text-2xl font-bold tracking-tight break-words text-ink"
            >
              {section.number}. {section.heading}
            </h2>
            <div
              className="post-body mt-4"
              // Rendered and sanitized on the server (app/pages/render.server.ts).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-listed HTML
              dangerouslySetInnerHTML={{ __html: section.html }}
            />
          </section>
        ))}
        {block.facts ? <PreviousLegalVersions facts={block.facts} /> : null}
      </article>
    </div>
  );
}
