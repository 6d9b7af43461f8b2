import {
  adminFailure,
  adminSuccess,
  answerActionError,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection } from "~/auth/permissions.server";
import type { CurrentUser } from "~/auth/session.server";
import { requireRecentConfirmation } from "~/auth/step-up.server";
import { NoScriptOutcome } from "~/components/admin/integrations/no-script-outcome";
import { TabHeader } from "~/components/admin/tab-header";
import { InvitationList, InviteForm, MemberList } from "~/components/admin/team/team-panels";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { Alert } from "~/components/ui/alert";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { getMailer, sendInBackground } from "~/mail/mailer.server";
import { staffInvitationMail } from "~/mail/team-mails.server";
import { getSettingsMap, siteNameFrom } from "~/models/site.server";
import {
  changeRole,
  inviteStaff,
  listInvitations,
  listTeam,
  removeMember,
  revokeInvitation,
  TeamError,
} from "~/models/team.server";
import {
  teamIntentSchema,
  teamInviteSchema,
  teamRemoveSchema,
  teamRevokeSchema,
  teamRoleSchema,
} from "~/schemas/admin/team";
import type { Route } from "./+types/team";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireSection(request, "team");
  try {
    const db = getDb();
    const [members, invitations] = await Promise.all([listTeam(db), listInvitations(db)]);
    return { members, invitations, currentUserId: admin.id, loadFailed: false };
  } catch (error) {
    logger.error({ err: error }, "Could not load the team");
    return { members: [], invitations: [], currentUserId: admin.id, loadFailed: true };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "team");
  try {
    return await update(admin, request);
  } catch (error) {
    if (error instanceof TeamError) {
      return adminFailure("Could not change the team", error.message, { status: error.status });
    }
    return answerActionError(
      error,
      "Could not change the team",
      { err: error },
      "Could not change the team",
    );
  }
}

async function update(admin: CurrentUser, request: Request) {
  const values = await readAdminPayload(request, "Could not change the team");
  const intent = parseAdminInput(teamIntentSchema, values.intent, "Could not change the team");
  const db = getDb();

  // Who may use the dashboard changes only after "Confirm it's you" (a stolen session cookie
  // alone must not add an admin of the thief's): inviting (and resending), a role, a removal.
  if (intent === "invite") {
    const input = parseAdminInput(teamInviteSchema, values, "Could not send the invitation");
    await requireRecentConfirmation(request, admin);
    const { token, invitation, replaced } = await inviteStaff(db, admin, input);
    const settings = await getSettingsMap();
    sendInBackground(
      getMailer(),
      staffInvitationMail({
        to: invitation.email,
        siteName: siteNameFrom(settings),
        siteUrl: getEnv().SITE_URL,
        token,
        role: invitation.role,
        invitedBy: admin.email,
        expiresAt: invitation.expiresAt,
      }),
    );
    return adminSuccess(
      replaced ? "Invitation sent again" : "Invitation sent",
      replaced
        ? `${invitation.email} gets a new link; the earlier one no longer works.`
        : `${invitation.email} gets a link to join as ${invitation.role}. It works for 7 days.`,
    );
  }

  if (intent === "revoke") {
    const { id } = parseAdminInput(teamRevokeSchema, values, "Could not revoke the invitation");
    const revoked = await revokeInvitation(db, admin, id);
    return adminSuccess("Invitation revoked", `The link sent to ${revoked.email} no longer works.`);
  }

  if (intent === "change-role") {
    const input = parseAdminInput(teamRoleSchema, values, "Could not change the role");
    await requireRecentConfirmation(request, admin);
    const result = await changeRole(db, admin, input);
    return adminSuccess(
      "Role changed",
      result.changed
        ? `${result.email} is now ${result.to === "admin" ? "an admin" : "an editor"}.`
        : `${result.email} already was ${result.to === "admin" ? "an admin" : "an editor"}.`,
    );
  }

  const { userId } = parseAdminInput(teamRemoveSchema, values, "Could not remove the member");
  await requireRecentConfirmation(request, admin);
  const result = await removeMember(db, admin, userId);
  return adminSuccess(
    "Member removed",
    `${result.email} is no longer on the team and has been signed out everywhere.`,
  );
}

export default function TeamTab({ loaderData, actionData }: Route.ComponentProps) {
  const { members, invitations, currentUserId, loadFailed } = loaderData;
  useLoadFailureToast(loadFailed, "Error", "Failed to load the team.");
  const adminCount = members.filter((m) => m.role === "admin").length;
  return (
    <section>
      <TabHeader
        title="Team"
        description="Who can use this dashboard. Admins can do everything; editors write posts and manage media, page content, the newsletter and leads."
      />
      <NoScriptOutcome result={actionData} />
      <InviteForm />
      {loadFailed ? (
        <Alert className="mt-6">
          Failed to load the team.{" "}
          <a href="/admin/team" className="font-semibold underline">
            Try again
          </a>
        </Alert>
      ) : (
        <>
          <MemberList members={members} currentUserId={currentUserId} adminCount={adminCount} />
          <InvitationList invitations={invitations} />
        </>
      )}
    </section>
  );
}
