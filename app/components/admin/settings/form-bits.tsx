import type * as React from "react";
import { TextField as KitTextField, TextAreaField } from "~/components/admin/kit/fields";

// The footer form still uses these until it moves onto the kit's list editor (issue 29); new code
// imports ~/components/admin/kit/fields and kit/validate.
export { FieldGroup } from "~/components/admin/kit/fields";
export { validate } from "~/components/admin/kit/validate";

/** The kit's text field with the new text as `onChange`'s argument; `multiline` for a textarea. */
export function TextField({
  onChange,
  multiline,
  ...props
}: Omit<React.ComponentProps<typeof KitTextField>, "onChange"> & {
  onChange?: (value: string) => void;
  multiline?: boolean;
}) {
  return multiline ? (
    <TextAreaField
      rows={3}
      onValue={onChange}
      {...(props as React.ComponentProps<typeof TextAreaField>)}
    />
  ) : (
    <KitTextField onValue={onChange} {...props} />
  );
}
