// Moves focus to an element whenever a value changes (new results arrived), in the same commit that shows them,
// so keyboard and screen reader users land on what they asked for every time, not only when a frame is free.
import { useLayoutEffect, type RefObject } from 'react';

export function useFocusOnChange(ref: RefObject<HTMLElement | null>, value: unknown): void {
  useLayoutEffect(() => {
    if (value !== null && value !== undefined) ref.current?.focus();
  }, [ref, value]);
}
