import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { useRevalidator, useSubmit } from "react-router";
import { CONFIRM_REASONS, useConfirmIdentity } from "~/components/admin/confirm-identity";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { browserPasskeyError, PASSKEY_FAILED, serverPasskeyError } from "~/lib/passkey-errors";
import { PASSKEY_NAME_MAX_LENGTH, passkeyNameSchema } from "~/schemas/passkeys";

/**
 * Passkeys (WebAuthn) in the browser: the account security page's list with "Add a passkey" and
 * "Remove", and the sign-in page's "Sign in with a passkey". The ceremonies talk to better-auth's
 * passkey endpoints under /api/auth/passkey directly (the browser must hold the challenge cookie).
 */

export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: string | null;
}

type Answer = { ok: boolean; status: number; body: Record<string, unknown> };

async function passkeyApi(path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`/api/auth/passkey/${path}`, {
    method: body === undefined ? "GET" : "POST",
    credentials: "same-origin",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  return {
    ok: response.ok,
    status: response.status,
    body: parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {},
  };
}

function failure(answer: Answer) {
  return serverPasskeyError(answer.status, answer.body);
}

/** Whether this browser can use passkeys; null until known (during server rendering). */
function useWebAuthnSupport() {
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  return supported;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function PasskeysSection({ passkeys }: { passkeys: PasskeyItem[] }) {
  const supported = useWebAuthnSupport();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [newName, setNewName] = useState("");
  const [renameError, setRenameError] = useState<string | undefined>();
  // A new passkey is a new way to sign in: the server asks "Confirm it's you" first.
  const stepUp = useConfirmIdentity(CONFIRM_REASONS.signIn);

  function add() {
    setError(null);
    setNotice(null);
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    stepUp.confirmThen(() => void register(parsed.data));
  }

  /** Whether the server refused for want of a recent "Confirm it's you": then it is asked. */
  function askedToConfirm(answer: Answer, retry: () => void) {
    if (answer.status !== 403 || answer.body.code !== "CONFIRMATION_REQUIRED") return false;
    stepUp.ask(retry);
    return true;
  }

  async function register(passkeyName: string) {
    setBusy("add");
    try {
      const options = await passkeyApi("generate-register-options");
      if (askedToConfirm(options, () => void register(passkeyName))) return;
      if (!options.ok) return setError(failure(options));
      let registration: Awaited<ReturnType<typeof startRegistration>>;
      try {
        registration = await startRegistration({ optionsJSON: options.body as never });
      } catch (cause) {
        return setError(browserPasskeyError(cause));
      }
      const { clientExtensionResults: _extensions, ...response } = registration;
      const verified = await passkeyApi("verify-registration", {
        response,
        name: passkeyName || undefined,
      });
      if (askedToConfirm(verified, () => void register(passkeyName))) return;
      if (!verified.ok) return setError(failure(verified));
      setName("");
      setNotice("The passkey is added. You can sign in with it from now on.");
      await revalidator.revalidate();
    } catch {
      setError(PASSKEY_FAILED);
    } finally {
      setBusy(null);
    }
  }

  async function rename(passkey: PasskeyItem) {
    setError(null);
    setNotice(null);
    const parsed = passkeyNameSchema.safeParse(newName);
    if (!parsed.success || !parsed.data) {
      setRenameError(parsed.success ? "Enter a name" : parsed.error.issues[0]?.message);
      return;
    }
    setRenameError(undefined);
    setBusy(passkey.id);
    try {
      const answer = await passkeyApi("update-passkey", { id: passkey.id, name: parsed.data });
      if (!answer.ok) return setError(failure(answer));
      setRenaming(null);
      setNotice(`The passkey is renamed to "${parsed.data}".`);
      await revalidator.revalidate();
    } catch {
      setError(PASSKEY_FAILED);
    } finally {
      setBusy(null);
    }
  }

  async function remove(passkey: PasskeyItem) {
    setError(null);
    setNotice(null);
    setBusy(passkey.id);
    try {
      const answer = await passkeyApi("delete-passkey", { id: passkey.id });
      if (!answer.ok) return setError(failure(answer));
      setNotice(`The passkey "${passkey.name}" is removed. It no longer signs you in.`);
      await revalidator.revalidate();
    } catch {
      setError(PASSKEY_FAILED);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div>
      <p className="text-sm text-muted">
        A passkey signs you in with this device's screen lock (fingerprint, face or PIN) instead of
        your password. It counts as both factors, so signing in with a passkey does not ask for a
        two-factor code.
      </p>
      {passkeys.length > 0 ? (
        <ul className="mt-4 divide-y divide-line" aria-label="Passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium">{passkey.name}</p>
                <p className="text-sm text-muted">
                  {passkey.createdAt
                    ? `Added ${dateFormat.format(new Date(passkey.createdAt))}`
                    : "Added earlier"}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  aria-label={`Rename passkey ${passkey.name}`}
                  aria-expanded={renaming === passkey.id}
                  onClick={() => {
                    setRenaming(renaming === passkey.id ? null : passkey.id);
                    setNewName(passkey.name);
                    setRenameError(undefined);
                  }}
                >
                  Rename
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  aria-label={`Remove passkey ${passkey.name}`}
                  onClick={() => void remove(passkey)}
                >
                  {busy === passkey.id && renaming !== passkey.id ? "Removing..." : "Remove"}
                </Button>
              </div>
              {renaming === passkey.id ? (
                <form
                  noValidate
                  className="w-full max-w-sm space-y-3"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void rename(passkey);
                  }}
                >
                  <Field
                    id={`rename-${passkey.id}`}
                    name="name"
                    label={`New name for ${passkey.name}`}
                    maxLength={PASSKEY_NAME_MAX_LENGTH}
                    value={newName}
                    onChange={(event) => setNewName(event.currentTarget.value)}
                    error={renameError}
                    required
                  />
                  <div className="flex gap-2">
                    <Button type="submit" size="sm" disabled={busy !== null}>
                      {busy === passkey.id ? "Saving..." : "Save name"}
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => setRenaming(null)}
                    >
                      Cancel
                    </Button>
                  </div>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm">You have no passkeys.</p>
      )}
      {supported ? (
        <form
          noValidate
          className="mt-4 max-w-sm space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <Field
            id="passkey-name"
            name="name"
            label="Name for the new passkey (optional)"
            placeholder="Work laptop"
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
          />
          <Button type="submit" disabled={busy !== null}>
            {busy === "add" ? "Waiting for your device..." : "Add a passkey"}
          </Button>
        </form>
      ) : supported === false ? (
        <p className="mt-4 text-sm text-muted">This browser cannot create passkeys.</p>
      ) : null}
      {notice ? (
        <p
          role="status"
          className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          {notice}
        </p>
      ) : null}
      {error ? <Alert className="mt-4">{error}</Alert> : null}
      {stepUp.dialog}
    </div>
  );
}

/**
 * "Sign in with a passkey" on the sign-in form; hidden when the browser lacks WebAuthn. After the
 * ceremony the session cookie is set; posting intent=passkey lets the page's action redirect like
 * after a password (to redirectTo, or to the two-factor setup an admin still needs).
 */
export function PasskeySignIn() {
  const supported = useWebAuthnSupport();
  const submit = useSubmit();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!supported) return null;

  async function signIn() {
    setError(null);
    setBusy(true);
    try {
      const options = await passkeyApi("generate-authenticate-options");
      if (!options.ok) return setError(failure(options));
      let assertion: Awaited<ReturnType<typeof startAuthentication>>;
      try {
        assertion = await startAuthentication({ optionsJSON: options.body as never });
      } catch (cause) {
        return setError(browserPasskeyError(cause));
      }
      const { clientExtensionResults: _extensions, ...response } = assertion;
      const verified = await passkeyApi("verify-authentication", { response });
      if (!verified.ok) return setError(failure(verified));
      await submit({ intent: "passkey" }, { method: "post" });
    } catch {
      setError(PASSKEY_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 space-y-3 border-t border-line pt-4">
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={busy}
        onClick={() => void signIn()}
      >
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
      <p className="text-center text-xs text-muted">
        A passkey is two factors in one, so no two-factor code is asked.
      </p>
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}
