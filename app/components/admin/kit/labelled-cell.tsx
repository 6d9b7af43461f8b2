import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A table cell that shows its column's label beside the value on narrow screens, where the table's
 * rows stack as cards (the header row is hidden there); on wide screens it is a plain cell. The
 * value sits in a span, or in a div when it holds blocks such as a form (`blocks`).
 */
export function LabelledCell({
  label,
  children,
  className,
  align = "top",
  blocks = false,
}: {
  label: string;
  children: React.ReactNode;
  className?: string;
  align?: "top" | "middle";
  blocks?: boolean;
}) {
  const Value = blocks ? "div" : "span";
  return (
    <td
      className={cn(
        "flex gap-3 px-4 py-1 md:table-cell md:py-3",
        align === "top" ? "md:align-top" : "md:align-middle",
        className,
      )}
    >
      <span
        aria-hidden
        className="w-24 shrink-0 text-xs font-medium uppercase text-muted md:hidden"
      >
        {label}
      </span>
      <Value className="min-w-0 break-words">{children}</Value>
    </td>
  );
}
