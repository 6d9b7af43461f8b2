import { useId, useRef, useState } from "react";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { SIGNUP_WORDING, type SignupSource } from "~/newsletter/consent";
import { newsletterMessages } from "~/schemas/newsletter-messages";

// The check (zod) and the request load when the visitor first turns to the form, not with every
// page: the footer shows this form on every page.
const loadSubscribe = () => import("./newsletter-subscribe");

/**
 * Subscribe by e-mail. With JavaScript it calls the JSON API and answers with toasts; before
 * that, the form posts to /newsletter, which shows the outcome on its own page.
 */
export function NewsletterForm({
  source,
  defaultEmail,
  className,
  onSubscribed,
}: {
  /** Where the form is: the consent record keeps it. */
  source: SignupSource;
  defaultEmail?: string;
  className?: string;
  onSubscribed?: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function subscribe(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = input.current?.value ?? "";
    const subscribing = await loadSubscribe().catch(() => null);
    if (!subscribing) {
      void showToast({ type: "error", ...newsletterMessages.failed });
      return;
    }
    await subscribing.subscribeNewsletter(email, {
      source,
      invalid: () => input.current?.focus(),
      busy: setBusy,
      subscribed: () => {
        if (input.current) input.current.value = "";
        onSubscribed?.();
      },
    });
  }

  return (
    <form
      method="post"
      action="/newsletter"
      noValidate
      onSubmit={subscribe}
      // Fetched as soon as the field or the button gets the focus, so the first submit waits for
      // nothing (a failure is reported on submit).
      onFocus={() => void loadSubscribe().catch(() => undefined)}
      className={cn("flex flex-col gap-3", className)}
    >
      <input type="hidden" name="source" value={source} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </Label>
        <Input
          ref={input}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          defaultValue={defaultEmail}
          disabled={busy}
          aria-describedby={`${id}-consent`}
        />
        <Button type="submit" disabled={busy} className="shrink-0">
          {busy ? "Subscribing..." : "Subscribe"}
        </Button>
      </div>
      {/* The wording the consent record's version names (app/newsletter/consent.ts). */}
      <p id={`${id}-consent`} className="text-xs">
        {SIGNUP_WORDING}
      </p>
    </form>
  );
}
