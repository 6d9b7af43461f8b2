import { useEffect } from "react";
import { showToast } from "~/components/toaster";

/** Shows an error toast with `title` each time `failed` turns true (a load that failed). */
export function useLoadFailureToast(failed: boolean, title: string) {
  useEffect(() => {
    if (failed) void showToast({ type: "error", title });
  }, [failed, title]);
}
