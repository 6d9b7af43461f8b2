import { z } from "./zod";

/** No person types a NUL character, and PostgreSQL text cannot store one. */
const WITHOUT_NUL = /^[^\0]*$/;

/** Text that may be missing, null or blank: stored as "". */
export function optionalText(max: number, label: string) {
  return z.preprocess(
    (value) => (value == null ? "" : value),
    z
      .string({ message: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .regex(WITHOUT_NUL, `${label} contains a character that is not allowed`),
  );
}

/** Text that must be given; `requiredMessage` when it is missing or blank. */
export function requiredText(max: number, label: string, requiredMessage: string) {
  return z.preprocess(
    (value) => (value == null ? "" : value),
    z
      .string({ message: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(max, `${label} must be at most ${max} characters`)
      .regex(WITHOUT_NUL, `${label} contains a character that is not allowed`),
  );
}

/**
 * Control characters (NUL included, which PostgreSQL text cannot store); with `allowLineBreaks`,
 * line breaks and tabs are fine.
 */
export function hasControlCharacter(value: string, allowLineBreaks = false) {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (allowLineBreaks && (code === 10 || code === 13 || code === 9)) continue;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
