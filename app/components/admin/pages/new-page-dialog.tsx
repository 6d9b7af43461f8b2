import { useState } from "react";
import {
  CreateDialog,
  type CreateDialogState,
  CreateForm,
  useCreateForm,
} from "~/components/admin/kit/create-dialog";
import { TextField } from "~/components/admin/kit/fields";
import { cn } from "~/lib/utils";
import {
  addressFromTitle,
  newPageSchema,
  PAGE_TEMPLATE_KEYS,
  PAGE_TEMPLATES,
  type PageTemplateKey,
} from "~/pages/templates";

/**
 * "New page": a title, its address (suggested from the title until staff type their own) and a
 * template. The page is created as a draft and its editor opens.
 */
export function NewPageDialog(props: CreateDialogState) {
  return (
    <CreateDialog
      {...props}
      title="New page"
      description="It starts as a draft: nobody sees it until you publish it."
    >
      {(cancel) => <NewPageForm onCancel={cancel} />}
    </CreateDialog>
  );
}

function NewPageForm({ onCancel }: { onCancel: () => void }) {
  const [title, setTitle] = useState("");
  const [path, setPath] = useState("");
  const [pathTyped, setPathTyped] = useState(false);
  const [template, setTemplate] = useState<PageTemplateKey>("landing");
  const form = useCreateForm({
    schema: newPageSchema,
    action: "/admin/pages",
    editorOf: (pageId) => `/admin/pages/${pageId}`,
  });
  const { id, errors: shown } = form;

  return (
    <CreateForm
      form={form}
      values={{ intent: "create", title, path, template }}
      onCancel={onCancel}
      createLabel="Create page"
    >
      <TextField
        id={`${id}-title`}
        label="Title"
        required
        error={shown.title}
        value={title}
        maxLength={200}
        autoFocus
        onValue={(value) => {
          setTitle(value);
          if (!pathTyped) setPath(addressFromTitle(value));
        }}
      />
      <TextField
        id={`${id}-path`}
        label="Address"
        required
        error={shown.path}
        hint="Lower-case words joined by hyphens, like /spring-offer."
        value={path}
        maxLength={200}
        spellCheck={false}
        onValue={(value) => {
          setPath(value);
          setPathTyped(true);
        }}
      />
      <fieldset>
        <legend className="text-sm font-medium text-ink">Template</legend>
        <div className="mt-2 grid gap-2">
          {PAGE_TEMPLATE_KEYS.map((key) => {
            const option = PAGE_TEMPLATES[key];
            const optionId = `${id}-template-${key}`;
            return (
              <label
                key={key}
                htmlFor={optionId}
                className={cn(
                  "flex cursor-pointer gap-3 rounded-lg border p-3",
                  template === key ? "border-primary bg-primary/5" : "border-line",
                )}
              >
                <input
                  id={optionId}
                  type="radio"
                  name="template"
                  value={key}
                  checked={template === key}
                  onChange={() => setTemplate(key)}
                  aria-describedby={`${optionId}-hint`}
                  className="mt-1 accent-primary-strong"
                />
                <span>
                  <span className="block text-sm font-semibold text-ink">{option.label}</span>
                  <span id={`${optionId}-hint`} className="block text-sm text-muted">
                    {option.description}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </CreateForm>
  );
}
