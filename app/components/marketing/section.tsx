import type * as React from "react";
import { cn } from "~/lib/utils";

/** A page band with an optional eyebrow, heading and intro; `id` makes it an anchor target. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tone = "plain",
  tightTop = false,
  className,
  children,
}: {
  id?: string;
  eyebrow?: string;
  title?: string;
  intro?: string;
  tone?: "plain" | "muted" | "dark";
  /** Less space above, right under a page hero. */
  tightTop?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const headingId = id && title ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "scroll-mt-20 pb-16 sm:pb-24",
        tightTop ? "pt-4 sm:pt-8" : "pt-16 sm:pt-24",
        tone === "muted" && "bg-surface",
        tone === "dark" && "bg-ink text-white",
        className,
      )}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {title ? (
          <div className="mx-auto mb-12 max-w-3xl text-center">
            {eyebrow ? (
              <p
                className={cn(
                  "text-sm font-semibold uppercase tracking-wider",
                  tone === "dark" ? "text-indigo-200" : "text-primary-strong",
                )}
              >
                {eyebrow}
              </p>
            ) : null}
            <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
              {title}
            </h2>
            {intro ? (
              <p className={cn("mt-4 text-lg", tone === "dark" ? "text-slate-300" : "text-muted")}>
                {intro}
              </p>
            ) : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}

/**
 * A block's band: the Section with the block's own anchor, heading, background and spacing (the
 * band options every section-like block of app/pages/blocks.ts has).
 */
export function BandSection({
  band,
  children,
}: {
  band: {
    anchor: string;
    eyebrow: string;
    title: string;
    intro?: string;
    tone: "plain" | "muted" | "dark";
    tightTop: boolean;
  };
  children: React.ReactNode;
}) {
  return (
    <Section
      id={band.anchor || undefined}
      eyebrow={band.eyebrow}
      title={band.title}
      intro={band.intro}
      tone={band.tone}
      tightTop={band.tightTop}
    >
      {children}
    </Section>
  );
}
