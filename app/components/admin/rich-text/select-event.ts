/**
 * How the check before publishing (kit/publish-check.tsx) asks a rich-text editor to select the
 * place a warning quotes: an event on the editor's element (it carries `data-rich-text`), so the
 * check needs none of the editor's code.
 */
export const RICH_TEXT_SELECT = "rich-text-select";

export type RichTextSelectEvent = CustomEvent<{ text: string }>;

/** Whether this element is a rich-text editor's; if so, asks it to select `text`. */
export function selectInRichText(element: HTMLElement, text: string): boolean {
  if (!element.hasAttribute("data-rich-text")) return false;
  element.dispatchEvent(new CustomEvent(RICH_TEXT_SELECT, { detail: { text }, bubbles: true }));
  return true;
}

/** How the "Insert value" menu (editor/insert-value.tsx) puts text in at the editor's cursor. */
export const RICH_TEXT_INSERT = "rich-text-insert";

export type RichTextInsertEvent = CustomEvent<{ text: string; atEnd: boolean }>;

/**
 * Whether this element is a rich-text editor's; if so, asks it to insert `text` at its cursor
 * (at the end of the text with `atEnd`, for an editor that was never focused).
 */
export function insertInRichText(element: HTMLElement, text: string, atEnd = false): boolean {
  if (!element.hasAttribute("data-rich-text")) return false;
  element.dispatchEvent(
    new CustomEvent(RICH_TEXT_INSERT, { detail: { text, atEnd }, bubbles: true }),
  );
  return true;
}
