// Each page names itself in the tab title, which screen readers announce on navigation.
import { useEffect } from 'react';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Screening`;
  }, [title]);
}
