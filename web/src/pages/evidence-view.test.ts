import { describe, expect, it } from 'vitest';
import type { UsageEvidence } from '../api/api-types.ts';
import { basisWords, chainWords, evidenceId, versionRow } from './evidence-view.ts';

const record = (over: Partial<UsageEvidence['record']>): UsageEvidence['record'] =>
  ({ list_versions: null, engine_version: null, ...over }) as UsageEvidence['record'];

describe('evidence view', () => {
  it('reads only a usage record id from the address', () => {
    expect(evidenceId('?id=0193a1b2-7c3d-7e4f-8a5b-6c7d8e9f0a1b')).toBe(
      '0193a1b2-7c3d-7e4f-8a5b-6c7d8e9f0a1b',
    );
    expect(evidenceId('?id=../keys')).toBeNull();
    expect(evidenceId('')).toBeNull();
  });

  it('says what a record ran against, news and older records included', () => {
    expect(basisWords(record({}))).toMatch(/did not screen against lists/);
    expect(basisWords(record({ list_versions: [], engine_version: 'e1' }))).toBe(
      'Screened news, not lists, with matching engine e1.',
    );
    const v = { slug: 'ofac_sdn', version_id: 'v1', data_date: null };
    expect(basisWords(record({ list_versions: [v], engine_version: 'e1' }))).toBe(
      'Screened against 1 list version with matching engine e1.',
    );
    expect(versionRow(v)).toEqual({ list: 'ofac_sdn', version: 'v1', dataDate: 'not stated' });
  });

  it('says when the batch no longer matches its hash', () => {
    const chain = {
      form: 'usage-chain/1',
      seq: 7,
      batch_id: 'b',
      prev_hash: 'p',
      hash: 'h',
      record_count: 1,
      committed_at: 't',
      batch_intact: false,
    };
    expect(chainWords(chain)).toMatchObject({ tone: 'bad', text: expect.stringMatching(/does NOT match/) });
    expect(chainWords({ ...chain, batch_intact: true }).tone).toBe('ok');
    expect(chainWords(null).tone).toBe('bad');
  });
});
