import { useEffect } from "react";

// Once per document: the root layout stays mounted across client-side navigations, and React's
// development double effects must not load every widget twice.
let started = false;

/**
 * Loads the third-party widgets (chat, voice assistant, custom code) the admin enabled, once, after
 * the page is interactive. The loader is a separate chunk, so pages without widgets pay ~nothing.
 */
export function IntegrationWidgets() {
  useEffect(() => {
    if (started) return;
    started = true;
    import("./load-widgets")
      .then(({ loadWidgets }) => loadWidgets())
      .catch((error: unknown) => console.warn("Could not load the site widgets:", error));
  }, []);
  return null;
}
