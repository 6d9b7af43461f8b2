import { data, Form, Link, useNavigation } from "react-router";
import { authErrorMessage, callAuth } from "~/auth/auth-api.server";
import { AuthCard } from "~/components/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { readPageForm } from "~/forms/payload.server";
import { type FieldErrors, fieldErrors, forgotPasswordSchema } from "~/schemas/auth";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  { title: "Reset your password | AI Solutions" },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  // A body that is no form (garbage) reads as an empty form: refused as a missing email.
  const form = await readPageForm(request);
  if (!form.ok) {
    return data(
      { sent: false, fieldErrors: {} as FieldErrors, formError: form.error },
      { status: form.status },
    );
  }
  const parsed = forgotPasswordSchema.safeParse({ email: form.values.email ?? "" });
  if (!parsed.success) {
    return data(
      { sent: false, fieldErrors: fieldErrors(parsed.error), formError: undefined },
      { status: 400 },
    );
  }
  const result = await callAuth(request, "/request-password-reset", {
    email: parsed.data.email,
    redirectTo: "/reset-password",
  });
  // The same answer whether or not the address has an account.
  if (!result.ok && result.status !== 404) {
    return data(
      { sent: false, fieldErrors: {} as FieldErrors, formError: authErrorMessage(result) },
      { status: result.status },
    );
  }
  return { sent: true, fieldErrors: {} as FieldErrors, formError: undefined };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Reset your password" description="We'll email you a link to choose a new one.">
      {actionData?.sent ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          If an account exists for that address, a reset link is on its way. It works for one hour.
        </p>
      ) : (
        <Form method="post" noValidate className="space-y-4">
          <Field
            id="email"
            name="email"
            type="email"
            label="Email"
            autoComplete="email"
            required
            error={actionData?.fieldErrors.email}
          />
          {actionData?.formError ? <Alert>{actionData.formError}</Alert> : null}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/auth" className="font-medium text-primary-strong hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
