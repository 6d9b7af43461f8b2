import type * as React from "react";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import type { z } from "~/schemas/zod";

/** A labelled text input bound to a value; `name` makes it part of a plain form post too. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  required,
  hint,
  multiline,
  ...props
}: Omit<React.ComponentProps<"input">, "onChange" | "value"> & {
  id: string;
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  error?: string;
  hint?: React.ReactNode;
  multiline?: boolean;
}) {
  const aria = fieldAria(id, error, Boolean(hint));
  const common = {
    ...aria,
    required,
    ...(value === undefined ? {} : { value }),
  };
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      {multiline ? (
        <Textarea
          {...common}
          name={props.name}
          rows={3}
          defaultValue={props.defaultValue as string | undefined}
          onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        />
      ) : (
        <Input
          {...props}
          {...common}
          onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        />
      )}
    </FieldShell>
  );
}

/** A titled group of fields inside a form. */
export function FieldGroup({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="text-base font-semibold text-ink">{title}</legend>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The browser-side check with the server's schema: the field messages, or null when valid. */
export function validate(schema: z.ZodType, values: unknown): Record<string, string> | null {
  const parsed = schema.safeParse(values);
  return parsed.success ? null : fieldErrorsOf(parsed.error);
}
