import { CheckCircle2, Save } from "lucide-react";
import { CheckboxField, FieldGroup, TextAreaField, TextField } from "~/components/admin/kit/fields";
import { type PostedAnswer, useSettingsForm } from "~/components/admin/kit/use-settings-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import {
  DAILY_CAP_MAX,
  type NewsletterSettings,
  newsletterSettingsSchema,
  RATE_PER_SECOND_MAX,
  WELCOME_BODY_MAX,
  WELCOME_SUBJECT_MAX,
} from "~/newsletter/settings";

/**
 * The newsletter's settings: double opt-in, the welcome mail (switch, subject, text) and the
 * sending pace. A plain form post before JavaScript loads; afterwards a fetcher whose answer is a
 * toast.
 */
export function NewsletterSettingsForm({
  values,
  posted,
}: {
  values: NewsletterSettings;
  posted?: PostedAnswer | null;
}) {
  const { fetcher, busy, errors, formRef, onSubmit } = useSettingsForm({
    key: "newsletter-settings",
    schema: newsletterSettingsSchema,
    values,
    posted,
  });

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/admin/newsletter/settings"
      noValidate
      onSubmit={onSubmit}
      className="space-y-8 rounded-2xl border border-line bg-white p-6 shadow-sm"
    >
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
      <FieldGroup
        title="Sign-up"
        description="How a new address joins the list from the site's forms and the API."
      >
        <CheckboxField
          id="newsletter-doubleOptIn"
          name="doubleOptIn"
          className="sm:col-span-2"
          label="Double opt-in"
          hint="A new subscriber gets a mail with a confirmation link and receives newsletters only after following it. Recommended: it keeps mistyped and other people's addresses off the list."
          defaultChecked={values.doubleOptIn}
          error={errors.doubleOptIn}
        />
      </FieldGroup>
      <FieldGroup
        title="Welcome mail"
        description="Sent once an address is confirmed (or at once while double opt-in is off). Plain text; the unsubscribe link is added under it."
      >
        <CheckboxField
          id="newsletter-welcomeEnabled"
          name="welcomeEnabled"
          className="sm:col-span-2"
          label="Send a welcome mail"
          defaultChecked={values.welcomeEnabled}
          error={errors.welcomeEnabled}
        />
        <div className="sm:col-span-2">
          <TextField
            id="newsletter-welcomeSubject"
            name="welcomeSubject"
            label="Subject"
            required
            maxLength={WELCOME_SUBJECT_MAX}
            defaultValue={values.welcomeSubject}
            error={errors.welcomeSubject}
          />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            id="newsletter-welcomeBody"
            name="welcomeBody"
            label="Text"
            required
            rows={8}
            maxLength={WELCOME_BODY_MAX}
            defaultValue={values.welcomeBody}
            error={errors.welcomeBody}
            hint="No link to unsubscribe needed: every welcome mail ends with one."
          />
        </div>
      </FieldGroup>
      <FieldGroup
        title="Sending pace"
        description="How fast campaigns leave, for all of the site's processes together. Mail providers trust a steady pace more than a burst."
      >
        <TextField
          id="newsletter-ratePerSecond"
          name="ratePerSecond"
          label="Messages a second"
          type="number"
          inputMode="numeric"
          min={0}
          max={RATE_PER_SECOND_MAX}
          step={1}
          required
          defaultValue={values.ratePerSecond}
          error={errors.ratePerSecond}
          hint="0 sends as fast as the mail server takes them."
        />
        <TextField
          id="newsletter-dailyCap"
          name="dailyCap"
          label="Daily limit (0: none)"
          type="number"
          inputMode="numeric"
          min={0}
          max={DAILY_CAP_MAX}
          step={1}
          required
          defaultValue={values.dailyCap}
          error={errors.dailyCap}
          hint="The most campaign mails sent in a day (UTC); the rest leave the next day."
        />
      </FieldGroup>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4" label="Saving" /> : <Save aria-hidden />}
          {busy ? "Saving…" : "Save newsletter settings"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
