import type { LucideIcon } from "lucide-react";
import { ChevronRight } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { cn } from "~/lib/utils";

/** The look of a quick-action card; a button that opens a dialog, or a link to another tab. */
export const quickActionClass =
  "group flex h-full w-full items-start gap-4 rounded-2xl border border-line bg-white p-5 text-left shadow-sm transition hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

/**
 * A card's icon, title and line of explanation. The title alone names the control (tests and
 * screen readers ask for "Navigation menu"); the line describes it.
 */
export function useQuickAction(title: string, description: string, Icon: LucideIcon) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const content = (
    <>
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-indigo-50 text-primary-strong">
        <Icon aria-hidden className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span id={titleId} className="block font-semibold text-ink group-hover:text-primary-strong">
          {title}
        </span>
        <span id={descriptionId} className="mt-1 block text-sm text-muted">
          {description}
        </span>
      </span>
      <ChevronRight
        aria-hidden
        className="mt-3 size-4 shrink-0 text-muted transition group-hover:translate-x-0.5"
      />
    </>
  );
  return {
    content,
    props: { "aria-labelledby": titleId, "aria-describedby": descriptionId },
  };
}

/** A quick action that opens a dialog; wrap it in the dialog's `DialogTrigger asChild`. */
export function QuickActionButton({
  title,
  description,
  icon,
  className,
  ...props
}: React.ComponentProps<"button"> & { title: string; description: string; icon: LucideIcon }) {
  const action = useQuickAction(title, description, icon);
  return (
    <button type="button" className={cn(quickActionClass, className)} {...action.props} {...props}>
      {action.content}
    </button>
  );
}
