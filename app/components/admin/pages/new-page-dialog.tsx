import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { TextField } from "~/components/admin/kit/fields";
import { validate } from "~/components/admin/kit/validate";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
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
export function NewPageDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>New page</DialogTitle>
          <DialogDescription>
            It starts as a draft: nobody sees it until you publish it.
          </DialogDescription>
        </DialogHeader>
        {open ? <NewPageForm onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NewPageForm({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const [title, setTitle] = useState("");
  const [path, setPath] = useState("");
  const [pathTyped, setPathTyped] = useState(false);
  const [template, setTemplate] = useState<PageTemplateKey>("landing");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { fetcher, busy, fieldErrors } = useAdminFetcher<{
    ok: boolean;
    fieldErrors?: Record<string, string>;
    result?: { id: number };
  }>({
    onSuccess: (answer) => {
      if (answer.result) void navigate(`/admin/pages/${answer.result.id}`);
    },
  });
  const shown = { ...errors, ...fieldErrors };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const values = { intent: "create", title, path, template };
    const problems = validate(newPageSchema, values);
    setErrors(problems ?? {});
    if (problems) {
      const first = Object.keys(problems)[0];
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    void fetcher.submit(values, {
      method: "post",
      action: "/admin/pages",
      encType: "application/json",
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
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
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : null}
          {busy ? "Creating…" : "Create page"}
        </Button>
      </div>
    </form>
  );
}
