import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useInAdminShell } from "~/lib/admin-shell";
import type { Toast } from "~/lib/toast";

// The toast library loads with the first toast: most visits show none, and a page's first load
// should not fetch and run what it does not draw.
// A library that cannot be fetched (the network gone, a deploy that removed the old files) must not
// take the page down with it: nothing is drawn then, and showToast falls back to an alert.
const LazyToaster = lazy(() =>
  import("sonner").then(
    (m) => ({ default: m.Toaster }),
    () => ({ default: (() => null) as unknown as typeof import("sonner").Toaster }),
  ),
);

/** Whether a toast has been asked for yet in this page's life; the Toaster mounts from then on. */
let requested = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

let markMounted: () => void = () => {};
/** Resolves once sonner's Toaster is on the page and listening: a toast before that is lost. */
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Rendered after the lazy Toaster in its Suspense boundary: its effect runs after the Toaster's. */
function Mounted() {
  useEffect(() => markMounted(), []);
  return null;
}

/** Below the public site's fixed 64-px header; sonner's defaults are 24 px, and 16 on phones. */
const BELOW_SITE_HEADER = { offset: { top: 80 }, mobileOffset: { top: 72 } };

export function Toaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  // On the public site a toast must not cover Sign Out or the menu (a pointer resting on a toast
  // holds it there); the admin's frame keeps sonner's places, clear of its editors' Save buttons.
  const inAdmin = useInAdminShell();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster
        position="top-right"
        {...(inAdmin ? {} : BELOW_SITE_HEADER)}
        richColors
        closeButton
        // A description may have a second line (the newsletter's "check your inbox").
        toastOptions={{ classNames: { description: "whitespace-pre-line" } }}
      />
      <Mounted />
    </Suspense>
  );
}

/** Shows a toast; the library is fetched, and the Toaster mounted, on first use. */
export async function showToast(toast: Toast) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  let show: typeof import("sonner").toast;
  try {
    [{ toast: show }] = await Promise.all([import("sonner"), mounted]);
  } catch {
    window.alert([toast.title, toast.description].filter(Boolean).join("\n"));
    return;
  }
  const fn = toast.type === "error" ? show.error : show.success;
  fn(toast.title, { description: toast.description });
}

/** Shows a toast that the server handed over with the page (after a redirect). */
export function useFlashToast(toast: Toast | null) {
  useEffect(() => {
    if (toast) void showToast(toast);
  }, [toast]);
}
