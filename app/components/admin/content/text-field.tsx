import type * as React from "react";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";

type Common = {
  id: string;
  label: string;
  error?: string;
  hint?: React.ReactNode;
  required?: boolean;
};

/**
 * A labelled input with its hint and error tied to it. `required` marks the field (asterisk,
 * aria-required) without the browser's own bubble: the form's schema explains what is missing.
 */
export function TextField({
  id,
  label,
  error,
  hint,
  required,
  ...props
}: Common & Omit<React.ComponentProps<typeof Input>, "id" | "required">) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required}>
      <Input
        {...fieldAria(id, error, Boolean(hint))}
        aria-required={required || undefined}
        {...props}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  required,
  ...props
}: Common & Omit<React.ComponentProps<typeof Textarea>, "id" | "required">) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required}>
      <Textarea
        {...fieldAria(id, error, Boolean(hint))}
        aria-required={required || undefined}
        {...props}
      />
    </FieldShell>
  );
}
