import { useEffect, useState } from "react";

let counter = 0;
/** A key for a row being edited in the browser (rows keep it while they move). */
export function rowKey() {
  counter += 1;
  return `row-${counter}`;
}

export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return items;
  const next = items.slice();
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The id of a row's move button (see MoveButtons). */
export function moveButtonId(idPrefix: string, direction: "up" | "down", rowKey: string) {
  return `${idPrefix}-${direction}-${rowKey}`;
}

/**
 * After a row moved by its `direction` button: that button again, or the other one when the row
 * reached the end of the list (the button it used is disabled there).
 */
export function focusAfterMove(idPrefix: string, direction: "up" | "down", rowKey: string) {
  const other = direction === "up" ? "down" : "up";
  return [moveButtonId(idPrefix, direction, rowKey), moveButtonId(idPrefix, other, rowKey)];
}

/**
 * Focus by element id after the next render: a moved, added or removed row re-renders, and the
 * keyboard user should stay where they were (on the moved row's button, on the next row).
 */
export function useFocusAfterRender() {
  const [target, setTarget] = useState<string[] | null>(null);
  useEffect(() => {
    if (!target) return;
    for (const id of target) {
      const element = document.getElementById(id) as HTMLButtonElement | HTMLInputElement | null;
      if (element && !element.disabled) {
        element.focus();
        break;
      }
    }
    setTarget(null);
  }, [target]);
  return (...ids: string[]) => setTarget(ids);
}

/** Field errors of a list answer ("items.2.url") for the row at each index. */
export function rowErrors(errors: Record<string, string>, index: number) {
  const prefix = `items.${index}.`;
  const found: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path.startsWith(prefix)) found[path.slice(prefix.length)] = message;
  }
  return found;
}
