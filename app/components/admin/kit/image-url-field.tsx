import { ImageIcon, X } from "lucide-react";
import { useState } from "react";
import { ImagePicker } from "~/components/admin/blog/image-picker";
import { Button } from "~/components/ui/button";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";

/**
 * An image given by its address: a preview, the address field, "Choose image" (the media
 * library's picker, mounted only while open) and "Remove image". Used by the block fields, a
 * page's sharing image and a post's featured image.
 */
export function ImageUrlField({
  id,
  label,
  hint,
  error,
  required,
  value,
  onValue,
  onPick,
  onRemove,
  pickerTitle,
  chooseFor,
  removable = true,
  wide = false,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  value: string;
  onValue: (url: string) => void;
  /** A library image was chosen, with its alt text (default: onValue(url)). */
  onPick?: (url: string, alt: string) => void;
  /** "Remove image" was pressed (default: onValue("")). */
  onRemove?: () => void;
  pickerTitle?: string;
  /** Ends the button's accessible name ("Choose image for sharing") when a form has several. */
  chooseFor?: string;
  removable?: boolean;
  /** A preview across the field's width (a sharing card) instead of a thumbnail beside it. */
  wide?: boolean;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
        <div className={cn("flex flex-col gap-3", !wide && "sm:flex-row sm:items-start")}>
          {value ? (
            <img
              src={value}
              alt=""
              className={cn(
                "rounded-md border border-line object-cover",
                wide ? "aspect-[1200/630] w-full" : "h-16 w-24 shrink-0",
              )}
            />
          ) : null}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <Input
              {...fieldAria(id, error, true)}
              aria-required={required || undefined}
              value={value}
              placeholder="/media/… or https://…"
              onChange={(e) => onValue(e.currentTarget.value)}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
                <ImageIcon aria-hidden /> Choose image
                {chooseFor ? <span className="sr-only"> for {chooseFor}</span> : null}
              </Button>
              {value && removable ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={onRemove ?? (() => onValue(""))}
                >
                  <X aria-hidden /> Remove image
                </Button>
              ) : null}
            </div>
          </div>
        </div>
      </FieldShell>
      {picking ? (
        <ImagePicker
          open
          title={pickerTitle}
          onOpenChange={setPicking}
          onPick={onPick ?? ((url) => onValue(url))}
        />
      ) : null}
    </>
  );
}
