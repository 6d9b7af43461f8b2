import { Fingerprint, KeyRound, Laptop, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { loadSecurityPage, securityAction } from "~/auth/security.server";
import { ChangePassword } from "~/components/account/change-password";
import { PasskeysSection } from "~/components/account/passkeys";
import { SecuritySection } from "~/components/account/security-section";
import { SessionsList } from "~/components/account/sessions";
import { TwoFactorSection } from "~/components/account/two-factor";
import { Alert } from "~/components/ui/alert";
import { type SecurityActionResult, TWO_FACTOR_SETUP_MESSAGE } from "~/schemas/account-security";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = () => [
  { title: "Account security | AI Solutions" },
  { name: "robots", content: "noindex" },
];

/** The page's data and its seven intents live in app/auth/security.server.ts. */
export async function loader({ request }: Route.LoaderArgs) {
  return loadSecurityPage(request);
}

export async function action({ request }: Route.ActionArgs) {
  return securityAction(request);
}

export default function AccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as SecurityActionResult | undefined;
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

      <SecuritySection
        id="two-factor"
        title="Two-factor sign-in"
        icon={<ShieldCheck aria-hidden className="size-5 text-primary-strong" />}
      >
        <TwoFactorSection enabled={loaderData.twoFactorEnabled} result={result} />
      </SecuritySection>

      <SecuritySection
        id="passkeys"
        title="Passkeys"
        icon={<Fingerprint aria-hidden className="size-5 text-primary-strong" />}
      >
        <PasskeysSection passkeys={loaderData.passkeys} />
      </SecuritySection>

      <SecuritySection
        id="sessions"
        title="Where you are signed in"
        icon={<Laptop aria-hidden className="size-5 text-primary-strong" />}
      >
        <SessionsList sessions={loaderData.sessions} result={result} />
      </SecuritySection>

      <SecuritySection
        id="password"
        title="Change password"
        icon={<KeyRound aria-hidden className="size-5 text-primary-strong" />}
      >
        <p className="mb-4 text-sm text-muted">
          Changing your password signs you out everywhere else.
        </p>
        <ChangePassword result={result} />
      </SecuritySection>
    </div>
  );
}

const TWO_FACTOR_SETUP_NOTICE = `${TWO_FACTOR_SETUP_MESSAGE} The site's settings require it for every admin.`;
