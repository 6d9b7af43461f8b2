import { useId, useRef, useState } from "react";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { newsletterMessages } from "~/schemas/newsletter-messages";

/**
 * Subscribe by e-mail. With JavaScript it calls the JSON API and answers with toasts; before
 * that, the form posts to /newsletter, which shows the outcome on its own page.
 */
export function NewsletterForm({
  defaultEmail,
  className,
  onSubscribed,
}: {
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
    // The check and the request load on the first submit instead of with every page.
    const subscribing = await import("./newsletter-subscribe").catch(() => null);
    if (!subscribing) {
      void showToast({ type: "error", ...newsletterMessages.failed });
      return;
    }
    await subscribing.subscribeNewsletter(email, {
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
      className={cn("flex flex-col gap-3 sm:flex-row", className)}
    >
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
      />
      <Button type="submit" disabled={busy} className="shrink-0">
        {busy ? "Subscribing..." : "Subscribe"}
      </Button>
    </form>
  );
}
