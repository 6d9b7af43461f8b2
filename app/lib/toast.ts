import { z } from "~/schemas/zod";

export const toastSchema = z.object({
  type: z.enum(["success", "error"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
});

export type Toast = z.input<typeof toastSchema>;
