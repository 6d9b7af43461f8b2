import type * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** The closing call to action of a page: consultation first, contact second. */
export function CtaBanner({
  title = "Ready to put AI to work?",
  description = "Book a free consultation and we'll map out where automation pays off first.",
  primary = { label: "Schedule Consultation", to: "/schedule-consultation" },
  secondary = { label: "Contact Us", to: "/contact" },
  id,
  headingId = "cta-heading",
  eyebrow,
  actions,
}: {
  title?: string;
  description?: string;
  primary?: { label: string; to: string };
  secondary?: { label: string; to: string } | null;
  /** An anchor other links may point to. */
  id?: string;
  /** Unique on the page: a page built from blocks may hold several banners. */
  headingId?: string;
  /** A short line above the heading. */
  eyebrow?: string;
  /** Buttons of the caller's own (a block's, with their icons and styles) instead of the two links. */
  actions?: React.ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="bg-gradient-to-r from-primary-strong to-accent"
    >
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 lg:px-8">
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wider text-indigo-100">
            {eyebrow}
          </p>
        ) : null}
        <h2
          id={headingId}
          className={cn(
            "text-3xl font-bold tracking-tight text-white sm:text-4xl",
            eyebrow && "mt-2",
          )}
        >
          {title}
        </h2>
        {description ? (
          <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-50">{description}</p>
        ) : null}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {actions ?? (
            <>
              <Button asChild size="lg" variant="inverse">
                <Link to={primary.to}>{primary.label}</Link>
              </Button>
              {secondary ? (
                <Button asChild size="lg" variant="inverseOutline">
                  <Link to={secondary.to}>{secondary.label}</Link>
                </Button>
              ) : null}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
