// The kinds of listed party, shared by the lists, the engine and the API.

export const ENTRY_KINDS = ['person', 'entity', 'vessel', 'aircraft', 'unknown'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
