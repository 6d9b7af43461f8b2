import { useState } from "react";

/**
 * A dialog form's values, held as the user types, and `bind(key)`: the props that tie one of the
 * kit's fields to that value (id `<prefix>-<key>`, value, onValue, the key's error message).
 */
export function useFieldValues<T extends object>(
  prefix: string,
  initial: T,
  errors: Partial<Record<string, string>>,
  /** Called after each edit of a field, e.g. to clear that field's message. */
  onEdit?: (key: keyof T & string) => void,
) {
  const [values, setValues] = useState(initial);
  const set = (key: keyof T & string) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    onEdit?.(key);
  };
  const bind = (key: keyof T & string) => ({
    id: `${prefix}-${key}`,
    value: String(values[key] ?? ""),
    onValue: set(key),
    error: errors[key],
  });
  return { values, setValues, set, bind };
}
