import type * as React from "react";
import { EditorDialog } from "~/components/admin/kit/editor-dialog";

/**
 * The nav menu, services and stats editors' dialog until they move onto the kit's list editor
 * (issue 29): the kit's editor dialog, wide, with the data of the Content tab's loader.
 */
export function QuickActionEditorDialog(
  props: Omit<React.ComponentProps<typeof EditorDialog>, "wide" | "load" | "children"> & {
    children: (close: () => void) => React.ReactNode;
  },
) {
  return <EditorDialog wide="sm:max-w-2xl" {...props} />;
}
