import { INVITATION_DAYS } from "~/models/team.server";
import { type StaffRoleName, staffRoleLabels } from "~/schemas/admin/team";
import type { MailMessage } from "./mailer.server";

const ROLE_DESCRIPTIONS: Record<StaffRoleName, string> = {
  admin: "an admin (everything in the dashboard, including the team, settings and integrations)",
  editor: "an editor (posts, categories, media, page content, newsletter and leads)",
};

/** The mail with an invitation's single-use link (the token is in no other place). */
export function staffInvitationMail(options: {
  to: string;
  siteName: string;
  siteUrl: string;
  token: string;
  role: StaffRoleName;
  invitedBy: string;
  expiresAt: string;
}): MailMessage {
  const link = `${options.siteUrl}/invite/${options.token}`;
  const expires = new Date(options.expiresAt).toUTCString();
  return {
    to: options.to,
    subject: `You're invited to ${options.siteName}`,
    text: [
      `${options.invitedBy} invited you to join the team of ${options.siteName} as ${ROLE_DESCRIPTIONS[options.role]}.`,
      "",
      "To accept, open this link and choose a password (or sign in, if you already have an account with this address):",
      link,
      "",
      `The link works once and expires in ${INVITATION_DAYS} days (${expires}).`,
      `Role: ${staffRoleLabels[options.role]}`,
      "",
      `If you did not expect this invitation, ignore this mail or tell ${options.invitedBy}.`,
    ].join("\n"),
  };
}
