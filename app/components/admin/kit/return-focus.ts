import { useCallback, useRef } from "react";

/**
 * For a dialog opened from a button without a Radix trigger: `remember` notes the element that
 * had focus when it opened (or the one it is given: a menu's button), `onCloseAutoFocus` (for
 * DialogContent) hands focus back to it, or to `fallback` when it is gone (the row was deleted).
 */
export function useReturnFocus(fallback?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback((element?: HTMLElement) => {
    opener.current =
      element ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  }, []);
  const onCloseAutoFocus = useCallback(
    (event: Event) => {
      event.preventDefault();
      const target = opener.current?.isConnected ? opener.current : (fallback?.() ?? null);
      target?.focus();
    },
    [fallback],
  );
  return { remember, onCloseAutoFocus };
}
