import type * as React from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/utils";

type Common = {
  id: string;
  label: string;
  error?: string;
  hint?: React.ReactNode;
  required?: boolean;
  /** The new text on each change, for a field bound to state (`onChange` still gets the event). */
  onValue?: (value: string) => void;
  /** Shown under the control, above the hint (a suggestion, a preview). */
  after?: React.ReactNode;
};

type ChangeEvent = { target: { value: string } };

/**
 * A labelled control with its hint and error tied to it. `required` marks the field (asterisk,
 * aria-required) without the browser's own bubble: the form's schema explains what is missing.
 */
function fieldOf<P extends { onChange?: (event: never) => void }>(
  Control: (props: P) => React.ReactNode,
) {
  return function KitField({
    id,
    label,
    error,
    hint,
    required,
    onValue,
    onChange,
    after,
    ...props
  }: Common & Omit<P, "id" | "required">) {
    const handle =
      onValue || onChange
        ? (event: ChangeEvent) => {
            (onChange as ((event: ChangeEvent) => void) | undefined)?.(event);
            onValue?.(event.target.value);
          }
        : undefined;
    const control = {
      ...props,
      ...fieldAria(id, error, Boolean(hint)),
      "aria-required": required || undefined,
      onChange: handle,
    } as unknown as P;
    return (
      <FieldShell id={id} label={label} error={error} hint={hint} required={required}>
        <Control {...control} />
        {after}
      </FieldShell>
    );
  };
}

export const TextField = fieldOf(Input);
export const TextAreaField = fieldOf(Textarea);
/** A labelled native select; its options are the children. */
export const SelectField = fieldOf(Select);

/** A checkbox (or other small control) with its label beside it and its hint and error under it. */
export function CheckboxShell({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex items-start gap-2", className)}>
      {children}
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-ink">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-muted">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A checkbox with its label beside it and its hint (and error) under the label. */
export function CheckboxField({
  id,
  label,
  error,
  hint,
  className,
  ...props
}: Omit<Common, "onValue" | "required" | "label" | "after"> & {
  label: React.ReactNode;
} & Omit<React.ComponentProps<typeof Checkbox>, "id">) {
  return (
    <CheckboxShell id={id} label={label} error={error} hint={hint} className={className}>
      <Checkbox {...fieldAria(id, error, Boolean(hint))} {...props} />
    </CheckboxShell>
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
