import type * as React from "react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
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
import type { z } from "~/schemas/zod";

/** Whether a "New …" dialog is open, and how it hands focus back (e.g. from `useReturnFocus`). */
export interface CreateDialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A "New …" dialog opened from a button. Its form is rendered only while it is open, so it starts
 * empty each time; the form gets a function that closes the dialog (its Cancel).
 */
export function CreateDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  children,
}: CreateDialogState & {
  title: string;
  description: string;
  children: (cancel: () => void) => React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? children(() => onOpenChange(false)) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A create form's sending: checked in the browser with the server's `schema` first (the first
 * field refused gets the focus: give the fields the ids `<id>-<key>`), then posted as JSON to
 * `action`; once created, the new record's editor (`editorOf(id)`) opens, or `onCreated` runs
 * (a link added to the footer has no editor). `errors` are the browser's messages and the
 * server's, by field.
 */
export function useCreateForm({
  schema,
  action,
  editorOf,
  onCreated,
}: {
  schema: z.ZodType;
  action: string;
  editorOf?: (id: number) => string;
  onCreated?: () => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { fetcher, busy, fieldErrors } = useAdminFetcher<{
    ok: boolean;
    fieldErrors?: Record<string, string>;
    result?: { id: number };
  }>({
    onSuccess: (answer) => {
      if (editorOf && answer.result) void navigate(editorOf(answer.result.id));
      else onCreated?.();
    },
  });

  function send(values: Record<string, string>) {
    const refused = validate(schema, values);
    setProblems(refused ?? {});
    if (refused) {
      document.getElementById(`${id}-${Object.keys(refused)[0]}`)?.focus();
      return;
    }
    void fetcher.submit(values, { method: "post", action, encType: "application/json" });
  }

  return { id, busy, errors: { ...problems, ...fieldErrors }, send };
}

/**
 * A create form: its fields, then Cancel and the create button ("Creating…" while it is sent).
 * Submitting sends `values` through `form` (from `useCreateForm`).
 */
export function CreateForm({
  form,
  values,
  onCancel,
  createLabel,
  children,
}: {
  form: Pick<ReturnType<typeof useCreateForm>, "busy" | "send">;
  values: Record<string, string>;
  onCancel: () => void;
  createLabel: string;
  children: React.ReactNode;
}) {
  const { busy } = form;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        form.send(values);
      }}
      noValidate
      className="space-y-4"
    >
      {children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : null}
          {busy ? "Creating…" : createLabel}
        </Button>
      </div>
    </form>
  );
}
