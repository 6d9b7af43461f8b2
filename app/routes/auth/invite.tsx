import { useState } from "react";
import { data, Form, Link, useNavigation, useParams } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { callAuth } from "~/auth/auth-api.server";
import { getCurrentUser } from "~/auth/session.server";
import { AuthCard } from "~/components/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { getDb } from "~/db/client.server";
import { readFormPayload } from "~/forms/payload.server";
import { logger } from "~/lib/logger.server";
import { redirectWithToast } from "~/lib/toast.server";
import { giveVerifiedPassword } from "~/models/admin-account.server";
import { getSettingsMap, siteNameFrom } from "~/models/site.server";
import {
  acceptInvitation,
  claimInvitation,
  findInvitation,
  type Invitation,
  unclaimInvitation,
} from "~/models/team.server";
import { invitationPasswordSchema, staffRoleLabels } from "~/schemas/admin/team";
import { type FieldErrors, fieldErrors } from "~/schemas/auth";
import type { Route } from "./+types/invite";

/**
 * /invite/<token>: the link of a staff invitation. Without an account at the address (or with
 * only an unverified one) the invitee chooses a password; with a verified account they sign in
 * first and accept. The invitation is claimed first (one atomic update), so a link works once.
 */

export const meta: Route.MetaFunction = () => [
  { title: "Join the team | AI Solutions" },
  { name: "robots", content: "noindex" },
];

const GONE = 410;

type PageState =
  | { state: "invalid"; siteName: string }
  | {
      state: "new" | "sign-in" | "accept" | "other-account";
      siteName: string;
      email: string;
      role: string;
      invitedBy: string | null;
      signedInAs: string | null;
    };

async function verifiedAccountAt(email: string) {
  const ctx = await getAuth().$context;
  const found = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  return found?.user.emailVerified ? found.user : null;
}

async function pageState(request: Request, token: string): Promise<PageState> {
  const siteName = siteNameFrom(await getSettingsMap());
  const invitation = await findInvitation(getDb(), token);
  if (!invitation) return { state: "invalid", siteName };
  const [user, account] = await Promise.all([
    getCurrentUser(request),
    verifiedAccountAt(invitation.email),
  ]);
  const signedInAs = user?.email ?? null;
  const base = {
    siteName,
    email: invitation.email,
    role: staffRoleLabels[invitation.role],
    invitedBy: invitation.invitedByEmail,
    signedInAs,
  };
  if (!account) return { state: "new", ...base };
  if (!user) return { state: "sign-in", ...base };
  if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
    return { state: "other-account", ...base };
  }
  return { state: "accept", ...base };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await pageState(request, params.token);
  // Never shared by the page cache: the page changes once the link is used or revoked.
  return data(page, {
    status: page.state === "invalid" ? GONE : 200,
    headers: { "Cache-Control": "no-store" },
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

type ActionResult = { fieldErrors?: FieldErrors; formError?: string };

function refuse(status: number, formError: string, errors?: FieldErrors) {
  return data<ActionResult>({ formError, fieldErrors: errors }, { status });
}

const NO_LONGER_VALID = "This invitation link is no longer valid.";

export async function action({ request, params }: Route.ActionArgs) {
  const db = getDb();
  const invitation = await findInvitation(db, params.token);
  if (!invitation) return refuse(GONE, NO_LONGER_VALID);
  const payload = await readFormPayload(request);
  if (!payload.ok) return refuse(payload.status, payload.body.error);

  const account = await verifiedAccountAt(invitation.email);
  if (account) {
    // A verified account accepts only while signed in as itself.
    const user = await getCurrentUser(request);
    if (!user || user.email.toLowerCase() !== invitation.email.toLowerCase()) {
      return refuse(403, `Sign in as ${invitation.email} to accept this invitation.`);
    }
    const claimed = await claimInvitation(db, params.token);
    if (!claimed) return refuse(GONE, NO_LONGER_VALID);
    await acceptInvitation(db, claimed, { id: user.id, email: user.email });
    return redirectWithToast("/admin", {
      title: "Welcome to the team",
      description: `You joined as ${staffRoleLabels[claimed.role].toLowerCase()}.`,
    });
  }

  const parsed = invitationPasswordSchema.safeParse({ password: payload.values.password ?? "" });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return refuse(400, errors.password ?? "Choose a password.", errors);
  }
  const claimed = await claimInvitation(db, params.token);
  if (!claimed) return refuse(GONE, NO_LONGER_VALID);
  try {
    const userId = await createStaffAccount(claimed, parsed.data.password);
    await acceptInvitation(db, claimed, { id: userId, email: claimed.email });
  } catch (error) {
    // The link works again: nothing was made that it could not make once more.
    await unclaimInvitation(db, claimed.id).catch(() => undefined);
    logger.error({ err: error, invitation: claimed.id }, "could not accept a staff invitation");
    return refuse(500, "Something went wrong on our side. Please try again.");
  }

  const signIn = await callAuth(request, "/sign-in/email", {
    email: claimed.email,
    password: parsed.data.password,
  });
  if (!signIn.ok) {
    // The account exists (a sign-in limit may have refused): sign in by hand.
    return redirectWithToast("/auth?redirectTo=/admin", {
      title: "Your account is ready",
      description: "Sign in with your new password.",
    });
  }
  const headers = new Headers();
  for (const cookie of signIn.cookies) headers.append("Set-Cookie", cookie);
  return redirectWithToast(
    "/admin",
    {
      title: "Welcome to the team",
      description: `You joined as ${staffRoleLabels[claimed.role].toLowerCase()}.`,
    },
    { headers },
  );
}

/**
 * A verified account with this password, made the way `npm run admin -- create` makes one. An
 * unverified account already at the address (anyone can sign up with any address) gets the new
 * password and loses its sessions: whoever registered it first cannot sign in to the staff account.
 */
async function createStaffAccount(invitation: Invitation, password: string): Promise<string> {
  const ctx = await getAuth().$context;
  const existing = await ctx.internalAdapter.findUserByEmail(invitation.email, {
    includeAccounts: true,
  });
  const passwordHash = await ctx.password.hash(password);
  return giveVerifiedPassword(ctx, existing, invitation.email, passwordHash, "invitation");
}

export default function InvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const { token = "" } = useParams();
  if (page.state === "invalid") {
    return (
      <AuthCard title="Invitation not valid" description={`Joining the ${page.siteName} team`}>
        <Alert>
          This invitation link is no longer valid. It may have been used already, revoked, or
          replaced by a newer one, or its 7 days are over. Ask the admin who invited you to send a
          new invitation.
        </Alert>
        <p className="mt-4 text-center text-sm">
          <Link to="/auth" className="font-semibold text-primary-strong hover:underline">
            Sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  const intro = `${page.invitedBy ?? "An admin"} invited ${page.email} to join the ${page.siteName} team as ${page.role.toLowerCase()}.`;
  return (
    <AuthCard title="Join the team" description={intro}>
      {page.state === "new" ? (
        <NewAccountForm email={page.email} result={actionData} />
      ) : page.state === "accept" ? (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="accept" />
          {actionData?.formError ? <Alert>{actionData.formError}</Alert> : null}
          <AcceptButton />
        </Form>
      ) : page.state === "other-account" ? (
        <Alert>
          You are signed in as {page.signedInAs}. This invitation is for {page.email}:{" "}
          <a href="/sign-out" className="font-semibold underline">
            sign out
          </a>{" "}
          and sign in as {page.email} to accept it.
        </Alert>
      ) : (
        <div className="space-y-4 text-center">
          <p className="text-sm text-muted">
            There is already an account with this address. Sign in to accept the invitation.
          </p>
          <Button asChild className="w-full">
            <Link to={`/auth?redirectTo=${encodeURIComponent(`/invite/${token}`)}`}>
              Sign in to accept
            </Link>
          </Button>
        </div>
      )}
    </AuthCard>
  );
}

function AcceptButton() {
  const busy = useNavigation().state === "submitting";
  return (
    <Button type="submit" className="w-full" disabled={busy}>
      {busy ? "Accepting..." : "Accept invitation"}
    </Button>
  );
}

function NewAccountForm({ email, result }: { email: string; result?: ActionResult }) {
  const busy = useNavigation().state === "submitting";
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const errors = { ...result?.fieldErrors, ...clientErrors };
  return (
    <Form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const parsed = invitationPasswordSchema.safeParse(
          Object.fromEntries(new FormData(event.currentTarget)),
        );
        if (parsed.success) {
          setClientErrors({});
          return;
        }
        event.preventDefault();
        setClientErrors(fieldErrors(parsed.error));
        document.getElementById("invite-password")?.focus();
      }}
    >
      <input type="hidden" name="intent" value="create" />
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      <Field
        id="invite-password"
        name="password"
        type="password"
        label="Choose a password"
        autoComplete="new-password"
        required
        minLength={6}
        error={errors.password}
      />
      {result?.formError && !result.fieldErrors?.password ? (
        <Alert>{result.formError}</Alert>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Creating account..." : "Create account and join"}
      </Button>
    </Form>
  );
}
