import { cn } from "~/lib/utils";
import { IMAGE_SIZES } from "~/media/responsive";
import type { ImageTextView, ImageView, RichTextView } from "~/pages/view";
import { BlockImage } from "./block-image";
import { BlockButton } from "./block-link";

/** Text staff wrote in markdown, rendered and sanitized on the server, in the blog's typography. */
export function RichTextBlock({ block }: { block: RichTextView }) {
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
