// The engine's storage: strings, texts and integer lists packed into typed arrays on shared memory, so an index of
// millions of names holds no JS object per name or token and worker threads read it without a copy.
export { GrowableU32, shared } from './packed-arrays.js';
export { HashPostings, Postings } from './postings.js';
export type { HashPostingsData, PostingsData } from './postings.js';
export { hashString, StringTable, StringTableBuilder } from './string-table.js';
export type { StringTableData } from './string-table.js';
export { TextColumn, TextColumnBuilder } from './text-column.js';
export type { TextColumnData } from './text-column.js';
