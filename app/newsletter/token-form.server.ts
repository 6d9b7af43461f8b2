import { z } from "zod";
import { readFormPayload } from "~/forms/payload.server";

/** The confirmation and unsubscribe pages' buttons post one hidden field: the link's token. */
const tokenFormSchema = z.object({ token: z.string().max(200).catch("") });

/**
 * The token a confirmation or unsubscribe page's button posted; or the status to answer a request
 * that is not such a post (another method, a body that is no form or cannot be read), which must
 * not surface as a server error.
 */
export async function readTokenForm(
  request: Request,
): Promise<{ ok: true; token: string } | { ok: false; status: number }> {
  if (request.method !== "POST") return { ok: false, status: 405 };
  const payload = await readFormPayload(request);
  if (!payload.ok) return { ok: false, status: payload.status };
  return { ok: true, token: tokenFormSchema.parse(payload.values).token };
}
