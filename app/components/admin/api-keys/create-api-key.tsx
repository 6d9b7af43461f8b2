import { Check, Copy, KeyRound, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { isConfirmationRequired, useConfirmIdentity } from "~/components/admin/confirm-identity";
import { TextField } from "~/components/admin/kit/fields";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { API_KEY_NAME_MAX, apiKeyCreateSchema } from "~/schemas/admin/api-keys";

interface CreatedKey {
  key: string;
  name: string;
}

/** The form that makes a key, and the new key itself, shown this once with a copy button. */
export function CreateApiKey({ noScriptKey }: { noScriptKey: CreatedKey | null }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [created, setCreated] = useState<CreatedKey | null>(noScriptKey);
  const [clientError, setClientError] = useState<string | null>(null);
  const { fetcher, busy, fieldErrors } = useAdminFetcher<{
    ok: boolean;
    result?: CreatedKey;
    fieldErrors?: Record<string, string>;
  }>({
    key: "api-key-create",
    onSuccess: (data) => {
      if (data.result) setCreated(data.result);
      formRef.current?.reset();
    },
  });
  const error = clientError ?? fieldErrors.name;
  // A key acts for an admin until revoked: the server asks the admin to confirm it's them first.
  const stepUp = useConfirmIdentity();
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const askToConfirm = stepUp.ask;
  useEffect(() => {
    if (fetcher.state !== "idle" || !isConfirmationRequired(fetcher.data)) return;
    askToConfirm(() => {
      if (formRef.current) void fetcherRef.current.submit(formRef.current);
    }, formRef.current?.querySelector<HTMLElement>('button[type="submit"]'));
  }, [fetcher.state, fetcher.data, askToConfirm]);

  return (
    <div className="space-y-4">
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/admin/api-keys"
        noValidate
        className="rounded-2xl border border-line bg-white p-5 shadow-sm"
        onSubmit={(event) => {
          const parsed = apiKeyCreateSchema.safeParse(
            Object.fromEntries(new FormData(event.currentTarget)),
          );
          if (parsed.success) {
            setClientError(null);
            return;
          }
          event.preventDefault();
          setClientError(parsed.error.issues[0]?.message ?? "Give the key a name.");
          document.getElementById("api-key-name")?.focus();
        }}
      >
        <input type="hidden" name="intent" value="create" />
        <h3 className="text-base font-semibold text-ink">Create a key</h3>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <TextField
              id="api-key-name"
              label="Key name"
              required
              error={error}
              hint="What will use it, e.g. “Blog publisher”."
              name="name"
              maxLength={API_KEY_NAME_MAX}
              autoComplete="off"
              onChange={() => setClientError(null)}
            />
          </div>
          <Button type="submit" disabled={busy} className="sm:mt-7">
            {busy ? (
              <Spinner label="Creating" className="size-4 text-white" />
            ) : (
              <KeyRound aria-hidden />
            )}
            {busy ? "Creating…" : "Create key"}
          </Button>
        </div>
      </fetcher.Form>
      {created ? <NewKeyPanel created={created} onDone={() => setCreated(null)} /> : null}
      {stepUp.dialog}
    </div>
  );
}

function NewKeyPanel({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      void showToast({ type: "success", title: "API key copied to clipboard" });
    } catch {
      // No clipboard access (an insecure page, a denied permission): select it for Ctrl+C.
      inputRef.current?.select();
      void showToast({
        type: "error",
        title: "Could not copy the key",
        description: "It is selected: copy it with Ctrl+C or ⌘C.",
      });
    }
  }

  return (
    <section
      ref={panelRef}
      tabIndex={-1}
      aria-labelledby="new-api-key-heading"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 focus:outline-none"
    >
      <h3 id="new-api-key-heading" className="text-base font-semibold text-ink">
        New key “{created.name}”
      </h3>
      <p className="mt-1 flex items-start gap-2 text-sm text-amber-900">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          Copy this key now and keep it somewhere safe. It will not be shown again: the site stores
          only a fingerprint of it.
        </span>
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="new-api-key" className="sr-only">
          The new API key
        </label>
        <Input
          ref={inputRef}
          id="new-api-key"
          readOnly
          value={created.key}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-sm"
        />
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Copied" : "Copy key"}
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
