import { Download, Fingerprint, KeyRound, Laptop, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
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
import { recordOwnSecurityChange, SECURITY_AUDIT } from "~/auth/security-audit.server";
import { requireUser } from "~/auth/session.server";
import { confirmIdentity } from "~/auth/step-up.server";
import { PasskeysSection } from "~/components/account/passkeys";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { getDb } from "~/db/client.server";
import { readFormPayload } from "~/forms/payload.server";
import {
  changePasswordSchema,
  confirmTotpSchema,
  endSessionSchema,
  passwordCheckSchema,
  type SecurityIntent,
  securityIntents,
  TWO_FACTOR_SETUP_MESSAGE,
  totpSecretOf,
} from "~/schemas/account-security";
import { type FieldErrors, fieldErrors } from "~/schemas/auth";
import { confirmIdentitySchema } from "~/schemas/step-up";
import type { z } from "~/schemas/zod";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = () => [
  { title: "Account security | AI Solutions" },
  { name: "robots", content: "noindex" },
];

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

export async function loader({ request }: Route.LoaderArgs) {
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

type ActionResult = {
  intent: SecurityIntent;
  ok: boolean;
  message?: string;
  fieldErrors?: FieldErrors;
  /** Enabling: the authenticator app's address, its QR code and its secret as text. */
  totpURI?: string;
  qrSvg?: string;
  secret?: string;
  /** Shown once: after turning two-factor sign-in on, or after new ones were made. */
  backupCodes?: string[];
};

function answer(result: ActionResult, status = 200, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return data(result, { status, headers });
}

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
) {
  const parsed = confirmIdentitySchema.safeParse(values);
  if (!parsed.success) return { refusal: refuse(intent, parsed.error) };
  const outcome = await confirmIdentity(request, user, parsed.data);
  if (!outcome.ok) {
    const headers = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined;
    const field = outcome.field;
    return {
      refusal: data<ActionResult>(
        {
          intent,
          ok: false,
          message: field ? undefined : outcome.error,
          fieldErrors: field ? { [field]: outcome.error } : undefined,
        },
        { status: outcome.status, headers },
      ),
    };
  }
  return { password: parsed.data.password };
}

const TOTP_URI = /^otpauth:\/\/totp\/[!-~]{1,600}$/;

function enablingStep(totpURI: string) {
  return { totpURI, qrSvg: qrCodeSvg(totpURI), secret: totpSecretOf(totpURI) ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
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
  const db = getDb();

  switch (intent) {
    case "end-session": {
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
    case "end-other-sessions": {
      const count = await endOtherSessions(db, user.id, sessionId);
      if (count > 0) {
        await recordOwnSecurityChange(user, {
          ...SECURITY_AUDIT.otherSessionsEnded,
          details: { sessionsEnded: count },
        });
      }
      return answer({
        intent,
        ok: true,
        message:
          count === 0
            ? "There were no other sessions."
            : `Signed out ${count} other ${count === 1 ? "session" : "sessions"}.`,
      });
    }
    case "change-password": {
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
        {
          intent,
          ok: true,
          message: "Your password is changed. Every other session is signed out.",
        },
        200,
        result.cookies,
      );
    }
    case "enable-two-factor": {
      const parsed = passwordCheckSchema.safeParse(values);
      if (!parsed.success) return refuse(intent, parsed.error);
      const result = await callAuth(request, "/two-factor/enable", {
        password: parsed.data.password,
      });
      if (!result.ok) {
        return failed(
          intent,
          result,
          result.body.code === "INVALID_PASSWORD" ? "password" : undefined,
        );
      }
      const totpURI = String(result.body.totpURI ?? "");
      return answer({ intent, ok: true, ...enablingStep(totpURI) }, 200, result.cookies);
    }
    case "confirm-two-factor": {
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
        {
          intent,
          ok: true,
          message: "Two-factor sign-in is on.",
          backupCodes: codes.backupCodes,
        },
        200,
        result.cookies,
      );
    }
    case "new-backup-codes": {
      const confirmed = await confirmInForm(request, user, intent, values);
      if (confirmed.refusal) return confirmed.refusal;
      const result = await callAuth(request, "/two-factor/generate-backup-codes", {
        password: confirmed.password,
      });
      if (!result.ok) {
        return failed(
          intent,
          result,
          result.body.code === "INVALID_PASSWORD" ? "password" : undefined,
        );
      }
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
    case "disable-two-factor": {
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
      if (!result.ok) {
        return failed(
          intent,
          result,
          result.body.code === "INVALID_PASSWORD" ? "password" : undefined,
        );
      }
      await recordOwnSecurityChange(user, SECURITY_AUDIT.twoFactorOff);
      return answer(
        { intent, ok: true, message: "Two-factor sign-in is off." },
        200,
        result.cookies,
      );
    }
  }
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

function Section({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-8 rounded-2xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Status({ result }: { result: ActionResult | undefined }) {
  if (!result?.message) return null;
  return result.ok ? (
    <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
      {result.message}
    </p>
  ) : (
    <Alert className="mt-4">{result.message}</Alert>
  );
}

function PasswordForm({
  intent,
  label,
  busyLabel,
  result,
  variant,
  withCode = false,
}: {
  intent: SecurityIntent;
  label: string;
  busyLabel: string;
  result: ActionResult | undefined;
  variant?: "outline";
  /** "Confirm it's you": a code from the authenticator app or a backup code too. */
  withCode?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const mine = result?.intent === intent ? result : undefined;
  return (
    <Form method="post" noValidate className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <Field
        id={`${intent}-password`}
        name="password"
        type="password"
        label="Your password"
        autoComplete="current-password"
        required
        error={mine?.fieldErrors?.password}
      />
      {withCode ? (
        <Field
          id={`${intent}-code`}
          name="code"
          label="Code from your authenticator app or a backup code"
          autoComplete="one-time-code"
          maxLength={40}
          required
          error={mine?.fieldErrors?.code}
        />
      ) : null}
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </Form>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join("\n")}\n`;
  return (
    <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold">Your backup codes</h3>
      <p className="mt-1 text-sm">
        Store these now, somewhere safe: this is the only time they are shown. Each code signs you
        in once when you do not have your authenticator app.
      </p>
      <ul aria-label="Backup codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy codes"}
        </Button>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="backup-codes.txt"
          className="inline-flex items-center gap-1 rounded-md border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface"
        >
          <Download aria-hidden className="size-4" />
          Download as text
        </a>
      </div>
    </div>
  );
}

function TwoFactorSection({
  enabled,
  result,
}: {
  enabled: boolean;
  result: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const confirming = navigation.state === "submitting";
  const twoFactorIntents: SecurityIntent[] = [
    "enable-two-factor",
    "confirm-two-factor",
    "new-backup-codes",
    "disable-two-factor",
  ];
  const mine = result && twoFactorIntents.includes(result.intent) ? result : undefined;

  if (mine?.backupCodes) {
    return (
      <>
        <Status result={mine} />
        <BackupCodes codes={mine.backupCodes} />
      </>
    );
  }
  if (!enabled && mine?.totpURI && mine.qrSvg) {
    return (
      <div>
        <p className="text-sm">
          Scan this QR code with your authenticator app (such as Google Authenticator, 1Password or
          Authy), or type the secret into it by hand.
        </p>
        <div className="mt-4 flex flex-wrap items-start gap-6">
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="size-48 shrink-0"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our server's SVG of a QR code (paths only)
            dangerouslySetInnerHTML={{ __html: mine.qrSvg }}
          />
          <div className="space-y-1">
            <p className="text-sm font-medium">Secret</p>
            <p className="font-mono text-base tracking-wide" data-testid="totp-secret">
              {mine.secret}
            </p>
          </div>
        </div>
        <Form method="post" noValidate className="mt-4 max-w-sm space-y-3">
          <input type="hidden" name="intent" value="confirm-two-factor" />
          <input type="hidden" name="totpURI" value={mine.totpURI} />
          <Field
            id="confirm-code"
            name="code"
            label="Enter the 6-digit code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            required
            error={mine.fieldErrors?.code}
          />
          <Button type="submit" disabled={confirming}>
            {confirming ? "Checking..." : "Turn on two-factor sign-in"}
          </Button>
        </Form>
      </div>
    );
  }
  if (!enabled) {
    return (
      <div>
        <p className="text-sm text-muted">
          Two-factor sign-in is off. With it on, signing in asks for a code from an authenticator
          app on your phone as well as your password.
        </p>
        <h3 className="mt-4 font-medium">Turn on two-factor sign-in</h3>
        <p className="mb-3 text-sm text-muted">Enter your password to start.</p>
        <PasswordForm
          intent="enable-two-factor"
          label="Continue"
          busyLabel="Checking..."
          result={mine}
        />
        <Status result={mine} />
      </div>
    );
  }
  return (
    <div>
      <p className="text-sm">
        <strong>Two-factor sign-in is on.</strong> Signing in asks for a code from your
        authenticator app or one of your backup codes.
      </p>
      <Status result={mine} />
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="mb-2 font-medium">Generate new backup codes</h3>
          <PasswordForm
            intent="new-backup-codes"
            label="Generate new backup codes"
            busyLabel="Generating..."
            result={mine}
            variant="outline"
            withCode
          />
        </div>
        <div>
          <h3 className="mb-2 font-medium">Turn off two-factor sign-in</h3>
          <PasswordForm
            intent="disable-two-factor"
            label="Turn off"
            busyLabel="Turning off..."
            result={mine}
            variant="outline"
            withCode
          />
        </div>
      </div>
    </div>
  );
}

function ChangePassword({ result }: { result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const mine = result?.intent === "change-password" ? result : undefined;
  const errors = { ...mine?.fieldErrors, ...clientErrors };
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";
  return (
    <Form
      method="post"
      noValidate
      className="max-w-sm space-y-3"
      key={mine?.ok ? "done" : "form"}
      onSubmit={(event) => {
        const parsed = changePasswordSchema.safeParse(
          Object.fromEntries(new FormData(event.currentTarget)),
        );
        if (!parsed.success) {
          event.preventDefault();
          setClientErrors(fieldErrors(parsed.error));
        } else {
          setClientErrors({});
        }
      }}
    >
      <input type="hidden" name="intent" value="change-password" />
      <Field
        id="current-password"
        name="currentPassword"
        type="password"
        label="Current password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
      />
      <Field
        id="new-password"
        name="newPassword"
        type="password"
        label="New password"
        autoComplete="new-password"
        required
        error={errors.newPassword}
      />
      <Field
        id="confirm-password"
        name="confirmPassword"
        type="password"
        label="Repeat the new password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Changing..." : "Change password"}
      </Button>
      <Status result={mine} />
    </Form>
  );
}

export default function AccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const sessionResult =
    result?.intent === "end-session" || result?.intent === "end-other-sessions"
      ? result
      : undefined;
  const others = loaderData.sessions.filter((s) => !s.current);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Account security</h1>
      <p className="mt-1 text-sm text-muted">
        Signed in as <strong className="text-ink">{loaderData.email}</strong>
        {loaderData.isAdmin && !loaderData.setupRequired ? (
          <>
            {" · "}
            <Link to="/admin" className="font-medium text-primary-strong hover:underline">
              Admin dashboard
            </Link>
          </>
        ) : null}
      </p>
      {loaderData.setupRequired ? <Alert className="mt-4">{TWO_FACTOR_SETUP_NOTICE}</Alert> : null}

      <Section
        id="two-factor"
        title="Two-factor sign-in"
        icon={<ShieldCheck aria-hidden className="size-5 text-primary-strong" />}
      >
        <TwoFactorSection enabled={loaderData.twoFactorEnabled} result={result} />
      </Section>

      <Section
        id="passkeys"
        title="Passkeys"
        icon={<Fingerprint aria-hidden className="size-5 text-primary-strong" />}
      >
        <PasskeysSection passkeys={loaderData.passkeys} />
      </Section>

      <Section
        id="sessions"
        title="Where you are signed in"
        icon={<Laptop aria-hidden className="size-5 text-primary-strong" />}
      >
        <ul className="divide-y divide-line" aria-label="Sessions">
          {loaderData.sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium">
                  {session.device}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
                      This browser
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-muted">
                  {session.ipAddress ?? "Unknown address"} · last seen{" "}
                  {dateFormat.format(new Date(session.lastSeen))} UTC
                </p>
              </div>
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="sessionId" value={session.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out ${session.device}, ${session.ipAddress ?? "unknown address"}`}
                  >
                    Sign out
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="end-other-sessions" />
            <Button type="submit" variant="outline">
              Sign out all other sessions
            </Button>
          </Form>
        ) : (
          <p className="mt-2 text-sm text-muted">You are not signed in anywhere else.</p>
        )}
        <Status result={sessionResult} />
      </Section>

      <Section
        id="password"
        title="Change password"
        icon={<KeyRound aria-hidden className="size-5 text-primary-strong" />}
      >
        <p className="mb-4 text-sm text-muted">
          Changing your password signs you out everywhere else.
        </p>
        <ChangePassword result={result} />
      </Section>
    </div>
  );
}

const TWO_FACTOR_SETUP_NOTICE = `${TWO_FACTOR_SETUP_MESSAGE} The site's settings require it for every admin.`;
