import { useEffect } from "react";
import { showToast } from "~/components/toaster";

/** Shows an error toast (`title`, `description`) each time `failed` turns true (a load failed). */
export function useLoadFailureToast(failed: boolean, title: string, description?: string) {
  useEffect(() => {
    if (!failed) return;
    void showToast(
      description === undefined ? { type: "error", title } : { type: "error", title, description },
    );
  }, [failed, title, description]);
}
