import { KeyRound } from "lucide-react";
import type * as React from "react";
import { useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { type IntegrationField, integrationType } from "~/content/integrations";
import type { AdminIntegration } from "~/models/admin-integrations.server";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import {
  clearKey,
  type FieldPresentation,
  fieldPresentation,
  integrationConfigSchema,
  voicePositions,
} from "~/schemas/admin/integrations";

/**
 * The config fields of one integration. Ordinary fields show their stored value; a secret shows
 * only whether one is stored, and an empty secret field keeps it. The same schema as the server's
 * checks the form before it is sent.
 */
export function IntegrationConfigForm({ integration }: { integration: AdminIntegration }) {
  const type = integrationType(integration.name);
  const formRef = useRef<HTMLFormElement>(null);
  const { fetcher, busy, fieldErrors } = useAdminFetcher({
    key: `integration-config-${integration.name}`,
    // A saved secret is not kept in its field: empty again, it means "keep the stored one".
    onSuccess: () => {
      for (const input of formRef.current?.querySelectorAll("input") ?? []) {
        if (input.type === "password") input.value = "";
        if (input.type === "checkbox") input.checked = false;
      }
    },
  });
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? fieldErrors;
  const idOf = (key: string) => `integration-${integration.name}-${key}`;

  return (
    <fetcher.Form
      // A new form (showing the stored values) whenever the stored config changed; switching the
      // integration on or off leaves what is being typed alone.
      key={JSON.stringify([integration.values, integration.secretsSet])}
      ref={formRef}
      method="post"
      action="/admin/integrations"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const data = Object.fromEntries(new FormData(event.currentTarget));
        const parsed = integrationConfigSchema(integration.name, integration.secretsSet).safeParse(
          data,
        );
        if (parsed.success) {
          setClientErrors(null);
          return;
        }
        event.preventDefault();
        const found = fieldErrorsOf(parsed.error);
        setClientErrors(found);
        const first = type.fields.find((f) => found[f.key]);
        if (first) document.getElementById(idOf(first.key))?.focus();
      }}
      onChange={() => {
        if (clientErrors) setClientErrors(null);
      }}
    >
      <input type="hidden" name="intent" value="save-config" />
      <input type="hidden" name="integration" value={integration.name} />
      {type.fields.map((field) => (
        <ConfigField
          key={field.key}
          id={idOf(field.key)}
          integration={integration}
          field={field}
          error={errors[field.key]}
        />
      ))}
      <div className="flex flex-wrap items-center gap-3 pt-1">
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner label="Saving" className="size-4 text-white" /> : null}
          {busy ? "Saving…" : `Save ${type.label}`}
        </Button>
        <p className="text-xs text-muted">
          <span aria-hidden className="text-danger">
            *
          </span>{" "}
          Required
        </p>
      </div>
    </fetcher.Form>
  );
}

/** One setting's field of an integration's form. */
interface FieldProps {
  id: string;
  integration: AdminIntegration;
  field: IntegrationField;
  error?: string;
}

function ConfigField({ id, integration, field, error }: FieldProps) {
  const presentation = fieldPresentation(integration.name, field.key);
  const hint = useHint(presentation.hint);
  if (field.secret) {
    return <SecretField id={id} integration={integration} field={field} error={error} />;
  }
  const value = integration.values[field.key] ?? "";
  const aria = fieldAria(id, error, Boolean(hint));
  const common = {
    ...aria,
    name: field.key,
    defaultValue: value,
    placeholder: presentation.placeholder,
    "aria-required": field.required || undefined,
  };
  let control: React.ReactNode;
  if (field.options) {
    return (
      <FieldShell id={id} label={field.label} required={field.required} error={error} hint={hint}>
        <Select {...aria} name={field.key} defaultValue={value || field.defaultValue}>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </FieldShell>
    );
  }
  switch (presentation.input) {
    case "textarea":
      control = (
        <Textarea
          {...common}
          rows={8}
          spellCheck={false}
          className="font-mono text-xs sm:text-xs"
        />
      );
      break;
    case "position":
      control = (
        <Select {...aria} name={field.key} defaultValue={value}>
          <option value="">Default (bottom-left)</option>
          {voicePositions.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      );
      break;
    case "color":
      control = <ColorInput {...common} defaultValue={value} />;
      break;
    case "url":
    case "base-url":
      control = <Input {...common} type="url" inputMode="url" autoComplete="off" />;
      break;
    case "email":
      control = <Input {...common} type="email" autoComplete="off" />;
      break;
    case "phone":
      control = <Input {...common} type="tel" inputMode="tel" autoComplete="off" />;
      break;
    case "css-length":
      control = <Input {...common} autoComplete="off" className="max-w-40" />;
      break;
    default:
      control = <Input {...common} autoComplete="off" spellCheck={false} />;
  }
  return (
    <FieldShell id={id} label={field.label} required={field.required} error={error} hint={hint}>
      {control}
    </FieldShell>
  );
}

/** A field's help, with the site's own address in it where it names one (a webhook's URL). */
function useHint(hint: FieldPresentation["hint"]) {
  const root = useRouteLoaderData("root") as { siteUrl?: string } | undefined;
  if (typeof hint !== "function") return hint;
  return hint((root?.siteUrl ?? "").replace(/\/+$/, ""));
}

/** #rrggbb for the browser's colour picker, from a hex or rgb() colour; null for anything else. */
function toHex(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const rgb = /^rgba?\(\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})/.exec(v);
  if (!rgb) return null;
  return `#${rgb
    .slice(1, 4)
    .map((n) => Math.min(255, Number(n)).toString(16).padStart(2, "0"))
    .join("")}`;
}

/**
 * A colour as text (any CSS colour the widget accepts), with the browser's colour picker beside
 * it showing the colour in effect (the default while the field is empty).
 */
function ColorInput({
  defaultValue,
  ...props
}: React.ComponentProps<typeof Input> & { defaultValue: string }) {
  const [value, setValue] = useState(defaultValue);
  const shown = toHex(value || String(props.placeholder ?? "")) ?? "#000000";
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        aria-label={`Pick the ${String(props.name).replace(/Color$/, "")} colour`}
        title="Pick a colour"
        value={shown}
        onChange={(event) => setValue(event.target.value)}
        className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-line bg-white p-1"
      />
      <Input
        {...props}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}

function SecretField({ id, integration, field, error }: FieldProps) {
  const isSet = integration.secretsSet.includes(field.key);
  const hint = isSet
    ? "Stored values are never shown. Leave empty to keep it, or type a new one to replace it."
    : "Write-only: once saved it is never shown again.";
  return (
    <FieldShell
      id={id}
      label={field.label}
      required={field.required}
      error={error}
      hint={
        <div className="space-y-2">
          <p className="flex flex-wrap items-center gap-2">
            <span
              className={
                isSet
                  ? "inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800"
                  : "inline-flex items-center gap-1 rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-muted"
              }
            >
              <KeyRound aria-hidden className="size-3" />
              {isSet ? "•••• set" : "Not set"}
            </span>
            <span>{hint}</span>
          </p>
          {isSet && !field.required ? (
            <div className="flex items-center gap-2 text-sm text-ink">
              <Checkbox id={`${id}-clear`} name={clearKey(field.key)} value="on" className="mt-0" />
              <label htmlFor={`${id}-clear`}>Remove the stored {field.label.toLowerCase()}</label>
            </div>
          ) : null}
        </div>
      }
    >
      <Input
        {...fieldAria(id, error, true)}
        name={field.key}
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        aria-required={(field.required && !isSet) || undefined}
        placeholder={isSet ? "•••••••• (stored; type to replace)" : undefined}
        defaultValue=""
      />
    </FieldShell>
  );
}
