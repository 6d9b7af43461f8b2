import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A native label: it is on every page (the footer's newsletter form), and Radix's Label adds only
 * a double-click selection guard for the 1.9 KB of script it would cost each page.
 */
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap their control.
    <label data-slot="label" className={cn("text-sm font-medium text-ink", className)} {...props} />
  );
}
