import { MailPlus, ShieldCheck, Users } from "lucide-react";
import { useRef, useState } from "react";
import { CONFIRM_REASONS, useConfirmAndRetry } from "~/components/admin/confirm-identity";
import { PostConfirmDialog, useShownWhileClosing } from "~/components/admin/kit/confirm-dialog";
import { SelectField, TextField } from "~/components/admin/kit/fields";
import { LabelledCell } from "~/components/admin/kit/labelled-cell";
import { LocalTime } from "~/components/admin/kit/local-time";
import { ACTIONS_COLUMN, TableHead } from "~/components/admin/kit/table";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import type { PendingInvitation, TeamMember } from "~/models/team.server";
import { staffRoleLabels, staffRoles, teamInviteSchema } from "~/schemas/admin/team";

const ACTION = "/admin/team";

/**
 * Inviting, resending, a role change and a removal ask "Confirm it's you" when the server says so
 * (a stolen session cookie alone must not add an admin): the dialog, then the same request again.
 */
function useTeamConfirm(fetcher: Parameters<typeof useConfirmAndRetry>[0]) {
  return useConfirmAndRetry(fetcher, CONFIRM_REASONS.team);
}

/** The invite form: an address and a role; the server mails the link. */
export function InviteForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const { fetcher, busy, fieldErrors } = useAdminFetcher({
    key: "team-invite",
    onSuccess: () => formRef.current?.reset(),
  });
  const confirmDialog = useTeamConfirm(fetcher);
  const emailError = clientErrors.email ?? fieldErrors.email;
  const roleError = clientErrors.role ?? fieldErrors.role;
  return (
    <>
      <fetcher.Form
        ref={formRef}
        method="post"
        action={ACTION}
        noValidate
        className="rounded-2xl border border-line bg-white p-5 shadow-sm"
        onSubmit={(event) => {
          const parsed = teamInviteSchema.safeParse(
            Object.fromEntries(new FormData(event.currentTarget)),
          );
          if (parsed.success) {
            setClientErrors({});
            return;
          }
          event.preventDefault();
          const errors: Record<string, string> = {};
          for (const issue of parsed.error.issues) {
            const key = String(issue.path[0] ?? "email");
            errors[key] ??= issue.message;
          }
          setClientErrors(errors);
          document.getElementById(errors.email ? "team-invite-email" : "team-invite-role")?.focus();
        }}
      >
        <input type="hidden" name="intent" value="invite" />
        <h3 className="text-base font-semibold text-ink">Invite someone</h3>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <TextField
              id="team-invite-email"
              label="E-mail address"
              required
              error={emailError}
              name="email"
              type="email"
              maxLength={254}
              autoComplete="off"
              onChange={() => setClientErrors({})}
            />
          </div>
          <div className="sm:w-40">
            <SelectField
              id="team-invite-role"
              label="Role"
              required
              error={roleError}
              name="role"
              defaultValue="editor"
            >
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {staffRoleLabels[role]}
                </option>
              ))}
            </SelectField>
          </div>
          <Button type="submit" disabled={busy} className="sm:mt-7">
            {busy ? (
              <Spinner label="Sending" className="size-4 text-white" />
            ) : (
              <MailPlus aria-hidden />
            )}
            {busy ? "Sending…" : "Send invitation"}
          </Button>
        </div>
        <p className="mt-3 text-sm text-muted">
          They get an e-mail with a link that works once, for 7 days.
        </p>
      </fetcher.Form>
      {confirmDialog}
    </>
  );
}

/** The members: role change and removal (never for the only admin). */
export function MemberList({
  members,
  currentUserId,
  adminCount,
}: {
  members: TeamMember[];
  currentUserId: string;
  adminCount: number;
}) {
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  return (
    <div className="mt-6">
      <h3 className="text-lg font-semibold text-ink">Members</h3>
      <div className="mt-3 overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <TableHead
            caption="Team members"
            columns={["Member", "Role", "Two-factor", "Last sign-in", ACTIONS_COLUMN]}
          />
          <tbody className="divide-y divide-line">
            {members.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isYou={member.id === currentUserId}
                onlyAdmin={member.role === "admin" && adminCount <= 1}
                onRemove={() => setRemoving(member)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <RemoveDialog member={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function MemberRow({
  member,
  isYou,
  onlyAdmin,
  onRemove,
}: {
  member: TeamMember;
  isYou: boolean;
  onlyAdmin: boolean;
  onRemove: () => void;
}) {
  const { fetcher, busy } = useAdminFetcher({ key: `team-role-${member.id}` });
  const confirmDialog = useTeamConfirm(fetcher);
  const selectId = `team-role-${member.id}`;
  const hintId = `${selectId}-hint`;
  return (
    <tr className="block py-3 md:table-row md:py-0">
      <LabelledCell align="middle" label="Member" className="font-semibold text-ink">
        {member.email}
        {isYou ? <span className="font-normal text-muted"> (you)</span> : null}
        <span className="block text-xs font-normal text-muted">
          Joined <LocalTime iso={member.createdAt} />
        </span>
      </LabelledCell>
      <LabelledCell align="middle" label="Role" blocks>
        <fetcher.Form method="post" action={ACTION} className="flex items-center gap-2">
          <input type="hidden" name="intent" value="change-role" />
          <input type="hidden" name="userId" value={member.id} />
          <label htmlFor={selectId} className="sr-only">
            Role of {member.email}
          </label>
          <div className="w-32">
            <Select
              id={selectId}
              name="role"
              defaultValue={member.role}
              disabled={onlyAdmin || busy}
              aria-describedby={onlyAdmin ? hintId : undefined}
            >
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {staffRoleLabels[role]}
                </option>
              ))}
            </Select>
          </div>
          {onlyAdmin ? null : (
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              {busy ? "Saving…" : "Save"}
              <span className="sr-only"> role of {member.email}</span>
            </Button>
          )}
        </fetcher.Form>
        {onlyAdmin ? (
          <span id={hintId} className="mt-1 block text-xs text-muted">
            The only admin: make someone else an admin first.
          </span>
        ) : null}
      </LabelledCell>
      <LabelledCell align="middle" label="Two-factor">
        {member.twoFactorEnabled ? (
          <span className="inline-flex items-center gap-1 text-emerald-800">
            <ShieldCheck aria-hidden className="size-4" /> On
          </span>
        ) : (
          <span className="text-muted">Off</span>
        )}
      </LabelledCell>
      <LabelledCell align="middle" label="Last sign-in">
        {member.lastSignInAt ? <LocalTime iso={member.lastSignInAt} /> : "Not signed in"}
      </LabelledCell>
      <td className="block px-4 pt-2 md:table-cell md:py-3 md:text-right">
        <Button
          id={`team-remove-${member.id}`}
          variant="outline"
          size="sm"
          aria-haspopup="dialog"
          disabled={onlyAdmin}
          aria-describedby={onlyAdmin ? hintId : undefined}
          onClick={onRemove}
        >
          Remove<span className="sr-only"> {member.email}</span>
        </Button>
        {confirmDialog}
      </td>
    </tr>
  );
}

function RemoveDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const admin = useAdminFetcher({ key: "team-remove", onSuccess: onClose });
  const confirmDialog = useTeamConfirm(admin.fetcher);
  const shown = useShownWhileClosing(member);
  return (
    <>
      <PostConfirmDialog
        open={member !== null}
        onClose={onClose}
        title={<>Remove {shown?.email} from the team?</>}
        description="They are signed out everywhere at once and can no longer open the dashboard. Their posts stay, and the API keys they made are revoked. You can invite them again later."
        confirmLabel="Remove member"
        busyLabel="Removing…"
        action={ACTION}
        fields={{ intent: "remove", userId: shown?.id }}
        admin={admin}
        onCloseAutoFocus={(event) => {
          // Back to the row's button; once the member is gone, to the invite form.
          event.preventDefault();
          const target =
            (shown && document.getElementById(`team-remove-${shown.id}`)) ??
            document.getElementById("team-invite-email");
          target?.focus();
        }}
      />
      {confirmDialog}
    </>
  );
}

/**
 * Pending invitations: resend (a new link) or revoke. One fetcher of each for the list: the row
 * goes away with the answer (revoked, or replaced by the new invitation), its toast must still show.
 */
export function InvitationList({ invitations }: { invitations: PendingInvitation[] }) {
  const resend = useAdminFetcher({ key: "team-resend" });
  const confirmDialog = useTeamConfirm(resend.fetcher);
  const revoke = useAdminFetcher({ key: "team-revoke" });
  const resending = resend.busy ? String(resend.fetcher.formData?.get("email") ?? "") : null;
  const revoking = revoke.busy ? String(revoke.fetcher.formData?.get("id") ?? "") : null;
  return (
    <div className="mt-8">
      {confirmDialog}
      <h3 className="text-lg font-semibold text-ink">Pending invitations</h3>
      {invitations.length === 0 ? (
        <div className="mt-3 rounded-2xl border border-dashed border-line bg-white px-6 py-8 text-center">
          <Users aria-hidden className="mx-auto size-8 text-muted" />
          <p className="mt-3 text-sm text-muted">No invitations are waiting for an answer.</p>
        </div>
      ) : (
        <div className="mt-3 overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <TableHead
              caption="Pending invitations"
              columns={["E-mail", "Role", "Expires", ACTIONS_COLUMN]}
            />
            <tbody className="divide-y divide-line">
              {invitations.map((invitation) => (
                <tr key={invitation.id} className="block py-3 md:table-row md:py-0">
                  <LabelledCell align="middle" label="E-mail" className="font-semibold text-ink">
                    {invitation.email}
                    {invitation.invitedByEmail ? (
                      <span className="block text-xs font-normal text-muted">
                        by {invitation.invitedByEmail}
                      </span>
                    ) : null}
                  </LabelledCell>
                  <LabelledCell align="middle" label="Role">
                    {staffRoleLabels[invitation.role]}
                  </LabelledCell>
                  <LabelledCell align="middle" label="Expires">
                    {invitation.expired ? (
                      <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-danger">
                        Expired
                      </span>
                    ) : (
                      <LocalTime iso={invitation.expiresAt} />
                    )}
                  </LabelledCell>
                  <td className="block px-4 pt-2 md:table-cell md:py-3 md:text-right">
                    <div className="flex flex-wrap gap-2 md:justify-end">
                      <resend.fetcher.Form method="post" action={ACTION}>
                        <input type="hidden" name="intent" value="invite" />
                        <input type="hidden" name="email" value={invitation.email} />
                        <input type="hidden" name="role" value={invitation.role} />
                        <Button type="submit" variant="outline" size="sm" disabled={resend.busy}>
                          {resending === invitation.email ? "Sending…" : "Resend"}
                          <span className="sr-only"> the invitation to {invitation.email}</span>
                        </Button>
                      </resend.fetcher.Form>
                      <revoke.fetcher.Form method="post" action={ACTION}>
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="id" value={invitation.id} />
                        <Button type="submit" variant="outline" size="sm" disabled={revoke.busy}>
                          {revoking === String(invitation.id) ? "Revoking…" : "Revoke"}
                          <span className="sr-only"> the invitation to {invitation.email}</span>
                        </Button>
                      </revoke.fetcher.Form>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
