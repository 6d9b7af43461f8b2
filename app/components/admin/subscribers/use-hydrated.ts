import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False while the server renders and during hydration, true once React runs in the browser. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
