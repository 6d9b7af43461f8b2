import { Menu } from "lucide-react";
import { useState } from "react";
import { EditorDialog } from "~/components/admin/kit/editor-dialog";
import { ListEditor, linkFields } from "~/components/admin/kit/list-editor";
import { useListDraft } from "~/components/admin/kit/use-list-draft";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Alert } from "~/components/ui/alert";
import type { NavMenuRow } from "~/models/admin-content.server";
import {
  LINK_RULE,
  NAV_ITEMS_MAX,
  type NavItemInput,
  navItemSchema,
  navMenuSchema,
} from "~/schemas/admin/content";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";

const fields = linkFields<NavItemInput>({
  label: { newLabel: "New item label", placeholder: "Pricing", required: true },
  url: { newLabel: "New item URL", placeholder: "/pricing", hint: LINK_RULE, required: true },
});

/** The site header's menu: edited here as a list, saved as a whole. */
export function NavMenuQuickAction({
  items,
  version,
}: {
  items: NavMenuRow[] | null;
  /** The version of `items`: a save over a newer one is refused (see editor-versions). */
  version?: number;
}) {
  return (
    <EditorDialog
      wide="sm:max-w-2xl"
      title="Navigation menu"
      summary="The links in the site header."
      icon={Menu}
      description="The links of the site header, in this order. Changes show after you save."
    >
      {(close) =>
        items === null ? (
          <Alert>The navigation menu could not be loaded. Reload the page to try again.</Alert>
        ) : (
          <NavMenuEditor items={items} version={version} onSaved={close} />
        )
      }
    </EditorDialog>
  );
}

function NavMenuEditor({
  items,
  version,
  onSaved,
}: {
  items: NavMenuRow[];
  version?: number;
  onSaved: () => void;
}) {
  // The version the rows below start from, kept while the dialog is open.
  const [openedVersion] = useState(version);
  const list = useListDraft<NavItemInput>({
    initial: items.map(({ label, url }) => ({ label, url })),
    idPrefix: "nav",
    fields,
    empty: { label: "", url: "" },
    rowSchema: navItemSchema,
    max: {
      count: NAV_ITEMS_MAX,
      errors: { label: `The menu holds at most ${NAV_ITEMS_MAX} items` },
    },
  });
  const save = useAdminFetcher({
    onSuccess: onSaved,
    onFailure: (found) => list.showErrors(found),
  });

  function submit() {
    const parsed = navMenuSchema.safeParse({ items: list.values() });
    if (!parsed.success) {
      list.showErrors(fieldErrorsOf(parsed.error), { focus: true });
      return;
    }
    save.fetcher.submit(
      { intent: "saveNav", items: parsed.data.items, version: openedVersion ?? null },
      { method: "post", encType: "application/json" },
    );
  }

  return (
    <ListEditor
      list={list}
      fields={fields}
      label="Menu items"
      testId="admin-nav-item"
      numbered
      rowName={(item, index) => item.label.trim() || `item ${index + 1}`}
      empty="The menu is empty. Add at least one item below."
      add={{ title: "Add a menu item", label: "Add item" }}
      save={{ label: "Save menu", busy: save.busy, onSave: submit }}
    />
  );
}
