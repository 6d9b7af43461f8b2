import { PASSWORD_MAX_LENGTH } from "./auth";
import { z } from "./zod";

/**
 * The "Confirm it's you" dialog (POST /account/confirm), asked before the most dangerous admin
 * actions: the browser and the server's action validate with this schema.
 */

const SIX_DIGITS = /^\d{6}$/;
const BACKUP_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

export const CONFIRM_CODE_MESSAGE =
  "Enter the 6-digit code from your authenticator app or one of your backup codes";

export const confirmIdentitySchema = z.object({
  password: z
    .string({ message: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  /** Empty unless the account has two-factor sign-in: a TOTP code or a backup code. */
  code: z
    .string()
    .max(40, CONFIRM_CODE_MESSAGE)
    .optional()
    .transform((value) => {
      const trimmed = (value ?? "").trim();
      // Spaces inside a TOTP code (as some apps show it) are ignored.
      const digits = trimmed.replace(/\s/g, "");
      return SIX_DIGITS.test(digits) ? digits : trimmed;
    })
    .refine((value) => value === "" || SIX_DIGITS.test(value) || BACKUP_CODE.test(value), {
      message: CONFIRM_CODE_MESSAGE,
    })
    .transform((value) =>
      BACKUP_CODE.test(value) && !value.includes("-")
        ? `${value.slice(0, 5)}-${value.slice(5)}`
        : value,
    ),
});

export type ConfirmIdentityValues = z.input<typeof confirmIdentitySchema>;

/** Whether a (validated) code is an authenticator app's code rather than a backup code. */
export function isTotpCode(code: string) {
  return SIX_DIGITS.test(code);
}

/** What a guarded action answers while this session has not confirmed lately (status 403). */
export interface ConfirmationRequired {
  ok: false;
  error: string;
  confirm: true;
  /** For a form posted before the page's script loaded (the dialog needs it). */
  toast: { type: "error"; title: string; description: string };
}

export const CONFIRMATION_REQUIRED_MESSAGE =
  "Confirm it's you: enter your password again to continue.";
