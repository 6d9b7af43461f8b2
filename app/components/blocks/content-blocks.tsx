import { BandSection } from "~/components/marketing/section";
import { cn } from "~/lib/utils";
import { IMAGE_SIZES } from "~/media/responsive";
import type { ImageTextView, ImageView, RichTextView } from "~/pages/view";
import { BlockImage } from "./block-image";
import { BlockButton } from "./block-link";

/**
 * Text staff wrote in markdown, rendered and sanitized on the server, in the blog's typography.
 * With a heading, facts or a band option it is a page band (Section), the facts beside the text
 * (About's story); without, it is drawn as it was before those options came.
 */
export function RichTextBlock({ block }: { block: RichTextView }) {
  const facts = block.aside.items;
  const banded =
    Boolean(block.title) || facts.length > 0 || block.tone !== "plain" || block.tightTop;
  if (!banded) {
    return (
      <section id={block.anchor || undefined} className="scroll-mt-20 py-12 sm:py-16">
        <div
          className="post-body mx-auto max-w-3xl px-4 sm:px-6"
          // Rendered and sanitized on the server (app/pages/render.server.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-listed HTML
          dangerouslySetInnerHTML={{ __html: block.html }}
        />
      </section>
    );
  }
  const dark = block.tone === "dark";
  const body = (
    <div
      className={cn(
        "post-body",
        dark ? "text-slate-300 [&_:where(h2,h3,h4,h5,h6,strong)]:text-white" : "text-slate-700",
        facts.length ? "lg:col-span-3" : "mx-auto max-w-3xl",
      )}
      // Rendered and sanitized on the server (app/pages/render.server.ts).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-listed HTML
      dangerouslySetInnerHTML={{ __html: block.html }}
    />
  );
  return (
    <BandSection band={block}>
      {facts.length ? (
        <div className="grid gap-10 lg:grid-cols-5 lg:gap-12">
          {body}
          <aside
            aria-label={block.aside.title || undefined}
            className={cn(
              "self-start rounded-2xl border p-6 lg:col-span-2",
              dark
                ? "border-white/15 bg-white/5"
                : cn("border-line", block.tone === "muted" ? "bg-white" : "bg-surface"),
            )}
          >
            {block.aside.title ? (
              <p
                className={cn(
                  "text-sm font-semibold uppercase tracking-wider",
                  dark ? "text-indigo-200" : "text-primary-strong",
                )}
              >
                {block.aside.title}
              </p>
            ) : null}
            <dl className={cn("space-y-4", block.aside.title && "mt-4")}>
              {facts.map((fact, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: order is the key
                <div key={index}>
                  <dt className={cn("text-sm font-medium", dark ? "text-slate-300" : "text-muted")}>
                    {fact.term}
                  </dt>
                  <dd className={cn("mt-1 font-semibold", dark ? "text-white" : "text-ink")}>
                    {fact.detail}
                  </dd>
                </div>
              ))}
            </dl>
          </aside>
        </div>
      ) : (
        body
      )}
    </BandSection>
  );
}

export function ImageBlock({ block }: { block: ImageView }) {
  return (
    <figure
      id={block.anchor || undefined}
      className="mx-auto max-w-5xl scroll-mt-20 px-4 py-12 sm:px-6 sm:py-16 lg:px-8"
    >
      <BlockImage
        src={block.src}
        picture={block.picture}
        size={block.size}
        alt={block.alt}
        sizes={IMAGE_SIZES.wide}
        className="h-auto w-full rounded-3xl border border-line shadow-sm"
      />
      {block.caption ? (
        <figcaption className="mt-3 text-center text-sm text-muted">{block.caption}</figcaption>
      ) : null}
    </figure>
  );
}

/** An image beside text, like the home page's product rows. */
export function ImageTextBlock({ block }: { block: ImageTextView }) {
  return (
    <section id={block.anchor || undefined} className="scroll-mt-20 py-12 sm:py-16">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div className={cn(block.imageSide === "right" && "lg:order-2")}>
          <BlockImage
            src={block.src}
            picture={block.picture}
            size={block.size}
            alt={block.alt}
            sizes={IMAGE_SIZES.half}
            className="h-auto w-full rounded-3xl shadow-lg"
          />
        </div>
        <div className="min-w-0">
          {block.title ? (
            <h2 className="text-3xl font-bold tracking-tight break-words text-ink">
              {block.title}
            </h2>
          ) : null}
          <div
            className={cn("post-body", block.title && "mt-4")}
            // Rendered and sanitized on the server (app/pages/render.server.ts).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-listed HTML
            dangerouslySetInnerHTML={{ __html: block.html }}
          />
          <BlockButton link={block.link} size="default" className="mt-8" />
        </div>
      </div>
    </section>
  );
}
