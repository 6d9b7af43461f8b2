import { recordIdField } from "~/schemas/record-id";
import { z } from "~/schemas/zod";

/** The deliveries list's one form: Resend. */
export const deliveryResendSchema = z.object({
  intent: z.literal("resend", "Unknown action."),
  id: recordIdField("Choose a delivery."),
});
