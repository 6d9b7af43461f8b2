import { useCallback, useEffect, useRef, useState } from "react";

/** What the browser keeps of an editor's unsaved typing. */
export interface LocalDraft<V> {
  values: V;
  /** The post version the typing started from; a save of it is checked against the server's. */
  version: number | null;
  /** ISO 8601. */
  savedAt: string;
}

const PREFIX = "aisolutions:post-draft:";

function read<V>(key: string): LocalDraft<V> | null {
  try {
    const raw = window.localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as LocalDraft<V>;
    return draft && typeof draft === "object" && draft.values ? draft : null;
  } catch {
    return null;
  }
}

function write(key: string, draft: LocalDraft<unknown> | null) {
  try {
    if (draft) window.localStorage.setItem(PREFIX + key, JSON.stringify(draft));
    else window.localStorage.removeItem(PREFIX + key);
  } catch {
    // Storage full or refused (private mode): the leave warning still guards the typing.
  }
}

/**
 * Keeps the editor's unsaved values in localStorage while the admin types (and at once when the
 * tab goes away), so a crash, a reload or a closed tab loses nothing. A draft found on opening
 * that differs from what the server has is offered back; until the admin chooses, it is left
 * alone. `clear` after a save or a discard.
 */
export function useLocalDraft<V>({
  key,
  values,
  version,
  dirty,
  saved,
}: {
  key: string;
  values: V;
  version: number | null;
  dirty: boolean;
  /** The values the server has: a draft equal to them is nothing to offer. */
  saved: V;
}) {
  const [offered, setOffered] = useState<LocalDraft<V> | null>(null);
  const latest = useRef({ values, version, dirty });
  latest.current = { values, version, dirty };
  /** The values when the draft was last cleared: until they change, there is nothing to keep. */
  const clearedAt = useRef<V | null>(null);
  const savedRef = useRef(saved);
  savedRef.current = saved;

  useEffect(() => {
    const found = read<V>(key);
    if (!found) return;
    if (JSON.stringify(found.values) === JSON.stringify(savedRef.current)) write(key, null);
    else setOffered(found);
  }, [key]);

  const store = useCallback(() => {
    const { values: v, version: ver, dirty: d } = latest.current;
    // A render after a discard (the leave guard's, while the next page loads) still has the
    // discarded values and so still looks dirty: they are not typing to keep.
    const keep = d && v !== clearedAt.current;
    write(key, keep ? { values: v, version: ver, savedAt: new Date().toISOString() } : null);
  }, [key]);

  // Each change of the values (or of being dirty) stores them 300 ms later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: values and dirty trigger the store
  useEffect(() => {
    if (offered) return;
    const timer = window.setTimeout(store, 300);
    return () => window.clearTimeout(timer);
  }, [values, dirty, offered, store]);

  useEffect(() => {
    if (offered) return;
    window.addEventListener("pagehide", store);
    return () => window.removeEventListener("pagehide", store);
  }, [offered, store]);

  return {
    offered,
    /** The draft's values and version, for the form to take; the offer goes. */
    accept() {
      const draft = offered;
      setOffered(null);
      return draft;
    },
    discard() {
      setOffered(null);
      write(key, null);
    },
    clear() {
      // Until the editor renders again (typing on), nothing is left to keep: a page left right
      // after a discard (its pagehide before the editor's listener is gone) must not store it.
      latest.current = { ...latest.current, dirty: false };
      clearedAt.current = latest.current.values;
      write(key, null);
    },
  };
}
