// Form state that survives a return to sign-in: what an analyst typed (names, addresses) is kept in
// sessionStorage for this tab, so an expired session never costs them a pasted list.
import { useEffect, useState } from 'react';

export function useDraft<T>(key: string, initial: T): [T, (v: T) => void] {
  const storageKey = `screening.draft.${key}`;
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = window.sessionStorage.getItem(storageKey);
      return raw === null ? initial : (JSON.parse(raw) as T);
    } catch {
      return initial;
    }
  });
  useEffect(() => {
    try {
      window.sessionStorage.setItem(storageKey, JSON.stringify(value));
    } catch {
      // Storage full or disabled: the draft just is not kept.
    }
  }, [storageKey, value]);
  return [value, setValue];
}
