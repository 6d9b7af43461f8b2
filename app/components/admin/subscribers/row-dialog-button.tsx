import type * as React from "react";

/**
 * The small underlined button in a subscriber's row that opens one of its dialogs ("Edit tags",
 * "Consent records"): put inside a DialogTrigger with asChild, with an icon and its words.
 */
export function RowDialogButton(props: React.ComponentProps<"button">) {
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 whitespace-nowrap rounded text-xs font-semibold text-primary-strong underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      {...props}
    />
  );
}
