import { data, redirect } from "react-router";
import {
  endOtherSessions,
  endSession,
  listSessions,
  qrCodeSvg,
  twoFactorRequiredForAdmins,
  twoFactorSetupRequired,
} from "~/auth/account-security.server";
import { getAuth } from "~/auth/auth.server";
import { type AuthCallResult, authErrorMessage, callAuth } from "~/auth/auth-api.server";
import { listUserPasskeys } from "~/auth/passkeys.server";
import type { CurrentUser } from "~/auth/roles";
import { recordOwnSecurityChange, SECURITY_AUDIT } from "~/auth/security-audit.server";
import { requireUser } from "~/auth/session.server";
import { confirmIdentity, confirmRefusal } from "~/auth/step-up.server";
import { type Db, getDb } from "~/db/client.server";
import { readFormPayload } from "~/forms/payload.server";
import {
  changePasswordSchema,
  confirmTotpSchema,
  endSessionSchema,
  passwordCheckSchema,
  type SecurityActionResult,
  type SecurityIntent,
  securityIntents,
  totpSecretOf,
} from "~/schemas/account-security";
import { fieldErrors } from "~/schemas/auth";
import { confirmIdentitySchema } from "~/schemas/step-up";
import type { z } from "~/schemas/zod";

/**
 * The account security page (/account/security, app/routes/account/security.tsx) on the server:
 * what its loader reads, and its seven intents, one handler each (`intentHandlers`).
 */

/** The signed-in user and the id of this browser's session. */
async function requireSession(request: Request) {
  const user = await requireUser(request);
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) throw redirect("/auth");
  return {
    user,
    sessionId: session.session.id,
    twoFactorEnabled: Boolean((session.user as { twoFactorEnabled?: boolean }).twoFactorEnabled),
  };
}

/** The page's data: the account, two-factor sign-in, its sessions and its passkeys. */
export async function loadSecurityPage(request: Request) {
  const { user, sessionId, twoFactorEnabled } = await requireSession(request);
  const setupRequired = await twoFactorSetupRequired(user);
  return {
    email: user.email,
    isAdmin: user.isAdmin,
    twoFactorEnabled,
    setupRequired,
    sessions: await listSessions(getDb(), user.id, sessionId),
    passkeys: await listUserPasskeys(getDb(), user.id),
  };
}

function answer(result: SecurityActionResult, status = 200, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return data(result, { status, headers });
}

type Answer = ReturnType<typeof answer>;

function refuse(intent: SecurityIntent, error: z.ZodError) {
  const errors = fieldErrors(error);
  return answer({ intent, ok: false, fieldErrors: errors, message: undefined }, 400);
}

/** A refused code or password is a form error (400): the user is signed in all the same. */
function refusedStatus(result: AuthCallResult) {
  return result.status === 401 ? 400 : Math.min(result.status, 500);
}

function failed(intent: SecurityIntent, result: AuthCallResult, field?: string) {
  const message =
    result.body.code === "INVALID_PASSWORD" && field === "currentPassword"
      ? "Your current password is not right."
      : authErrorMessage(result);
  return answer(
    {
      intent,
      ok: false,
      message: field ? undefined : message,
      fieldErrors: field ? { [field]: message } : undefined,
    },
    refusedStatus(result),
    result.cookies,
  );
}

/** A refusal of better-auth's endpoint behind a password form: a wrong password is its field's. */
function failedWithPassword(intent: SecurityIntent, result: AuthCallResult) {
  return failed(intent, result, result.body.code === "INVALID_PASSWORD" ? "password" : undefined);
}

/**
 * New backup codes and turning two-factor off are as good as a second factor: they ask "Confirm
 * it's you" in the form itself (the password and a current code or a backup code, counted
 * against the account's sign-in limits, app/auth/step-up.server.ts), which also opens
 * better-auth's own endpoints for them to this session for ten minutes (app/auth/auth.server.ts).
 * Answers the refusal, or the checked password for the endpoint.
 */
async function confirmInForm(
  request: Request,
  user: { id: string },
  intent: SecurityIntent,
  values: Record<string, unknown>,
): Promise<{ refusal: Answer; password?: undefined } | { refusal?: undefined; password: string }> {
  const parsed = confirmIdentitySchema.safeParse(values);
  if (!parsed.success) return { refusal: refuse(intent, parsed.error) };
  const outcome = await confirmIdentity(request, user, parsed.data);
  if (!outcome.ok) {
    const refusal = confirmRefusal(outcome);
    return {
      refusal: data<SecurityActionResult>(
        {
          intent,
          ok: false,
          message: refusal.fieldErrors ? undefined : refusal.error,
          fieldErrors: refusal.fieldErrors,
        },
        { status: refusal.status, headers: refusal.headers },
      ),
    };
  }
  return { password: parsed.data.password };
}

const TOTP_URI = /^otpauth:\/\/totp\/[!-~]{1,600}$/;

function enablingStep(totpURI: string) {
  return { totpURI, qrSvg: qrCodeSvg(totpURI), secret: totpSecretOf(totpURI) ?? "" };
}

/** What every intent's handler is given. */
interface IntentContext {
  request: Request;
  user: CurrentUser;
  /** This browser's session. */
  sessionId: string;
  values: Record<string, unknown>;
  db: Db;
}

async function endOneSession({ user, sessionId, values, db }: IntentContext) {
  const intent = "end-session";
  const parsed = endSessionSchema.safeParse(values);
  if (!parsed.success) return refuse(intent, parsed.error);
  // Named in the audit log by its device and address, as the list shows it.
  const target = (await listSessions(db, user.id, sessionId)).find(
    (s) => s.id === parsed.data.sessionId,
  );
  const ended = await endSession(db, user.id, parsed.data.sessionId, sessionId);
  if (ended) {
    await recordOwnSecurityChange(user, {
      ...SECURITY_AUDIT.sessionEnded,
      details: { device: target?.device ?? null, address: target?.ipAddress ?? null },
    });
  }
  return ended
    ? answer({ intent, ok: true, message: "That session is signed out." })
    : answer({ intent, ok: false, message: "That session has ended already." }, 404);
}

async function endTheOtherSessions({ user, sessionId, db }: IntentContext) {
  const count = await endOtherSessions(db, user.id, sessionId);
  if (count > 0) {
    await recordOwnSecurityChange(user, {
      ...SECURITY_AUDIT.otherSessionsEnded,
      details: { sessionsEnded: count },
    });
  }
  return answer({
    intent: "end-other-sessions",
    ok: true,
    message:
      count === 0
        ? "There were no other sessions."
        : `Signed out ${count} other ${count === 1 ? "session" : "sessions"}.`,
  });
}

async function changePassword({ request, user, values }: IntentContext) {
  const intent = "change-password";
  const parsed = changePasswordSchema.safeParse(values);
  if (!parsed.success) return refuse(intent, parsed.error);
  const result = await callAuth(request, "/change-password", {
    currentPassword: parsed.data.currentPassword,
    newPassword: parsed.data.newPassword,
    revokeOtherSessions: true,
  });
  if (!result.ok) {
    return failed(
      intent,
      result,
      result.body.code === "INVALID_PASSWORD" ? "currentPassword" : undefined,
    );
  }
  await recordOwnSecurityChange(user, {
    ...SECURITY_AUDIT.passwordChanged,
    details: { otherSessionsEnded: true },
  });
  return answer(
    { intent, ok: true, message: "Your password is changed. Every other session is signed out." },
    200,
    result.cookies,
  );
}

async function enableTwoFactor({ request, values }: IntentContext) {
  const intent = "enable-two-factor";
  const parsed = passwordCheckSchema.safeParse(values);
  if (!parsed.success) return refuse(intent, parsed.error);
  const result = await callAuth(request, "/two-factor/enable", {
    password: parsed.data.password,
  });
  if (!result.ok) return failedWithPassword(intent, result);
  const totpURI = String(result.body.totpURI ?? "");
  return answer({ intent, ok: true, ...enablingStep(totpURI) }, 200, result.cookies);
}

async function confirmTwoFactor({ request, user, values }: IntentContext) {
  const intent = "confirm-two-factor";
  const totpURI = typeof values.totpURI === "string" ? values.totpURI : "";
  const step = TOTP_URI.test(totpURI) ? enablingStep(totpURI) : {};
  const parsed = confirmTotpSchema.safeParse(values);
  if (!parsed.success) {
    return answer({ intent, ok: false, fieldErrors: fieldErrors(parsed.error), ...step }, 400);
  }
  const result = await callAuth(request, "/two-factor/verify-totp", {
    code: parsed.data.code,
  });
  if (!result.ok) {
    const message = authErrorMessage(result);
    return answer(
      { intent, ok: false, fieldErrors: { code: message }, ...step },
      refusedStatus(result),
      result.cookies,
    );
  }
  // The codes made when it was turned on, shown this once (never again).
  const codes = await getAuth().api.viewBackupCodes({ body: { userId: user.id } });
  await recordOwnSecurityChange(user, {
    ...SECURITY_AUDIT.twoFactorOn,
    details: { backupCodes: codes.backupCodes.length },
  });
  return answer(
    { intent, ok: true, message: "Two-factor sign-in is on.", backupCodes: codes.backupCodes },
    200,
    result.cookies,
  );
}

async function newBackupCodes({ request, user, values }: IntentContext) {
  const intent = "new-backup-codes";
  const confirmed = await confirmInForm(request, user, intent, values);
  if (confirmed.refusal) return confirmed.refusal;
  const result = await callAuth(request, "/two-factor/generate-backup-codes", {
    password: confirmed.password,
  });
  if (!result.ok) return failedWithPassword(intent, result);
  const backupCodes = result.body.backupCodes as string[];
  await recordOwnSecurityChange(user, {
    ...SECURITY_AUDIT.newBackupCodes,
    details: { backupCodes: backupCodes.length, oldCodesWork: false },
  });
  return answer(
    {
      intent,
      ok: true,
      message: "New backup codes are ready. The old ones no longer work.",
      backupCodes,
    },
    200,
    result.cookies,
  );
}

async function disableTwoFactor({ request, user, values, db }: IntentContext) {
  const intent = "disable-two-factor";
  if (user.isAdmin && (await twoFactorRequiredForAdmins(db))) {
    return answer(
      {
        intent,
        ok: false,
        message: "The site's settings require two-factor sign-in for admins: it stays on.",
      },
      409,
    );
  }
  const confirmed = await confirmInForm(request, user, intent, values);
  if (confirmed.refusal) return confirmed.refusal;
  const result = await callAuth(request, "/two-factor/disable", {
    password: confirmed.password,
  });
  if (!result.ok) return failedWithPassword(intent, result);
  await recordOwnSecurityChange(user, SECURITY_AUDIT.twoFactorOff);
  return answer({ intent, ok: true, message: "Two-factor sign-in is off." }, 200, result.cookies);
}

/** One handler per intent of the page's forms. */
const intentHandlers: Record<SecurityIntent, (context: IntentContext) => Promise<Answer>> = {
  "end-session": endOneSession,
  "end-other-sessions": endTheOtherSessions,
  "change-password": changePassword,
  "enable-two-factor": enableTwoFactor,
  "confirm-two-factor": confirmTwoFactor,
  "new-backup-codes": newBackupCodes,
  "disable-two-factor": disableTwoFactor,
};

/** The page's action: reads the form and runs its intent's handler. */
export async function securityAction(request: Request) {
  const { user, sessionId } = await requireSession(request);
  const payload = await readFormPayload(request);
  if (!payload.ok) {
    return answer({ intent: "change-password", ok: false, message: payload.body.error }, 400);
  }
  const values = payload.values;
  const intent = values.intent as SecurityIntent;
  if (!securityIntents.includes(intent)) {
    return answer({ intent: "change-password", ok: false, message: "Unknown action." }, 400);
  }
  return intentHandlers[intent]({ request, user, sessionId, values, db: getDb() });
}
