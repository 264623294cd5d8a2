import { describe, expect, it } from 'vitest';
import type { ListEntry } from '../lists/list-source.js';
import { buildWalletIndex, type WalletListing } from './wallet-index.js';
import { walletListings } from './wallet-listings.js';

const PRIORITY = ['ofac_sdn', 'mixer_addresses', 'ransomwhere'];

const sdn = (address: string, network: string, uid: number, name = `PARTY ${uid}`): WalletListing => ({
  address,
  network,
  source: 'ofac_sdn',
  info: 'ofac_sdn',
  entity: { id: `ofac_sdn:${uid}`, name, list: 'ofac_sdn', source_uid: String(uid) },
  entityUid: uid,
});
const walletOnly = (source: string, address: string, network: string, info: string): WalletListing => ({
  address,
  network,
  source,
  info,
  entity: null,
  entityUid: null,
});

const EVM_CHECKSUMMED = '0x52908400098527886E0F7030069857D2E4169EE7';
const EVM_LOWER_STORED = '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae';
const BECH32 = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BECH32_UPPER_STORED = 'TB1QRP33G0Q5C5TXSP9ARYSRX4K6ZDKFS4NCE4XJ0GDCCCEFVPYSXF3Q0SL5K7';
const BASE58 = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';
const TRON_USDT = 'TFixtureTronAddress1111111111111Ab';
const CASHADDR = 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';

const index = buildWalletIndex(
  [
    sdn(EVM_CHECKSUMMED, 'ETH', 101, 'LAZARUS FIXTURE'),
    sdn(EVM_CHECKSUMMED, 'USDT', 101, 'LAZARUS FIXTURE'),
    sdn(EVM_LOWER_STORED, 'ETH', 102),
    sdn(BECH32, 'XBT', 103),
    walletOnly(
      'ransomwhere',
      BECH32_UPPER_STORED,
      'bitcoin',
      'Reported ransomware payment address (family: X) — ransomwhe.re',
    ),
    sdn(BASE58, 'XBT', 104),
    sdn(TRON_USDT, 'USDT', 105),
    sdn(CASHADDR, 'BCH', 106),
  ],
  PRIORITY,
);

describe('wallet index: EVM addresses match in any casing', () => {
  it('a listing stored checksummed matches the checksummed, lowercased and uppercased address', () => {
    for (const sent of [
      EVM_CHECKSUMMED,
      EVM_CHECKSUMMED.toLowerCase(), // the spec's own probes miss this one
      `0x${EVM_CHECKSUMMED.slice(2).toUpperCase()}`,
      EVM_CHECKSUMMED.toUpperCase(),
    ]) {
      const r = index.lookup(sent);
      expect(r.listed, sent).toBe(true);
      expect(r.address).toBe(sent);
      expect(r.entity?.source_uid).toBe('101');
    }
  });

  it('a listing stored lowercase matches the checksummed form', () => {
    const checksummed = '0xDe0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
    expect(index.lookup(checksummed).entity?.source_uid).toBe('102');
    expect(index.lookup(EVM_LOWER_STORED).entity?.source_uid).toBe('102');
  });
});

describe('wallet index: bech32 and CashAddr match in either case', () => {
  it('lowercase listing, uppercase sent (QR codes write bech32 in upper case)', () => {
    expect(index.lookup(BECH32.toUpperCase())).toMatchObject({
      listed: true,
      network: 'BTC',
      entity_uid: 103,
    });
  });

  it('uppercase listing, lowercase sent', () => {
    expect(index.lookup(BECH32_UPPER_STORED.toLowerCase())).toMatchObject({ listed: true, network: 'BTC' });
    expect(index.lookup(BECH32_UPPER_STORED)).toMatchObject({ listed: true });
  });

  it('a bare CashAddr listing matches the prefixed address in either case', () => {
    for (const sent of [CASHADDR, `bitcoincash:${CASHADDR}`, `BITCOINCASH:${CASHADDR.toUpperCase()}`])
      expect(index.lookup(sent)).toMatchObject({ listed: true, network: 'BCH', entity_uid: 106 });
  });
});

describe('wallet index: base58 is case-exact', () => {
  it('matches the address exactly as published', () => {
    expect(index.lookup(BASE58)).toMatchObject({ listed: true, network: 'BTC', entity_uid: 104 });
  });

  it('a case-changed base58 address is a different address and does not match', () => {
    const swapped = BASE58.slice(0, 5) + BASE58[5]!.toLowerCase() + BASE58.slice(6); // one letter: 'S' -> 's'
    for (const sent of [BASE58.toLowerCase(), BASE58.toUpperCase(), swapped]) {
      expect(sent).not.toBe(BASE58);
      expect(index.lookup(sent).listed, sent).toBe(false);
    }
    expect(index.lookup(TRON_USDT.toLowerCase()).listed).toBe(false);
  });

  it("the spec's lowercase probe only reaches a listing that is itself stored in lowercase", () => {
    // A mixed-case base58 listing can never equal a lowercased string, so the probe cannot reach it (above).
    // A listing stored all lowercase is matched by any casing sent, as the spec states; for base58 that is
    // a different address, but we keep the spec's rule so that we never answer clear where it answers listed.
    const lowerBase58 = 'xkqzmuvwtsrpnhgfedcbajkmnpqrstuvw';
    const upperBase58 = 'XKQZMUVWTSRPNHGFEDCBAJKMNPQRSTUVW';
    const hex64 = '5be5543ff73456ab9f2d207887e2af87322c651ea1a873c5b25b7ffae456c320';
    const idx = buildWalletIndex(
      [sdn(lowerBase58, 'SOL', 1), sdn(upperBase58, 'SOL', 2), sdn(hex64, 'XMR', 3)],
      PRIORITY,
    );
    expect(idx.lookup(lowerBase58.toUpperCase()).entity_uid).toBe(2); // exact hit on the uppercase listing...
    expect(idx.lookup('XkqzmuvwtsrpnhgfedcbajkmnpqrstuvW').entity_uid).toBe(1); // ...and the probe, alone
    expect(idx.lookup(upperBase58.toLowerCase()).entity_uid).toBe(1); // exact hit on the lowercase listing
    expect(idx.lookup('xKQZMUVWTSRPNHGFEDCBAJKMNPQRSTUVW').entity_uid).toBe(1); // probe: lowercase listing
    expect(idx.lookup(hex64.toUpperCase()).entity_uid).toBe(3);
    // An uppercase-only listing is never reached from another casing (the probe lowercases the address sent).
    const onlyUpper = buildWalletIndex([sdn(upperBase58, 'SOL', 2)], PRIORITY);
    expect(onlyUpper.lookup(upperBase58.toLowerCase()).listed).toBe(false);
    expect(onlyUpper.lookup('XKQZMUVWTSRPNHGFEDCBAJKMNPQRSTUVw').listed).toBe(false);
  });
});

describe('wallet index: one result per address, by source precedence', () => {
  const ransom = walletOnly(
    'ransomwhere',
    BASE58,
    'bitcoin',
    'Reported ransomware payment address (family: Locky) — ransomwhe.re',
  );
  const mixer = walletOnly(
    'mixer_addresses',
    BASE58,
    'XBT',
    'Mixing service Blender.io — OFAC SDN designation (programs: CYBER2)',
  );

  it('ofac_sdn wins whatever the reading order', () => {
    for (const listings of [
      [ransom, mixer, sdn(BASE58, 'XBT', 7)],
      [sdn(BASE58, 'XBT', 7), mixer, ransom],
      [mixer, sdn(BASE58, 'XBT', 7), ransom],
    ]) {
      const r = buildWalletIndex(listings, PRIORITY).lookup(BASE58);
      expect(r).toMatchObject({ listed: true, info: 'ofac_sdn', entity_uid: 7 });
    }
  });

  it('then mixer_addresses before ransomwhere', () => {
    expect(buildWalletIndex([ransom, mixer], PRIORITY).lookup(BASE58).info).toBe(mixer.info);
  });

  it('applies precedence across casings of the same EVM address', () => {
    const idx = buildWalletIndex(
      [
        walletOnly('ransomwhere', EVM_CHECKSUMMED.toLowerCase(), 'ETH', 'ransom'),
        sdn(EVM_CHECKSUMMED, 'ETH', 9),
      ],
      PRIORITY,
    );
    expect(idx.size).toBe(1);
    for (const sent of [EVM_CHECKSUMMED, EVM_CHECKSUMMED.toLowerCase()])
      expect(idx.lookup(sent).info).toBe('ofac_sdn');
  });

  it('applies precedence when the exact and the lowercase probe reach different listings', () => {
    const idx = buildWalletIndex(
      [
        walletOnly('ransomwhere', 'XKQZMUVWTSRPNHGFEDCBAJKMNPQRSTUVW', 'SOL', 'ransom'),
        sdn('xkqzmuvwtsrpnhgfedcbajkmnpqrstuvw', 'SOL', 4),
      ],
      PRIORITY,
    );
    expect(idx.lookup('XKQZMUVWTSRPNHGFEDCBAJKMNPQRSTUVW').entity_uid).toBe(4);
  });

  it('between listings of equal rank the first read wins; unknown sources rank last, by first appearance', () => {
    const idx = buildWalletIndex(
      [
        walletOnly('zeta_list', BASE58, 'XBT', 'zeta'),
        walletOnly('alpha_list', BASE58, 'XBT', 'alpha'),
        sdn(EVM_CHECKSUMMED, 'ETH', 1),
        sdn(EVM_CHECKSUMMED, 'USDT', 2),
      ],
      PRIORITY,
    );
    expect(idx.lookup(BASE58).info).toBe('zeta');
    expect(idx.lookup(EVM_CHECKSUMMED)).toMatchObject({ network: 'ETH', entity_uid: 1 });
    expect(idx.listingCount).toBe(4);
    expect(idx.size).toBe(2);
  });
});

describe('wallet index: result shape', () => {
  it('a listed address carries network (normalised), info, entity_uid and entity', () => {
    const r = index.lookup(EVM_CHECKSUMMED.toLowerCase());
    expect(r).toEqual({
      address: EVM_CHECKSUMMED.toLowerCase(),
      listed: true,
      network: 'ETH',
      info: 'ofac_sdn',
      entity_uid: 101,
      entity: { id: 'ofac_sdn:101', name: 'LAZARUS FIXTURE', list: 'ofac_sdn', source_uid: '101' },
    });
    expect(Object.keys(r)).toEqual(['address', 'listed', 'network', 'info', 'entity_uid', 'entity']);
    expect(Object.isFrozen(r.entity)).toBe(true);
  });

  it('a wallet-only listing has no entity', () => {
    expect(index.lookup(BECH32_UPPER_STORED)).toEqual({
      address: BECH32_UPPER_STORED,
      listed: true,
      network: 'BTC',
      info: 'Reported ransomware payment address (family: X) — ransomwhe.re',
      entity_uid: null,
      entity: null,
    });
  });

  it('a clear address: listed false, every other field but address null', () => {
    const r = index.lookup('1ClearAddressNotOnAnyListxxxxxxxxx');
    expect(r).toEqual({
      address: '1ClearAddressNotOnAnyListxxxxxxxxx',
      listed: false,
      network: null,
      info: null,
      entity_uid: null,
      entity: null,
    });
    expect(Object.keys(r)).toEqual(['address', 'listed', 'network', 'info', 'entity_uid', 'entity']);
  });

  it('returns the address as sent, and reads it trimmed', () => {
    expect(index.lookup(` ${BASE58} `)).toMatchObject({ address: ` ${BASE58} `, listed: true });
  });

  it('reports the chain of a token address: USDT published by OFAC on TRON is TRX', () => {
    expect(index.lookup(TRON_USDT)).toMatchObject({ network: 'TRX', entity_uid: 105 });
  });

  it('an empty index answers clear', () => {
    expect(buildWalletIndex([], PRIORITY).lookup(BASE58).listed).toBe(false);
  });
});

describe('walletListings', () => {
  const entry = (over: Partial<ListEntry>): ListEntry => ({
    list: 'ofac_sdn',
    sourceUid: '37070',
    name: 'BLENDER.IO',
    aliases: [],
    kind: 'entity',
    record: {},
    wallets: [
      { address: BASE58, network: 'XBT' },
      { address: BECH32, network: 'XBT' },
    ],
    ...over,
  });

  it('a party list names the entity behind each address', () => {
    expect(walletListings(entry({}), 'names')).toEqual([
      sdn(BASE58, 'XBT', 37070, 'BLENDER.IO'),
      sdn(BECH32, 'XBT', 37070, 'BLENDER.IO'),
    ]);
    expect(walletListings(entry({ sourceUid: 'A-1' }), 'names')[0]!.entityUid).toBeNull();
  });

  it('a wallet-only source gives record.info and no entity', () => {
    const e = entry({
      list: 'ransomwhere',
      sourceUid: BASE58,
      record: { info: 'why' },
      wallets: [{ address: BASE58, network: 'bitcoin' }],
    });
    expect(walletListings(e, 'wallets')).toEqual([walletOnly('ransomwhere', BASE58, 'bitcoin', 'why')]);
    expect(walletListings({ ...e, record: {} }, 'wallets')[0]!.info).toBe('listed on ransomwhere');
    expect(walletListings({ ...e, wallets: undefined }, 'wallets')).toEqual([]);
  });
});
