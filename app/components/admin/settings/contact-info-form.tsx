import { EditorDialogActions } from "~/components/admin/kit/editor-dialog";
import { FieldGroup, TextField } from "~/components/admin/kit/fields";
import { useFieldValues } from "~/components/admin/kit/use-field-values";
import { businessDays, dayLabel, socialNetworks } from "~/content/site-defaults";
import { type ContactInfo, contactInfoSchema } from "~/schemas/admin/settings";
import { useDialogSave } from "./use-dialog-save";

type TextKey = Exclude<keyof ContactInfo, "businessHours" | "socialMedia">;

export function ContactInfoForm({
  initial,
  version,
  close,
}: {
  initial: ContactInfo;
  version: number;
  close: () => void;
}) {
  const { save, busy, errors, formRef } = useDialogSave(
    "contact-info",
    contactInfoSchema,
    close,
    version,
  );
  const { values, setValues, bind } = useFieldValues("contact", initial, errors);

  const field = (
    name: TextKey,
    label: string,
    extra: {
      type?: string;
      required?: boolean;
      hint?: string;
      wide?: boolean;
      autoComplete?: string;
    } = {},
  ) => (
    <div className={extra.wide ? "sm:col-span-2" : undefined}>
      <TextField
        {...bind(name)}
        label={label}
        type={extra.type}
        required={extra.required}
        hint={extra.hint}
        autoComplete={extra.autoComplete}
      />
    </div>
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save(values);
      }}
      className="space-y-8"
    >
      <FieldGroup
        title="Reaching us"
        description="The contact page shows these (the optional ones when filled in); the footer shows the email and phone."
      >
        {field("email", "Email", { type: "email", required: true })}
        {field("phone", "Phone", { type: "tel", required: true })}
        {field("alternatePhone", "Alternate phone", { type: "tel" })}
        {field("emergencyContact", "Emergency contact", {
          hint: "A number or address for urgent matters; shown on the contact page when set.",
        })}
        {field("supportEmail", "Support email", { type: "email", required: true })}
        {field("salesEmail", "Sales email", {
          type: "email",
          required: true,
          hint: "Consultation requests and contact messages are mailed here.",
        })}
        {field("website", "Website", {
          type: "url",
          wide: true,
          hint: "Another site of yours to link from the contact page, such as a company homepage.",
        })}
      </FieldGroup>

      <FieldGroup title="Address">
        {field("address", "Address", { required: true, wide: true })}
        {field("city", "City", { required: true })}
        {field("state", "State", { required: true })}
        {field("zipCode", "ZIP code", { required: true })}
        {field("country", "Country", { required: true })}
      </FieldGroup>

      <fieldset>
        <legend className="text-base font-semibold text-ink">Business hours</legend>
        <p className="mt-1 text-sm text-muted">
          For example 9:00 AM – 6:00 PM, or Closed. On the contact page, weekdays with the same
          hours share a line.
        </p>
        <div className="mt-4 grid gap-x-4 gap-y-3 sm:grid-cols-2">
          {businessDays.map((day) => (
            <TextField
              key={day}
              id={`contact-hours-${day}`}
              label={dayLabel(day)}
              required
              value={values.businessHours[day]}
              onValue={(value) =>
                setValues((current) => ({
                  ...current,
                  businessHours: { ...current.businessHours, [day]: value },
                }))
              }
              error={errors[`businessHours.${day}`]}
            />
          ))}
        </div>
      </fieldset>

      <FieldGroup
        title="Social media"
        description="Full page addresses; the contact page links to the ones you fill in."
      >
        {socialNetworks.map((network) => (
          <TextField
            key={network.id}
            id={`contact-social-${network.id}`}
            label={network.label}
            type="url"
            placeholder="https://"
            value={values.socialMedia[network.id]}
            onValue={(value) =>
              setValues((current) => ({
                ...current,
                socialMedia: { ...current.socialMedia, [network.id]: value },
              }))
            }
            error={errors[`socialMedia.${network.id}`]}
          />
        ))}
      </FieldGroup>
      <EditorDialogActions busy={busy} onCancel={close} saveLabel="Save Contact Info" />
    </form>
  );
}
