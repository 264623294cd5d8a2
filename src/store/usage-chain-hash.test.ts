// The canonical form of the usage chain pinned: a batch's hash, however it is computed, is the one every chain
// written so far holds (the hashes below were computed by the first implementation).
import { describe, expect, it } from 'vitest';
import { nextChainRow, type ChainedRow } from './usage-chain-hash.js';

const row: ChainedRow = {
  id: '0190a000-0000-7000-8000-000000000001',
  created_at: '2026-11-27T10:00:00.000Z',
  user_id: 'u',
  api_key_id: 'k',
  request_id: 'r',
  method: 'POST',
  endpoint: '/api/v2/search',
  search_type: 'fuzzy_search',
  request: '{"prompt":"Zoë \\"Ä\\" 山田"}',
  response: '{"search results":[],"api_usage_id":"x"}',
  status: 200,
  duration_ms: 0.512,
  additional_call_info: null,
  outcome: 'no_match',
  outcome_count: 0,
  subject: 'Zoë',
  subject_count: 1,
  list_versions: '[]',
  engine_version: '2026-11-27.8',
};
const head = { seq: 4, hash: 'a'.repeat(64) };
const at = '2026-11-27T10:00:01.000Z';

describe('usage chain hash', () => {
  it('hashes a batch of one record as the chain always has', () => {
    expect(nextChainRow(head, 'b', [row], at).hash).toBe(
      '57d06844fb928295c220bc84868a67f8fd3740aed4c3c39161983fc1b0f1086d',
    );
  });

  it('hashes a batch of several records, in id order, as the chain always has', () => {
    const earlier = { ...row, id: '0190a000-0000-7000-8000-000000000000', status: 500 };
    const chained = nextChainRow(head, 'b', [row, earlier], at);
    expect(chained.first_id).toBe(earlier.id);
    expect(chained.hash).toBe('09c1c4eff716c83ee3940144784790b1bb164fffdc1e55dd4d9511d1daba8dcd');
  });
});
