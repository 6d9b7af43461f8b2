import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import type { SecurityActionResult, SecurityIntent } from "~/schemas/account-security";
import { BackupCodes } from "./backup-codes";
import { SecurityStatus } from "./security-section";

/**
 * A form of the two-factor card that asks for the password; with `withCode` it is "Confirm it's
 * you" (a code from the authenticator app or a backup code too).
 */
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
  result: SecurityActionResult | undefined;
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

/**
 * "Two-factor sign-in": turning it on (password, then the QR code and a first code), the backup
 * codes shown once, new backup codes and turning it off.
 */
export function TwoFactorSection({
  enabled,
  result,
}: {
  enabled: boolean;
  result: SecurityActionResult | undefined;
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
        <SecurityStatus result={mine} />
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
        <SecurityStatus result={mine} />
      </div>
    );
  }
  return (
    <div>
      <p className="text-sm">
        <strong>Two-factor sign-in is on.</strong> Signing in asks for a code from your
        authenticator app or one of your backup codes.
      </p>
      <SecurityStatus result={mine} />
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
