// Solana addresses: a 32-byte public key in base58. They carry no checksum, so a slip cannot be detected;
// recognising them keeps them from being read as a slip in another format.
import { base58 } from '@scure/base';
import { VALID, type AddressFormat } from './address-format.js';

const SHAPE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** 32 to 44 base58 characters that decode to exactly 32 bytes. */
export const solanaAddress: AddressFormat = {
  name: 'Solana (no checksum)',
  networks: ['SOL'],
  check(address) {
    if (!SHAPE.test(address)) return null;
    try {
      return base58.decode(address).length === 32 ? VALID : null;
    } catch {
      return null;
    }
  },
};
