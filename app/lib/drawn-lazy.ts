import { type ComponentType, lazy } from "react";

/** The server's loads of such components' code, until each has arrived. */
const arriving = new Set<Promise<unknown>>();

/**
 * A component whose code the browser loads only where a page draws it, and which the server
 * draws in place. React.lazy alone makes the server wait a turn the first time: the page is then
 * streamed with the component after its Suspense fallback and put in place by a script (nothing
 * without JavaScript). Here the server fetches the code as this module loads (entry.server.tsx
 * waits for it before its first page), and React gets code that is there without waiting. The
 * browser shows the server's drawing while the code loads.
 */
export function drawnLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const fetch = () =>
    load().then((component) => {
      loaded = component;
      return { default: component };
    });
  if (import.meta.env.SSR) {
    const loading = fetch().catch(() => undefined);
    arriving.add(loading);
    void loading.then(() => arriving.delete(loading));
  }
  return lazy(() => {
    const component = loaded;
    if (!component) return fetch();
    // A thenable that answers at once: React.lazy takes the component without suspending.
    const ready = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes
      then: (resolve: (value: { default: ComponentType<P> }) => void) =>
        resolve({ default: component }),
    };
    return ready as unknown as Promise<{ default: ComponentType<P> }>;
  });
}

/** Resolves once the code of every drawnLazy component the server has met has arrived. */
export async function drawnLazyCodeLoaded() {
  while (arriving.size > 0) await Promise.all([...arriving]);
}
