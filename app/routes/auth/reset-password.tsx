import { data, Form, Link, useNavigation } from "react-router";
import { authErrorMessage, callAuth } from "~/auth/auth-api.server";
import { AuthCard } from "~/components/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { readPageForm } from "~/forms/payload.server";
import { redirectWithToast } from "~/lib/toast.server";
import { type FieldErrors, fieldErrors, resetPasswordSchema } from "~/schemas/auth";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | AI Solutions" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", linkError: url.searchParams.has("error") };
}

export async function action({ request }: Route.ActionArgs) {
  // A body that is no form (garbage) reads as an empty form: refused as incomplete.
  const form = await readPageForm(request);
  if (!form.ok) {
    return data({ fieldErrors: {} as FieldErrors, formError: form.error }, { status: form.status });
  }
  const parsed = resetPasswordSchema.safeParse({
    token: form.values.token ?? "",
    password: form.values.password ?? "",
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data({ fieldErrors: errors, formError: errors.token }, { status: 400 });
  }
  const result = await callAuth(request, "/reset-password", {
    newPassword: parsed.data.password,
    token: parsed.data.token,
  });
  if (!result.ok) {
    return data(
      { fieldErrors: {} as FieldErrors, formError: authErrorMessage(result) },
      { status: result.status },
    );
  }
  return redirectWithToast("/auth", {
    title: "Password updated",
    description: "Sign in with your new password.",
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const broken = loaderData.linkError || !loaderData.token;
  return (
    <AuthCard title="Choose a new password" description="At least 6 characters.">
      {broken ? (
        <Alert>
          This reset link is invalid or has expired.{" "}
          <Link to="/forgot-password" className="font-semibold underline">
            Request a new one
          </Link>
          .
        </Alert>
      ) : (
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <Field
            id="password"
            name="password"
            type="password"
            label="New password"
            autoComplete="new-password"
            required
            minLength={6}
            error={actionData?.fieldErrors.password}
          />
          {actionData?.formError ? <Alert>{actionData.formError}</Alert> : null}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Saving..." : "Save new password"}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
