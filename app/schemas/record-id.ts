import { z } from "./zod";

/** The largest value of a PostgreSQL integer (serial) column: the id of any stored record. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * The id of a stored record, from a form field or JSON. Bounded to what the id column holds: a
 * larger number would reach the database and fail there (a 500) instead of being refused here.
 */
export function recordIdField(message: string) {
  return z.coerce.number({ message }).int(message).min(1, message).max(MAX_RECORD_ID, message);
}

/** A record's id from an address (a route parameter or a query value), or null when it cannot be one. */
export function recordIdParam(value: string | null | undefined) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= MAX_RECORD_ID ? n : null;
}

/**
 * The version of a record an editor's form started from (edit conflicts), or null when not sent
 * (callers that do not check); `message` when it cannot be one.
 */
export function recordVersionField(message: string) {
  return z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return null;
      const n = typeof v === "number" ? v : Number(v);
      if (!Number.isInteger(n) || n < 0 || n > MAX_RECORD_ID) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });
}
