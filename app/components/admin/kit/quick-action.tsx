import type { LucideIcon } from "lucide-react";
import { ChevronRight } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { Link } from "react-router";

/**
 * A quick-action card: icon, title and a line of explanation. Only the title is inside the
 * control (so its name is the title and axe finds visible text and name alike); the control
 * stretches over the whole card, so the card is one click target, and the line describes it.
 */
function QuickActionCard({
  description,
  icon: Icon,
  children,
}: {
  description: string;
  icon: LucideIcon;
  children: (control: { className: string; "aria-describedby": string }) => React.ReactNode;
}) {
  const descriptionId = `${useId()}-description`;
  return (
    <div className="group relative flex h-full items-start gap-4 rounded-2xl border border-line bg-white p-5 shadow-sm transition hover:border-primary hover:shadow-md has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-indigo-50 text-primary-strong">
        <Icon aria-hidden className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        {children({
          className:
            "block text-left font-semibold text-ink outline-none after:absolute after:inset-0 after:rounded-2xl group-hover:text-primary-strong",
          "aria-describedby": descriptionId,
        })}
        <span id={descriptionId} className="mt-1 block text-sm text-muted">
          {description}
        </span>
      </span>
      <ChevronRight
        aria-hidden
        className="mt-1 size-4 shrink-0 text-muted transition group-hover:translate-x-0.5"
      />
    </div>
  );
}

/**
 * A quick action that opens a dialog; wrap it in the dialog's `DialogTrigger asChild` (the
 * trigger's props and ref go to the button).
 */
export function QuickActionButton({
  title,
  description,
  icon,
  ...props
}: React.ComponentProps<"button"> & { title: string; description: string; icon: LucideIcon }) {
  return (
    <QuickActionCard description={description} icon={icon}>
      {(control) => (
        <button type="button" {...props} {...control}>
          {title}
        </button>
      )}
    </QuickActionCard>
  );
}

/** A quick action that goes to another dashboard tab. */
export function QuickActionLink({
  to,
  title,
  description,
  icon,
}: {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
}) {
  return (
    <QuickActionCard description={description} icon={icon}>
      {(control) => (
        <Link to={to} prefetch="intent" {...control}>
          {title}
        </Link>
      )}
    </QuickActionCard>
  );
}
