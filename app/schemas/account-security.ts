import { type FieldErrors, newPasswordSchema, PASSWORD_MAX_LENGTH } from "./auth";
import { z } from "./zod";

/**
 * The account security page (/account/security) and the sign-in's second step
 * (/auth/two-factor): one schema per form, used by the browser and by the server's action.
 */

const password = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .min(1, `${label} is required`)
    .max(PASSWORD_MAX_LENGTH, `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** A code from an authenticator app: six digits; spaces (as some apps show it) are ignored. */
export const totpCodeSchema = z
  .string({ message: "Enter the 6-digit code" })
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

/** A backup code as shown: ten letters and digits, with or without the dash in the middle. */
export const backupCodeSchema = z
  .string({ message: "Enter one of your backup codes" })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/,
        "Enter one of your backup codes, such as abcde-12345",
      ),
  )
  .transform((value) => (value.includes("-") ? value : `${value.slice(0, 5)}-${value.slice(5)}`));

export const twoFactorSignInSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCodeSchema }),
  z.object({ method: z.literal("backup"), code: backupCodeSchema }),
]);

export const passwordCheckSchema = z.object({ password: password("Password") });

export const confirmTotpSchema = z.object({ code: totpCodeSchema });

export const changePasswordSchema = z
  .object({
    currentPassword: password("Current password"),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ message: "Repeat the new password" }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "The passwords do not match",
    path: ["confirmPassword"],
  });

export const endSessionSchema = z.object({
  sessionId: z
    .string({ message: "Choose a session" })
    .min(1, "Choose a session")
    .max(200, "Choose a session"),
});

export const securityIntents = [
  "end-session",
  "end-other-sessions",
  "change-password",
  "enable-two-factor",
  "confirm-two-factor",
  "new-backup-codes",
  "disable-two-factor",
] as const;
export type SecurityIntent = (typeof securityIntents)[number];

/** The secret of an otpauth:// address, in groups of four for typing it into an app by hand. */
export function totpSecretOf(totpURI: string): string | null {
  try {
    const secret = new URL(totpURI).searchParams.get("secret");
    return secret ? secret.replace(/(.{4})(?=.)/g, "$1 ") : null;
  } catch {
    return null;
  }
}

/** Why an admin is sent to set up two-factor sign-in (page notice and the admin APIs' 403). */
export const TWO_FACTOR_SETUP_MESSAGE =
  "Admins must use two-factor sign-in. Turn it on to open the admin dashboard.";

/** What an action of the account security page answers (app/auth/security.server.ts). */
export type SecurityActionResult = {
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
