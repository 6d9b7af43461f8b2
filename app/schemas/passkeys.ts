import { z } from "./zod";

/** A passkey's name, as the account security page asks for it (browser and server). */
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const passkeyNameSchema = z
  .string()
  .trim()
  .max(PASSKEY_NAME_MAX_LENGTH, `The name must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`)
  .refine((value) => !/[\p{Cc}]/u.test(value), "The name cannot hold control characters");
