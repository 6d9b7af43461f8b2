import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { changePasswordSchema, type SecurityActionResult } from "~/schemas/account-security";
import { type FieldErrors, fieldErrors } from "~/schemas/auth";
import { SecurityStatus } from "./security-section";

/** "Change password": checked in the browser first, then by the page's action. */
export function ChangePassword({ result }: { result: SecurityActionResult | undefined }) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const mine = result?.intent === "change-password" ? result : undefined;
  const errors = { ...mine?.fieldErrors, ...clientErrors };
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";
  return (
    <Form
      method="post"
      noValidate
      className="max-w-sm space-y-3"
      key={mine?.ok ? "done" : "form"}
      onSubmit={(event) => {
        const parsed = changePasswordSchema.safeParse(
          Object.fromEntries(new FormData(event.currentTarget)),
        );
        if (!parsed.success) {
          event.preventDefault();
          setClientErrors(fieldErrors(parsed.error));
        } else {
          setClientErrors({});
        }
      }}
    >
      <input type="hidden" name="intent" value="change-password" />
      <Field
        id="current-password"
        name="currentPassword"
        type="password"
        label="Current password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
      />
      <Field
        id="new-password"
        name="newPassword"
        type="password"
        label="New password"
        autoComplete="new-password"
        required
        error={errors.newPassword}
      />
      <Field
        id="confirm-password"
        name="confirmPassword"
        type="password"
        label="Repeat the new password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Changing..." : "Change password"}
      </Button>
      <SecurityStatus result={mine} />
    </Form>
  );
}
