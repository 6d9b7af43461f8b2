import { lazy, Suspense, useEffect } from "react";
import type { Toast } from "~/lib/toast";

// The toast library loads after the page, off the critical path; nothing needs it before then.
const LazyToaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <LazyToaster
        position="top-right"
        richColors
        closeButton
        // A description may have a second line (the newsletter's "check your inbox").
        toastOptions={{ classNames: { description: "whitespace-pre-line" } }}
      />
    </Suspense>
  );
}

/** Shows a toast; the library is fetched on first use. */
export async function showToast(toast: Toast) {
  const { toast: show } = await import("sonner");
  const fn = toast.type === "error" ? show.error : show.success;
  fn(toast.title, { description: toast.description });
}

/** Shows a toast that the server handed over with the page (after a redirect). */
export function useFlashToast(toast: Toast | null) {
  useEffect(() => {
    if (toast) void showToast(toast);
  }, [toast]);
}
