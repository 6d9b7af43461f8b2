import { ImageUp, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { EditorDialogActions } from "~/components/admin/kit/editor-dialog";
import { TextAreaField, TextField } from "~/components/admin/kit/fields";
import { useFieldValues } from "~/components/admin/kit/use-field-values";
import { uploadMedia } from "~/components/admin/media-upload";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { type Branding, brandingSchema } from "~/schemas/admin/settings";
import { useDialogSave } from "./use-dialog-save";

const HEX6 = /^#[0-9a-f]{6}$/i;

/** A colour: the browser's colour picker and the hex code as text, kept in step. */
function ColourField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  // While the code is being typed (or is wrong) the picker keeps the last valid colour.
  const lastValid = useRef(HEX6.test(value) ? value : "#000000");
  if (HEX6.test(value)) lastValid.current = value;
  const swatch = lastValid.current;
  return (
    <FieldShell id={id} label={label} required error={error}>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={swatch.toLowerCase()}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-14 shrink-0 cursor-pointer rounded-lg border border-line bg-white p-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
        />
        <Input
          {...fieldAria(id, error)}
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          className="font-mono uppercase"
          onChange={(event) => onChange(event.target.value.trim())}
        />
      </div>
    </FieldShell>
  );
}

function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="mt-3">
      <div
        role="progressbar"
        aria-label="Logo upload"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-surface ring-1 ring-line"
      >
        <div
          className="h-full rounded-full bg-primary transition-all"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-muted">Uploading… {percent}%</p>
    </div>
  );
}

export function BrandingForm({
  initial,
  version,
  close,
}: {
  initial: Branding;
  version: number;
  close: () => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { save, busy, errors, formRef } = useDialogSave("branding", brandingSchema, close, version);
  const { values, setValues, set, bind } = useFieldValues("branding", initial, errors);

  async function upload(file: File) {
    setProgress(0);
    try {
      const uploaded = await uploadMedia(file, { onProgress: setProgress });
      setValues((current) => ({ ...current, logoUrl: uploaded.url }));
      void showToast({
        type: "success",
        title: "Logo Uploaded",
        description: "New logo has been uploaded successfully.",
      });
    } catch (error) {
      void showToast({
        type: "error",
        title: "Failed to upload file",
        description: error instanceof Error ? error.message : "The upload did not finish.",
      });
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  const previewStyle = {
    "--preview-primary": HEX6.test(values.primaryColor)
      ? values.primaryColor
      : initial.primaryColor,
    "--preview-accent": HEX6.test(values.accentColor) ? values.accentColor : initial.accentColor,
  } as React.CSSProperties;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save(values);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...bind("siteName")} label="Site name" required maxLength={80} />
        <TextField {...bind("tagline")} label="Tagline" required maxLength={160} />
      </div>

      <div className="mt-4">
        <FieldShell
          id="branding-logoUrl"
          label="Logo URL"
          error={errors.logoUrl}
          hint="Shown in the header and footer instead of the built-in mark. Square images look best."
        >
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="grid size-12 shrink-0 place-items-center overflow-hidden rounded-lg border border-line bg-surface">
              {values.logoUrl ? (
                <img src={values.logoUrl} alt="Logo preview" className="size-full object-contain" />
              ) : (
                <span className="text-xs text-muted">None</span>
              )}
            </div>
            <Input
              {...fieldAria("branding-logoUrl", errors.logoUrl, true)}
              type="url"
              inputMode="url"
              placeholder="https://… or /media/…"
              value={values.logoUrl}
              onChange={(event) => set("logoUrl")(event.target.value)}
            />
            <div className="flex shrink-0 gap-2">
              <Button
                type="button"
                variant="outline"
                disabled={progress !== null}
                onClick={() => fileInput.current?.click()}
              >
                <ImageUp aria-hidden />
                Upload
              </Button>
              {values.logoUrl ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label="Remove logo"
                  onClick={() => set("logoUrl")("")}
                >
                  <Trash2 aria-hidden />
                </Button>
              ) : null}
            </div>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          </div>
        </FieldShell>
        {progress !== null ? <UploadProgress fraction={progress} /> : null}
      </div>

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <ColourField
          id="branding-primaryColor"
          label="Primary colour"
          value={values.primaryColor}
          onChange={set("primaryColor")}
          error={errors.primaryColor}
        />
        <ColourField
          id="branding-accentColor"
          label="Accent colour"
          value={values.accentColor}
          onChange={set("accentColor")}
          error={errors.accentColor}
        />
      </div>
      <div
        style={previewStyle}
        className="mt-4 flex flex-wrap items-center gap-4 rounded-xl border border-line bg-surface p-4"
      >
        <span className="text-xs font-semibold uppercase tracking-wider text-muted">Preview</span>
        <span className="rounded-lg bg-[color-mix(in_oklab,var(--preview-primary)_78%,black)] px-3 py-1.5 text-sm font-semibold text-white">
          Button
        </span>
        <span className="text-sm font-semibold text-[color-mix(in_oklab,var(--preview-primary)_78%,black)] underline">
          Link
        </span>
        <span className="h-6 w-16 rounded-md bg-gradient-to-r from-[var(--preview-primary)] to-[var(--preview-accent)]" />
      </div>

      <div className="mt-4">
        <TextAreaField
          {...bind("description")}
          label="Description"
          required
          rows={3}
          hint="The home page's description for search engines and link previews."
        />
      </div>
      <EditorDialogActions
        busy={busy || progress !== null}
        onCancel={close}
        saveLabel="Save Branding"
      />
    </form>
  );
}
