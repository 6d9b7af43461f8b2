import { Braces, ChevronDown } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { createContext, type ReactNode, useContext, useRef } from "react";
import { MenuContent } from "~/components/admin/kit/row-actions";
import { insertInRichText } from "~/components/admin/rich-text/select-event";
import { Button } from "~/components/ui/button";
import {
  hasPlaceholders,
  PLACEHOLDERS,
  type PlaceholderKey,
  type PlaceholderMode,
  type PlaceholderValues,
  placeholdersIn,
  placeholderToken,
  resolvePlaceholders,
} from "~/pages/placeholders";

/**
 * Settings values in block text (app/pages/placeholders.ts) in the page editor: the "Insert value"
 * menu that puts `{company_name}` in a field at its cursor, and the "Shows: …" line under a field
 * that holds values. The current values come from the editor's loader through the provider.
 */

const ValuesContext = createContext<PlaceholderValues | null>(null);

export function PlaceholderValuesProvider({
  values,
  children,
}: {
  values: PlaceholderValues | null;
  children: ReactNode;
}) {
  return <ValuesContext.Provider value={values}>{children}</ValuesContext.Provider>;
}

/**
 * Around an editor whose text is not a page's (a newsletter campaign): settings values are not
 * filled in there, so no field offers them.
 */
const ValuesOffContext = createContext(false);

export function WithoutPlaceholderValues({ children }: { children: ReactNode }) {
  return <ValuesOffContext.Provider value={true}>{children}</ValuesOffContext.Provider>;
}

/** Fields whose cursor is known: a field never focused gets the value at its end. */
const focused = new WeakSet<EventTarget>();
if (typeof document !== "undefined") {
  document.addEventListener("focusin", (event) => {
    if (event.target) focused.add(event.target);
  });
}

/** Puts `token` into the field `id` at its cursor (or at its end), then focuses it after it. */
function insertInto(id: string, token: string, current: string, set: (next: string) => void) {
  const element = document.getElementById(id);
  if (element && insertInRichText(element, token, !focused.has(element))) return;
  if (
    !(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) ||
    !focused.has(element)
  ) {
    set(current + token);
    if (element instanceof HTMLElement) window.requestAnimationFrame(() => element.focus());
    return;
  }
  const start = element.selectionStart ?? current.length;
  const end = element.selectionEnd ?? start;
  set(current.slice(0, start) + token + current.slice(end));
  window.requestAnimationFrame(() => {
    element.focus();
    element.setSelectionRange(start + token.length, start + token.length);
  });
}

const GROUPS = [...new Set(PLACEHOLDERS.map((p) => p.group))];

/**
 * A menu button listing the site's values ("Company name — AI Solutions"); choosing one puts
 * `{company_name}` into the field `targetId` where its cursor was. Arrow keys, typing a label's
 * first letters, Enter and Escape work as in any menu; the focus goes back to the field.
 */
export function InsertValueMenu({
  targetId,
  fieldLabel,
  value,
  onValue,
}: {
  targetId: string;
  /** The field's label, for screen readers ("Insert value into Heading"). */
  fieldLabel: string;
  value: string;
  onValue: (next: string) => void;
}) {
  const values = useContext(ValuesContext);
  const off = useContext(ValuesOffContext);
  const chosen = useRef<PlaceholderKey | null>(null);
  if (off) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button type="button" variant="ghost" size="sm" className="h-8 px-2 text-primary-strong">
          <Braces aria-hidden /> Insert value
          <span className="sr-only"> into {fieldLabel.toLowerCase()}</span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent
        className="max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] w-80 max-w-[calc(100vw-1rem)] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          const key = chosen.current;
          if (!key) return;
          chosen.current = null;
          event.preventDefault();
          insertInto(targetId, placeholderToken(key), value, onValue);
        }}
      >
        {GROUPS.map((group) => (
          <DropdownMenu.Group key={group}>
            <DropdownMenu.Label className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
              {group}
            </DropdownMenu.Label>
            {PLACEHOLDERS.filter((p) => p.group === group).map((p) => (
              <DropdownMenu.Item
                key={p.key}
                textValue={p.label}
                onSelect={() => {
                  chosen.current = p.key;
                }}
                className="flex cursor-default flex-col rounded-md px-2 py-1.5 outline-none select-none data-highlighted:bg-surface"
              >
                <span className="font-medium text-ink">
                  {p.label}
                  {values ? <span className="font-normal text-muted"> — </span> : null}
                  {values ? (
                    <span className="font-normal break-all text-muted">
                      {shorten(values[p.key])}
                    </span>
                  ) : null}
                </span>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Group>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}

function shorten(text: string, max = 60) {
  if (!text) return "(empty)";
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

const labelOf = new Map(PLACEHOLDERS.map((p) => [p.key, p.label]));

/**
 * Under a field that holds values: what it shows with today's settings. A markdown text lists the
 * values it uses instead (the whole text would be too long to repeat).
 */
export function ValuesShown({ text, mode = "text" }: { text: string; mode?: PlaceholderMode }) {
  const values = useContext(ValuesContext);
  if (!values || !hasPlaceholders(text)) return null;
  if (mode === "markdown") {
    return (
      <p className="text-sm break-words text-muted">
        <span className="font-medium text-ink">Values here: </span>
        {placeholdersIn(text)
          .map((key) => `${labelOf.get(key)} = ${values[key] || "(empty)"}`)
          .join(" · ")}
      </p>
    );
  }
  return (
    <p className="text-sm break-words text-muted">
      <span className="font-medium text-ink">Shows: </span>
      {resolvePlaceholders(text, values, mode)}
    </p>
  );
}

/** The row under a text field: what it shows (when it holds values) and the menu. */
export function ValuesRow({
  targetId,
  fieldLabel,
  value,
  onValue,
  mode,
}: {
  targetId: string;
  fieldLabel: string;
  value: string;
  onValue: (next: string) => void;
  mode?: PlaceholderMode;
}) {
  if (useContext(ValuesOffContext)) return null;
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
      <div className="min-w-0 flex-1 pt-1.5">
        <ValuesShown text={value} mode={mode} />
      </div>
      <InsertValueMenu
        targetId={targetId}
        fieldLabel={fieldLabel}
        value={value}
        onValue={onValue}
      />
    </div>
  );
}
