import { CheckCircle2, Save } from "lucide-react";
import { FieldGroup, TextField } from "~/components/admin/kit/fields";
import { type PostedAnswer, useSettingsForm } from "~/components/admin/kit/use-settings-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { type ExternalLinkKey, externalLinkLabels } from "~/content/external-links";
import { MAX_REVISIONS_KEPT, MIN_REVISIONS_KEPT } from "~/content/site-defaults";
import { type SiteSettings, siteSettingsSchema } from "~/schemas/admin/settings";

const productKeys: ExternalLinkKey[] = [
  "omniconnect_app_url",
  "hiring_hub_app_url",
  "opshub_app_url",
  "studio_app_url",
];
const demoKeys: ExternalLinkKey[] = ["demo_restaurant_url", "demo_tax_url", "demo_legal_url"];

/** The Settings tab's form: site name and tagline, contact details, outbound addresses. */
export function SiteSettingsForm({
  values,
  version,
  timeZones,
  posted,
}: {
  values: Required<SiteSettings>;
  /** The version of the values shown, sent back so that a save over a newer one is refused. */
  version: number;
  /** The server's list (the browser's may differ, and the server is the one that checks). */
  timeZones: string[];
  posted?: PostedAnswer | null;
}) {
  const { fetcher, busy, errors, formRef, onSubmit } = useSettingsForm({
    key: "site-settings",
    schema: siteSettingsSchema,
    values,
    posted,
  });

  const field = (
    name: keyof SiteSettings,
    label: string,
    extra: Partial<React.ComponentProps<typeof TextField>> = {},
  ) => (
    <TextField
      id={`settings-${name}`}
      name={name}
      label={label}
      defaultValue={values[name]}
      error={errors[name]}
      required
      {...extra}
    />
  );

  const urlField = (key: ExternalLinkKey) =>
    field(key, externalLinkLabels[key], { type: "url", inputMode: "url", autoComplete: "url" });

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/admin/settings"
      noValidate
      onSubmit={onSubmit}
      className="space-y-8 rounded-2xl border border-line bg-white p-6 shadow-sm"
    >
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="version" value={version} />
      {!fetcher.data && posted ? (
        posted.ok ? (
          <p
            role="status"
            className="flex items-center gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
          >
            <CheckCircle2 aria-hidden className="size-4" />
            {posted.toast?.title}
          </p>
        ) : (
          <Alert>
            <strong>{posted.toast?.title}.</strong> {posted.toast?.description}
          </Alert>
        )
      ) : null}
      <FieldGroup title="Site" description="Shown in the header, page titles and the footer.">
        {field("siteName", "Site name", { maxLength: 80 })}
        {field("tagline", "Tagline", { maxLength: 160 })}
      </FieldGroup>
      <FieldGroup
        title="Contact"
        description="Shown in the footer, on the contact page and in the legal pages."
      >
        {field("contactEmail", "Contact email", { type: "email", autoComplete: "email" })}
        {field("contactPhone", "Phone", { type: "tel", autoComplete: "tel" })}
        <div className="sm:col-span-2">
          {field("contactAddress", "Address", { autoComplete: "address-line1" })}
        </div>
      </FieldGroup>
      <FieldGroup
        title="Publishing"
        description="How the blog schedules posts and keeps their history."
      >
        <FieldShell
          id="settings-timeZone"
          label="Time zone"
          required
          error={errors.timeZone}
          hint="Scheduled posts are entered and shown in this time zone."
        >
          <Select
            {...fieldAria("settings-timeZone", errors.timeZone, true)}
            name="timeZone"
            aria-required
            defaultValue={values.timeZone}
          >
            {(timeZones.includes(values.timeZone)
              ? timeZones
              : [values.timeZone, ...timeZones]
            ).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </Select>
        </FieldShell>
        {field("revisionsKept", "Revisions kept per post", {
          type: "number",
          inputMode: "numeric",
          min: MIN_REVISIONS_KEPT,
          max: MAX_REVISIONS_KEPT,
          step: 1,
          hint: "Older revisions are removed; the one published last is always kept.",
        })}
      </FieldGroup>
      <FieldGroup
        title="Product apps"
        description="Where the product pages and the footer send visitors who open an app."
      >
        {productKeys.map((key) => (
          <div key={key}>{urlField(key)}</div>
        ))}
      </FieldGroup>
      <FieldGroup
        title="Demo sites and booking"
        description="The demo buttons on the Demos page and the booking page offered after a consultation request."
      >
        {demoKeys.map((key) => (
          <div key={key}>{urlField(key)}</div>
        ))}
        {urlField("booking_url")}
      </FieldGroup>
      <div className="flex justify-end border-t border-line pt-6">
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4" label="Saving" /> : <Save aria-hidden />}
          {busy ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
