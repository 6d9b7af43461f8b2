import type * as React from "react";

/** The top band of an inner page: badge, the page's one h1, a lead paragraph and actions. */
export function PageHero({
  badge,
  title,
  description,
  actions,
  children,
}: {
  badge?: string;
  title: string;
  description: string;
  actions?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-indigo-50 via-white to-white">
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
        {badge ? (
          <span className="inline-flex rounded-full border border-indigo-200 bg-white px-4 py-1.5 text-sm font-medium text-primary-strong">
            {badge}
          </span>
        ) : null}
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
          {title}
        </h1>
        <p className="mx-auto mt-6 max-w-3xl text-lg text-muted">{description}</p>
        {actions ? (
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
