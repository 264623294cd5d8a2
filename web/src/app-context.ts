// What every page needs from the app shell: the API client and the signed-in user.
import { createContext, useContext } from 'react';
import type { ApiClient } from './api/api-client.ts';

export interface AppContextValue {
  readonly api: ApiClient;
  readonly email: string;
  readonly signOut: () => Promise<void>;
  /** Opens the entry details dialog for an exact listed name. */
  readonly openEntry: (name: string) => void;
  /** Each list's title by slug, read from the catalog once per session (a failed read is tried again). */
  readonly listTitles: () => Promise<ReadonlyMap<string, string>>;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const ctx = useContext(AppContext);
  if (!ctx) throw new Error('useApp outside the signed-in shell');
  return ctx;
}
