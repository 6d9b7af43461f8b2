import { useCallback, useState } from "react";

/**
 * An editor's values: what is stored (`saved`, at `version`) and what the form shows (`values`).
 * `showStored` takes what the server now stores, after a restore or on taking the other save of a
 * conflict, as both; given none (a restore answered only its version), the form stays as it is.
 */
export function useStoredValues<V, N extends number | null>(initial: () => V, initialVersion: N) {
  const [saved, setSaved] = useState<V>(initial);
  const [values, setValues] = useState<V>(saved);
  const [version, setVersion] = useState<N>(initialVersion);
  const showStored = useCallback((next: V | null | undefined, at: N) => {
    setVersion(at);
    if (next) {
      setSaved(next);
      setValues(next);
    }
  }, []);
  return { saved, setSaved, values, setValues, version, setVersion, showStored };
}
