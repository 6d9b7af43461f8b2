import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { clearSessionHint, hasSessionHint } from "~/auth/session-hint";

/**
 * After hydration: the page says "visitor" but the browser has a session, so the page came from a
 * shared cache; the root's data is loaded again (navigation data is never kept by shared caches,
 * see server/page-cache-middleware.ts). Still a visitor then: the session is gone, and so is the hint.
 */
export function useSessionHintCheck(signedIn: boolean) {
  const revalidator = useRevalidator();
  const asked = useRef(false);
  useEffect(() => {
    if (signedIn || !hasSessionHint(document.cookie)) {
      asked.current = false;
    } else if (!asked.current) {
      asked.current = true;
      void revalidator.revalidate();
    } else if (revalidator.state === "idle") {
      clearSessionHint();
    }
  }, [signedIn, revalidator]);
}
