import { recordIdField } from "~/schemas/record-id";
import { z } from "~/schemas/zod";

/** The API keys tab's forms, shared by the browser and the server. */

export const API_KEY_NAME_MAX = 80;

export const apiKeyCreateSchema = z.object({
  name: z
    .string("Give the key a name.")
    .trim()
    .min(1, "Give the key a name.")
    .max(API_KEY_NAME_MAX, `The name is too long (at most ${API_KEY_NAME_MAX} characters).`)
    .refine((v) => !/[\r\n\t]/.test(v), "The name must be on one line."),
});

export const apiKeyRevokeSchema = z.object({
  id: recordIdField("Choose a key."),
});

export const apiKeyIntents = ["create", "revoke"] as const;
export const apiKeyIntentSchema = z.enum(apiKeyIntents, "Unknown action.");
