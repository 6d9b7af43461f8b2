import { hasTwoFactor } from "~/auth/account-security.server";
import { requireUser } from "~/auth/session.server";
import { confirmIdentity, confirmRefusal, isRecentlyConfirmed } from "~/auth/step-up.server";
import { readFormPayload } from "~/forms/payload.server";
import { requireSameOriginWrite } from "~/lib/same-origin.server";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import { confirmIdentitySchema } from "~/schemas/step-up";
import type { Route } from "./+types/confirm";

/** What the "Confirm it's you" dialog is told: whether it must open, and what it must ask. */
export interface ConfirmState {
  confirmed: boolean;
  twoFactor: boolean;
}

/** An answer of POST /account/confirm. */
export type ConfirmAnswer =
  | { ok: true }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

const noStore = { "Cache-Control": "no-store" };

/**
 * GET /account/confirm: whether this session confirmed it's its user in the last ten minutes
 * (the dashboard asks before following a backup's download link), and whether a code is asked.
 * POST: the dialog's password (and code), see app/auth/step-up.server.ts.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const state: ConfirmState = {
    confirmed: await isRecentlyConfirmed(request, user),
    twoFactor: await hasTwoFactor(user.id),
  };
  return Response.json(state, { headers: noStore });
}

export async function action({ request }: Route.ActionArgs) {
  requireSameOriginWrite(request);
  const user = await requireUser(request);
  const payload = await readFormPayload(request);
  if (!payload.ok) return Response.json(payload.body, { status: payload.status, headers: noStore });
  const parsed = confirmIdentitySchema.safeParse(payload.values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const answer: ConfirmAnswer = {
      ok: false,
      error: Object.values(fieldErrors)[0] ?? "Check the form.",
      fieldErrors,
    };
    return Response.json(answer, { status: 400, headers: noStore });
  }
  const outcome = await confirmIdentity(request, user, parsed.data);
  if (!outcome.ok) {
    const refusal = confirmRefusal(outcome);
    const answer: ConfirmAnswer = {
      ok: false,
      error: refusal.error,
      fieldErrors: refusal.fieldErrors,
    };
    return Response.json(answer, {
      status: refusal.status,
      headers: { ...noStore, ...refusal.headers },
    });
  }
  return Response.json({ ok: true } satisfies ConfirmAnswer, { headers: noStore });
}
