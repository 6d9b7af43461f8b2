import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import type { BotCheckConfig } from "~/lib/bot-check";
import { focusFirstError, formValues, postJson, useSubmissionKey } from "~/lib/forms";
import { cn } from "~/lib/utils";
import type { FieldErrors } from "~/schemas/auth";
import { COMMENTS_MAX_LENGTH, EMAILS_DIFFER, formMessages } from "~/schemas/form-messages";
import { BotCheck, type BotCheckHandle } from "./bot-check";
import { bindField, type FormBinding, TextField } from "./form-fields";

const texts = formMessages.contact;

// The check (zod) loads when the visitor first turns to the form, with the bot check, not with
// the page.
const loadCheck = () => import("./contact-check");

/**
 * The contact page's message form. The bot check must pass before it is sent; a submission waits
 * for a check still running. Before JavaScript has loaded it posts to /contact; `values` and
 * `errors` come back from such a post.
 */
export function ContactForm({
  botCheck,
  values,
  errors: serverErrors,
  onSubmitted,
}: {
  botCheck: BotCheckConfig;
  values?: Record<string, string>;
  errors?: FieldErrors;
  onSubmitted?: () => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const [commentsLength, setCommentsLength] = useState(values?.comments?.length ?? 0);
  const check = useRef<BotCheckHandle>(null);
  const [submissionKey, renewSubmissionKey] = useSubmissionKey();

  /** Set from the first moment of a submission: a second click or Enter meanwhile does nothing. */
  const submitting = useRef(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      await send(event.currentTarget);
    } finally {
      submitting.current = false;
    }
  }

  async function send(form: HTMLFormElement) {
    const entered = formValues(form);
    const checking = await loadCheck().catch(() => null);
    if (!checking) {
      void showToast({ type: "error", ...texts.failed });
      return;
    }
    const found = checking.contactErrors(entered);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError(form, found);
      if (found.confirmEmail === EMAILS_DIFFER) {
        void showToast({ type: "error", ...texts.mismatch });
      }
      return;
    }
    setErrors({});
    setBusy(true);
    // A visitor quicker than the proof of work waits for it (the check says it is verifying)
    // rather than being refused.
    const botCheck = (await check.current?.token()) ?? "";
    if (!botCheck) {
      setBusy(false);
      void showToast({ type: "error", ...texts.verificationRequired });
      return;
    }
    const result = await postJson("/api/contact", { ...entered, botCheck });
    setBusy(false);
    if (result.ok) {
      form.reset();
      setCommentsLength(0);
      check.current?.reset();
      renewSubmissionKey();
      void showToast({ type: "success", ...texts.success });
      onSubmitted?.();
      return;
    }
    // Whatever went wrong, what the visitor typed stays in the form.
    const code = result.body?.code;
    if (code === "verification_required") {
      void showToast({ type: "error", ...texts.verificationRequired });
    } else if (code === "verification_failed") {
      check.current?.reset();
      void showToast({ type: "error", ...texts.verificationFailed });
    } else if (code === "validation" && result.body?.fieldErrors) {
      setErrors(result.body.fieldErrors);
      focusFirstError(form, result.body.fieldErrors);
    } else {
      void showToast({
        type: "error",
        title: texts.failed.title,
        description: result.status === 429 ? (result.body?.error ?? "") : texts.failed.description,
      });
    }
  }

  const binding: FormBinding = { id, errors, values, busy };
  const overLimit = commentsLength > COMMENTS_MAX_LENGTH;

  return (
    <form
      method="post"
      action="/contact"
      noValidate
      onSubmit={submit}
      // Fetched at the first focus, so that the first submit waits for nothing (a failure is
      // reported on submit).
      onFocus={() => void loadCheck().catch(() => undefined)}
      className="space-y-5"
    >
      {submissionKey ? <input type="hidden" name="submissionKey" value={submissionKey} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          form={binding}
          name="firstName"
          label="First name"
          required
          autoComplete="given-name"
        />
        <TextField
          form={binding}
          name="lastName"
          label="Last name"
          required
          autoComplete="family-name"
        />
        <TextField
          form={binding}
          name="email"
          label="Email"
          required
          type="email"
          autoComplete="email"
        />
        <TextField
          form={binding}
          name="confirmEmail"
          label="Confirm email"
          required
          type="email"
          autoComplete="off"
        />
      </div>
      <TextField form={binding} name="phone" label="Phone" type="tel" autoComplete="tel" />
      <FieldShell
        id={`${id}-comments`}
        label="Comments"
        required
        error={errors.comments}
        hint={
          <span className={cn(overLimit && "font-semibold text-danger")}>
            {commentsLength}/{COMMENTS_MAX_LENGTH} characters
          </span>
        }
      >
        <Textarea
          {...bindField(binding, "comments", true)}
          rows={5}
          required
          onChange={(event) => setCommentsLength(event.currentTarget.value.length)}
          placeholder="How can we help?"
        />
      </FieldShell>
      <div className="space-y-2">
        <div className="flex items-start gap-3">
          <Checkbox
            {...fieldAria(`${id}-consent`, errors.consent)}
            name="consent"
            defaultChecked={values?.consent === "on"}
            disabled={busy}
            required
          />
          <label htmlFor={`${id}-consent`} className="text-sm text-slate-700">
            I agree to the{" "}
            <Link to="/terms-of-service" className="font-semibold text-primary-strong underline">
              Terms of Service
            </Link>{" "}
            and the{" "}
            <Link to="/privacy-policy" className="font-semibold text-primary-strong underline">
              Privacy Policy
            </Link>
            , and to being contacted about my message.
            <span aria-hidden className="text-danger">
              {" "}
              *
            </span>
          </label>
        </div>
        {errors.consent ? (
          <p id={`${id}-consent-error`} className="text-sm text-danger">
            {errors.consent}
          </p>
        ) : null}
      </div>
      <BotCheck ref={check} config={botCheck} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        {busy ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
