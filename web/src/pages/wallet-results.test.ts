// Wallet results: an invalid address is never clear, listed ones lead, and the CSV says which is which.
import { describe, expect, it } from 'vitest';
import type { WalletResult } from '../api/api-types.ts';
import { sortWalletResults, walletsCsvRows, walletStatus } from './wallet-results.ts';

const result = (address: string, listed: boolean, info: string | null): WalletResult => ({
  address,
  listed,
  info,
  network: listed ? 'ETH' : null,
  entity_uid: listed ? 41001 : null,
  entity: listed
    ? { id: 'ofac_sdn:41001', name: 'EXAMPLE LTD', list: 'ofac_sdn', source_uid: '41001' }
    : null,
});

const clear = result('0x1111', false, null);
const invalid = result('bc1nope', false, 'invalid address: bech32 checksum fails');
const listed = result('0x8589', true, 'ofac_sdn');

describe('walletStatus', () => {
  it('is clear only when unlisted without info; unlisted with info is invalid', () => {
    expect([listed, invalid, clear].map(walletStatus)).toEqual(['listed', 'invalid', 'clear']);
  });
});

describe('sortWalletResults', () => {
  it('puts listed first, then invalid, then clear, keeping the submitted order within each', () => {
    const clear2 = result('0x2222', false, null);
    expect(sortWalletResults([clear, invalid, clear2, listed]).map((r) => r.address)).toEqual([
      '0x8589',
      'bc1nope',
      '0x1111',
      '0x2222',
    ]);
  });
});

describe('walletsCsvRows', () => {
  it('writes the status beside the API’s own fields', () => {
    expect(walletsCsvRows([listed, invalid])).toEqual([
      ['0x8589', 'listed', true, 'ETH', 'ofac_sdn', 41001, 'ofac_sdn:41001', 'EXAMPLE LTD', 'ofac_sdn'],
      [
        'bc1nope',
        'invalid',
        false,
        null,
        'invalid address: bech32 checksum fails',
        null,
        undefined,
        undefined,
        undefined,
      ],
    ]);
  });
});
