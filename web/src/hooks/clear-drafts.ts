// Forgets every kept form draft (see use-draft.ts): done on a deliberate sign-out.
export function clearDrafts(): void {
  for (let i = window.sessionStorage.length - 1; i >= 0; i--) {
    const k = window.sessionStorage.key(i);
    if (k?.startsWith('screening.draft.')) window.sessionStorage.removeItem(k);
  }
}
