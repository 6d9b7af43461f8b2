import { recordIdField } from "~/schemas/record-id";
import { z } from "~/schemas/zod";

/** "Restore this version" on an audit log entry: the entry whose before-values come back. */
export const auditRestoreSchema = z.object({
  intent: z.literal("restore", { message: "Unknown action" }),
  id: recordIdField("Unknown change"),
});
