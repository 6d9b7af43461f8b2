import { z } from "~/schemas/zod";

/** GET /admin/newsletter/sender-check's query: `fresh=1` looks up again instead of the cache. */
export const senderCheckQuerySchema = z.object({ fresh: z.enum(["1"]).optional() }).strict();

export const SENDER_CHECK_URL = "/admin/newsletter/sender-check";
