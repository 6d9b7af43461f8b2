import { ShieldCheck } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import { type ConfirmationRequired, confirmIdentitySchema } from "~/schemas/step-up";

const CONFIRM_URL = "/account/confirm";
const UNREACHABLE = "Could not reach the server. Check your connection and try again.";

/** Whether a guarded action answered that the admin must confirm it's them first. */
export function isConfirmationRequired(value: unknown): value is ConfirmationRequired {
  return (
    typeof value === "object" && value !== null && (value as { confirm?: unknown }).confirm === true
  );
}

interface Pending {
  twoFactor: boolean;
  then: () => void;
}

/**
 * Gives focus back to `target` once it can take it: the button that sent an action is disabled
 * while the action runs again after the dialog, so a try may fail. Tries again every 50 ms while
 * focus is nowhere (on the body), for up to 30 s; never takes it from where the user put it.
 * `now`: the first try in any case (the dialog closing, whose focus leaves with it).
 */
function focusWhenAble(target: HTMLElement, now = false) {
  const until = Date.now() + 30_000;
  const attempt = (force: boolean) => {
    if (!target.isConnected || (!force && document.activeElement !== document.body)) return;
    target.focus();
    if (document.activeElement !== target && Date.now() < until) {
      setTimeout(() => attempt(false), 50);
    }
  };
  attempt(now);
}

/** What the dialog says the action does, before it asks for the password. */
export const CONFIRM_REASONS = {
  secrets: "This gives access to every secret of the site.",
  team: "This changes who can use the dashboard.",
  signIn: "This changes how your account signs in.",
} as const;

/**
 * "Confirm it's you" before a dangerous admin action (app/auth/step-up.server.ts): `confirmThen`
 * runs the action at once while this session confirmed in the last ten minutes, otherwise opens
 * the dialog (password, and a code with two-factor sign-in) and runs it after the server accepted.
 * `ask` opens the dialog in any case: after the action answered `confirm: true` (focus goes back
 * to `returnTo` when it closes). Render `dialog`; `reason` is what it says the action does.
 */
export function useConfirmIdentity(reason: string = CONFIRM_REASONS.secrets) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const open = useCallback(
    async (then: () => void, skipIfConfirmed: boolean, returnTo?: HTMLElement | null) => {
      // Focus goes back there when the dialog closes (a busy submit button has lost it).
      returnFocus.current = returnTo ?? (document.activeElement as HTMLElement | null);
      let state = { confirmed: false, twoFactor: false };
      try {
        const response = await fetch(CONFIRM_URL, { headers: { Accept: "application/json" } });
        if (response.ok) state = await response.json();
      } catch {
        // Asked anyway: the dialog's own request says what is wrong.
      }
      if (skipIfConfirmed && state.confirmed) {
        then();
        return;
      }
      setFailure(null);
      setPending({ twoFactor: state.twoFactor, then });
    },
    [],
  );

  const confirmThen = useCallback((then: () => void) => void open(then, true), [open]);
  const ask = useCallback(
    (then: () => void, returnTo?: HTMLElement | null) => void open(then, false, returnTo),
    [open],
  );

  const dialog = (
    <Dialog
      open={pending !== null}
      onOpenChange={(next) => {
        if (!next) setPending(null);
      }}
    >
      {pending ? (
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus.current) focusWhenAble(returnFocus.current, true);
          }}
        >
          <ConfirmIdentityForm
            reason={reason}
            twoFactor={pending.twoFactor}
            failure={failure}
            onFailure={setFailure}
            onConfirmed={() => {
              const then = pending.then;
              setPending(null);
              then();
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );

  return { dialog, confirmThen, ask };
}

/**
 * For a fetcher whose action may refuse with `confirm: true` (requireRecentConfirmation): on that
 * answer, opens "Confirm it's you" and, once the server accepted, sends the same submission
 * again; focus goes back to what sent it. Answers the dialog to render (outside the fetcher's
 * form: events bubble through the portal).
 */
export function useConfirmAndRetry(fetcher: FetcherWithComponents<unknown>, reason?: string) {
  const stepUp = useConfirmIdentity(reason);
  const submission = useRef<{ formData: FormData; action: string; sender: Element | null }>(null);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const { formData, formAction, state, data } = fetcher;
  useEffect(() => {
    if (formData && formAction) {
      submission.current = { formData, action: formAction, sender: document.activeElement };
    }
  }, [formData, formAction]);
  const askToConfirm = stepUp.ask;
  // The sender is disabled while the request runs again, and loses focus then: given back once
  // that request has been answered (not at an idle render before it started), unless the user has
  // put focus somewhere else by then.
  const refocus = useRef<{ sender: HTMLElement; started: boolean }>(null);
  useEffect(() => {
    const waiting = refocus.current;
    if (state !== "idle") {
      if (waiting) waiting.started = true;
      return;
    }
    if (waiting?.started) {
      refocus.current = null;
      focusWhenAble(waiting.sender);
    }
    const sent = submission.current;
    if (!isConfirmationRequired(data) || !sent) return;
    const returnTo = sent.sender instanceof HTMLElement ? sent.sender : null;
    askToConfirm(() => {
      refocus.current = returnTo ? { sender: returnTo, started: false } : null;
      void fetcherRef.current.submit(sent.formData, { method: "post", action: sent.action });
    }, returnTo);
  }, [state, data, askToConfirm]);
  return stepUp.dialog;
}

function ConfirmIdentityForm({
  reason,
  twoFactor,
  failure,
  onFailure,
  onConfirmed,
}: {
  reason: string;
  twoFactor: boolean;
  failure: string | null;
  onFailure: (message: string | null) => void;
  onConfirmed: () => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Ids of its own: the page under the dialog may have fields of the same names (the account
  // security page's "confirm-password"), and a label must point at the dialog's input.
  const idBase = useId();
  const passwordId = `${idBase}-confirm-password`;
  const codeId = `${idBase}-confirm-code`;

  function focusField(name: string | undefined) {
    const field = name === "code" && twoFactor ? "code" : "password";
    formRef.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = confirmIdentitySchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setErrors(found);
      onFailure(null);
      focusField(Object.keys(found)[0]);
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(CONFIRM_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(values),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        ok?: boolean;
        error?: string;
        fieldErrors?: Record<string, string>;
      };
      if (response.ok && answer.ok) {
        onConfirmed();
        return;
      }
      const fields = answer.fieldErrors ?? {};
      setErrors(fields);
      onFailure(Object.keys(fields).length ? null : (answer.error ?? UNREACHABLE));
      focusField(Object.keys(fields)[0]);
    } catch {
      setErrors({});
      onFailure(UNREACHABLE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <DialogHeader className="mb-2">
        <DialogTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 text-primary-strong" />
          Confirm it's you
        </DialogTitle>
        <DialogDescription>
          {twoFactor
            ? `${reason} Enter your password and a code from your authenticator app to continue.`
            : `${reason} Enter your password to continue.`}
        </DialogDescription>
      </DialogHeader>
      {failure ? <Alert>{failure}</Alert> : null}
      <FieldShell id={passwordId} label="Password" required error={errors.password}>
        <Input
          {...fieldAria(passwordId, errors.password)}
          name="password"
          type="password"
          autoComplete="current-password"
          aria-required
          autoFocus
        />
      </FieldShell>
      {twoFactor ? (
        <FieldShell
          id={codeId}
          label="Code from your authenticator app or a backup code"
          required
          error={errors.code}
        >
          <Input
            {...fieldAria(codeId, errors.code)}
            name="code"
            autoComplete="one-time-code"
            aria-required
          />
        </FieldShell>
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4" label="Checking" /> : <ShieldCheck aria-hidden />}
          {busy ? "Checking..." : "Confirm"}
        </Button>
      </div>
    </form>
  );
}
