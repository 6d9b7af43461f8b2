import { newPasswordSchema } from "~/schemas/auth";
import { recordIdField } from "~/schemas/record-id";
import { z } from "~/schemas/zod";

/** The Team tab's forms and the invitation page's, shared by the browser and the server. */

export const staffRoles = ["admin", "editor"] as const;
export type StaffRoleName = (typeof staffRoles)[number];

export const staffRoleLabels: Record<StaffRoleName, string> = {
  admin: "Admin",
  editor: "Editor",
};

const staffRole = z.enum(staffRoles, "Choose a role: admin or editor.");

export const teamInviteSchema = z.object({
  email: z
    .string("Enter the e-mail address to invite.")
    .trim()
    .min(1, "Enter the e-mail address to invite.")
    .max(254, "The e-mail address is too long.")
    .pipe(z.email("Enter a valid e-mail address."))
    .transform((value) => value.toLowerCase()),
  role: staffRole,
});

/** A member is named by their account id (better-auth's text ids). */
const memberId = z
  .string("Choose a member.")
  .trim()
  .min(1, "Choose a member.")
  .max(100, "Choose a member.")
  .regex(/^[A-Za-z0-9_-]+$/, "Choose a member.");

export const teamRevokeSchema = z.object({ id: recordIdField("Choose an invitation.") });

export const teamRoleSchema = z.object({ userId: memberId, role: staffRole });

export const teamRemoveSchema = z.object({ userId: memberId });

export const teamIntents = ["invite", "revoke", "change-role", "remove"] as const;
export const teamIntentSchema = z.enum(teamIntents, "Unknown action.");

/** The invitation page: a new account's password, with the same rules as sign-up. */
export const invitationPasswordSchema = z.object({ password: newPasswordSchema });
