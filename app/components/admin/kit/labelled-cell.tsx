import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A table cell that shows its column's label beside the value on narrow screens, where the table's
 * rows stack as cards (the header row is hidden there); on wide screens it is a plain cell.
 */
export function LabelledCell({
  label,
  children,
  className,
  align = "top",
}: {
  label: string;
  children: React.ReactNode;
  className?: string;
  align?: "top" | "middle";
}) {
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
      <span className="min-w-0 break-words">{children}</span>
    </td>
  );
}
