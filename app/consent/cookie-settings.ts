/**
 * The footer's "Cookie settings" button and the consent banner meet here. The banner's code is a
 * chunk loaded after the page is interactive, so a click that comes first is kept until it
 * listens. Kept tiny: it is part of every page's main bundle.
 */
type Listener = () => void;

let pending = false;
const listeners = new Set<Listener>();

export function openCookieSettings() {
  if (listeners.size === 0) {
    pending = true;
    return;
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` on every request to open the settings (at once for one made earlier). */
export function onOpenCookieSettings(listener: Listener): () => void {
  listeners.add(listener);
  if (pending) {
    pending = false;
    listener();
  }
  return () => listeners.delete(listener);
}
