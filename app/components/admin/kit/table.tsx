import type * as React from "react";
import { cn } from "~/lib/utils";

type Column = string | { label: string; className?: string; srOnly?: boolean };

/** The row actions' column: named for screen readers only. */
export const ACTIONS_COLUMN = { label: "Actions", srOnly: true } as const;

/** The cell of a row's actions: a wrapping row of buttons on a phone, right-aligned on wide screens. */
export function RowActionsCell({ children }: { children: React.ReactNode }) {
  return (
    <td className="flex flex-wrap gap-2 px-4 pt-2 md:table-cell md:space-x-1 md:py-3 md:text-right">
      {children}
    </td>
  );
}

/** The header of a table whose rows stack as cards on a phone (see LabelledCell). */
export const STACKED_HEAD =
  "hidden bg-surface text-xs uppercase tracking-wide text-muted md:table-header-group";

/** A table's caption (for screen readers) and its row of column headers. */
export function TableHead({
  caption,
  columns,
  className = STACKED_HEAD,
  cellClassName = "px-4 py-3 font-semibold",
}: {
  caption: string;
  columns: Column[];
  className?: string;
  cellClassName?: string;
}) {
  return (
    <>
      <caption className="sr-only">{caption}</caption>
      <thead className={className}>
        <tr>
          {columns.map((column) => {
            const { label, className, srOnly } =
              typeof column === "string"
                ? { label: column, className: undefined, srOnly: false }
                : column;
            return (
              <th key={label} scope="col" className={cn(cellClassName, className)}>
                {srOnly ? <span className="sr-only">{label}</span> : label}
              </th>
            );
          })}
        </tr>
      </thead>
    </>
  );
}
