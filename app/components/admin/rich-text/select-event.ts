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
