import { useId, useState } from "react";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { FieldShell } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { focusFirstError, formValues, postJson, useSubmissionKey } from "~/lib/forms";
import { type FieldErrors, fieldErrors } from "~/schemas/auth";
import { formMessages } from "~/schemas/form-messages";
import { consultationSchema, preferredTimes, serviceTypes } from "~/schemas/forms";
import { bindField, type FormBinding, TextField } from "./form-fields";

const texts = formMessages.consultation;

/**
 * The consultation request, on its page and in the dialog. With JavaScript it calls the JSON
 * API; before that it posts to /schedule-consultation, which answers with the page. `values`
 * and `errors` come from such a post when it was refused.
 */
export function ConsultationForm({
  values,
  errors: serverErrors,
  onSubmitted,
}: {
  values?: Record<string, string>;
  errors?: FieldErrors;
  onSubmitted?: () => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const [submissionKey, renewSubmissionKey] = useSubmissionKey();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const entered = formValues(form);
    const parsed = consultationSchema.safeParse(entered);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirstError(form, found);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await postJson<{ bookingUrl?: string }>("/api/schedule-consultation", entered);
    setBusy(false);
    if (!result.ok) {
      // The values stay as typed; only the server's field messages are added.
      if (result.body?.fieldErrors) setErrors(result.body.fieldErrors);
      void showToast({ type: "error", ...texts.failed });
      return;
    }
    form.reset();
    renewSubmissionKey();
    void showToast({ type: "success", ...texts.success });
    if (result.body?.bookingUrl) window.open(result.body.bookingUrl, "_blank", "noopener");
    onSubmitted?.();
  }

  const binding: FormBinding = { id, errors, values, busy };

  return (
    <form
      method="post"
      action="/schedule-consultation"
      noValidate
      onSubmit={submit}
      className="space-y-5"
    >
      {submissionKey ? <input type="hidden" name="submissionKey" value={submissionKey} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField form={binding} name="name" label="Name" required autoComplete="name" />
        <TextField
          form={binding}
          name="email"
          label="Email"
          required
          type="email"
          autoComplete="email"
        />
        <TextField form={binding} name="phone" label="Phone" type="tel" autoComplete="tel" />
        <TextField form={binding} name="company" label="Company" autoComplete="organization" />
        <FieldShell id={`${id}-serviceType`} label="Service of interest" error={errors.serviceType}>
          <Select {...bindField(binding, "serviceType")}>
            <option value="">Select a service</option>
            {serviceTypes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </FieldShell>
        <FieldShell id={`${id}-preferredTime`} label="Preferred time" error={errors.preferredTime}>
          <Select {...bindField(binding, "preferredTime")}>
            <option value="">Select a time</option>
            {preferredTimes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </FieldShell>
      </div>
      <FieldShell id={`${id}-message`} label="Message" error={errors.message}>
        <Textarea
          {...bindField(binding, "message")}
          rows={4}
          placeholder="Tell us about your business and what you'd like to achieve"
        />
      </FieldShell>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? "Scheduling..." : "Schedule Consultation"}
      </Button>
    </form>
  );
}
