import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { hasTwoFactorChallenge } from "~/auth/account-security.server";
import { authErrorMessage, callAuth } from "~/auth/auth-api.server";
import { getCurrentUser, safeRedirectTarget } from "~/auth/session.server";
import { AuthCard } from "~/components/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { readFormPayload } from "~/forms/payload.server";
import { redirectWithToast } from "~/lib/toast.server";
import { twoFactorSignInSchema } from "~/schemas/account-security";
import { fieldErrors } from "~/schemas/auth";
import type { Route } from "./+types/two-factor";

/**
 * The second step of signing in with two-factor sign-in on: a code from the authenticator app,
 * or one of the backup codes. The password step left a short-lived challenge cookie.
 */

export const meta: Route.MetaFunction = () => [
  { title: "Two-factor sign-in | AI Solutions" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getCurrentUser(request)) throw redirect("/");
  const redirectTo = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
  return {
    expired: !hasTwoFactorChallenge(request),
    signInAgain: `/auth?${new URLSearchParams({ redirectTo })}`,
  };
}

type Method = "totp" | "backup";
type ActionResult = { method: Method; error?: string; expired?: boolean };

export async function action({ request }: Route.ActionArgs) {
  const payload = await readFormPayload(request);
  if (!payload.ok) {
    return data<ActionResult>({ method: "totp", error: payload.body.error }, payload.status);
  }
  const method: Method = payload.values.method === "backup" ? "backup" : "totp";
  const parsed = twoFactorSignInSchema.safeParse({ ...payload.values, method });
  if (!parsed.success) {
    return data<ActionResult>(
      { method, error: fieldErrors(parsed.error).code ?? "Enter a code" },
      { status: 400 },
    );
  }
  const endpoint =
    method === "backup" ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp";
  const result = await callAuth(request, endpoint, { code: parsed.data.code });
  if (!result.ok) {
    const code = result.body.code;
    const expired =
      code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE";
    return data<ActionResult>(
      { method, error: authErrorMessage(result), expired },
      { status: Math.min(result.status, 500) },
    );
  }
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  const target = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
  return redirectWithToast(
    target,
    { title: "Signed in successfully", description: "Welcome back!" },
    { headers },
  );
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const method: Method =
    (actionData?.method ?? searchParams.get("method")) === "backup" ? "backup" : "totp";
  const expired = loaderData.expired || actionData?.expired;
  const { signInAgain } = loaderData;

  if (loaderData.expired) {
    return (
      <AuthCard title="Two-factor sign-in" description="Your sign-in has expired.">
        <p className="text-sm">
          Please sign in again with your email and password.{" "}
          <Link to={signInAgain} className="font-medium text-primary-strong hover:underline">
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }

  const methodLink = (next: Method) => {
    const params = new URLSearchParams(searchParams);
    params.set("method", next);
    return `?${params}`;
  };

  return (
    <AuthCard
      title="Two-factor sign-in"
      description={
        method === "totp"
          ? "Enter the 6-digit code from your authenticator app"
          : "Enter one of the backup codes you saved when you turned on two-factor sign-in"
      }
    >
      <Form method="post" noValidate className="space-y-4" key={method}>
        <input type="hidden" name="method" value={method} />
        {method === "totp" ? (
          <Field
            id="code"
            name="code"
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={8}
            autoFocus
            required
            error={actionData?.method === "totp" && !expired ? actionData.error : undefined}
          />
        ) : (
          <Field
            id="code"
            name="code"
            label="Backup code"
            autoComplete="off"
            spellCheck={false}
            maxLength={12}
            autoFocus
            required
            error={actionData?.method === "backup" && !expired ? actionData.error : undefined}
          />
        )}
        {expired && actionData?.error ? (
          <Alert>
            {actionData.error}{" "}
            <Link to={signInAgain} className="font-medium underline">
              Back to sign in
            </Link>
          </Alert>
        ) : null}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Checking..." : "Verify"}
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link
          to={methodLink(method === "totp" ? "backup" : "totp")}
          replace
          className="font-medium text-primary-strong hover:underline"
        >
          {method === "totp"
            ? "Use a backup code instead"
            : "Use a code from your authenticator app"}
        </Link>
      </p>
    </AuthCard>
  );
}
