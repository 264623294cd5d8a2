// The ordered migration record. Append new migrations here; names sort in the order they must run.
import type { Migration } from 'kysely';
import * as accountsAndUsage from './0001-accounts-and-usage.js';
import * as lists from './0002-lists.js';
import * as userRateLimit from './0003-user-rate-limit.js';
import * as listReview from './0004-list-review.js';
import * as usageOutcome from './0005-usage-outcome.js';
import * as listChanges from './0006-list-changes.js';
import * as monitoring from './0007-monitoring.js';
import * as rescreenState from './0008-rescreen-state.js';
import * as webhooks from './0009-webhooks.js';
import * as usageEvidence from './0010-usage-evidence.js';
import * as deltaRuns from './0011-delta-runs.js';
import * as subjectChanges from './0012-subject-changes.js';
import * as entryFacts from './0013-entry-facts.js';

/** Every migration by name, imported statically so `src` under tsx and compiled `dist` behave the same. */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001-accounts-and-usage': accountsAndUsage,
  '0002-lists': lists,
  '0003-user-rate-limit': userRateLimit,
  '0004-list-review': listReview,
  '0005-usage-outcome': usageOutcome,
  '0006-list-changes': listChanges,
  '0007-monitoring': monitoring,
  '0008-rescreen-state': rescreenState,
  '0009-webhooks': webhooks,
  '0010-usage-evidence': usageEvidence,
  '0011-delta-runs': deltaRuns,
  '0012-subject-changes': subjectChanges,
  '0013-entry-facts': entryFacts,
};
