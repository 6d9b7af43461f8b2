import { Save, ShieldCheck } from "lucide-react";
import { CheckboxField } from "~/components/admin/kit/fields";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

/** The Settings tab's "Require two-factor sign-in for admins" switch. */
export function TwoFactorSetting({ required }: { required: boolean }) {
  const { fetcher, busy } = useAdminFetcher({ key: "admin-two-factor" });
  return (
    <section
      aria-labelledby="admin-two-factor-heading"
      className="mt-8 rounded-2xl border border-line bg-white p-6 shadow-sm"
    >
      <h3 id="admin-two-factor-heading" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck aria-hidden className="size-5 text-primary-strong" />
        Sign-in security
      </h3>
      <fetcher.Form method="post" action="/admin/settings" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="admin-two-factor" />
        <CheckboxField
          id="admin-two-factor-required"
          name="required"
          value="on"
          defaultChecked={required}
          label="Require two-factor sign-in for admins"
          hint="An admin without it is asked to set it up (on the account security page) before the dashboard opens, yourself included."
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner className="size-4" label="Saving" /> : <Save aria-hidden />}
            {busy ? "Saving..." : "Save Sign-in Security"}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
