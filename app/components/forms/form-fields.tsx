import type * as React from "react";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/schemas/auth";

/** What every field of one visitor form shares: its id prefix, errors, refilled values, busy. */
export interface FormBinding {
  id: string;
  errors: FieldErrors;
  values?: Record<string, string>;
  busy: boolean;
}

/** The props that tie a control to its form: name, ARIA, refilled value, disabled while sending. */
export function bindField(form: FormBinding, name: string, hint?: boolean) {
  return {
    name,
    ...fieldAria(`${form.id}-${name}`, form.errors[name], hint),
    defaultValue: form.values?.[name],
    disabled: form.busy,
  };
}

/** A labelled text input of a visitor form. */
export function TextField({
  form,
  name,
  label,
  required,
  ...props
}: { form: FormBinding; name: string; label: string } & Omit<
  React.ComponentProps<typeof Input>,
  "name" | "form"
>) {
  return (
    <FieldShell
      id={`${form.id}-${name}`}
      label={label}
      required={required}
      error={form.errors[name]}
    >
      <Input {...bindField(form, name)} required={required} {...props} />
    </FieldShell>
  );
}
