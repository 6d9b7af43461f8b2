import type * as React from "react";
import { cn } from "~/lib/utils";

/** A native checkbox: posts with the form without JavaScript. */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        "mt-0.5 size-4 shrink-0 rounded border-line accent-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary aria-invalid:outline aria-invalid:outline-danger",
        className,
      )}
      {...props}
    />
  );
}
