// Wallet screening over HTTP with real ingested sources (an SDN file we write, the mixer and ransomware
// fixtures): exact lookups, casing per chain, precedence, bulk order, de-duplication and summary counts, and
// address validation per format (valid, bad checksum, not an address, unknown format) behind the lookup.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { ENGINE_VERSION } from '../../matching/index.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testBackends } from '../../test-support/test-stores.js';

const ETH = '0x8589427373D6D84E98730D7795D8f6f8731FDA16'; // published checksummed (mixed case)
const BTC_BECH32 = 'bc1qa5wkgaew2dkv56kfvj49j0av5nml45x9ek9hz6';
const BTC_BASE58 = '1BQAPyku1ZibWGAgd8QePpW1vAKHowqLez';
const TRON = 'TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM';
// Listed in formats we do not validate: the 64-hex value OFAC lists under XMR, and the 39-digit ETH address
// OFAC published in July 2021. A listed string is reported listed whatever the format check would say.
const XMR_HEX = '5be5543ff73456ab9f2d207887e2af87322c651ea1a873c5b25b7ffae456c320';
const ETH_39 = '0xa7e5d5a720f06526557c513402f2e6b5fa20b00';

const sdnXml = (entries: string) => `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">
  <publshInformation><Publish_Date>11/20/2026</Publish_Date><Record_Count>${(entries.match(/<sdnEntry>/g) ?? []).length}</Record_Count></publshInformation>
${entries}
</sdnList>`;

const entry = (uid: number, name: string, wallets: Array<[string, string]>) => `  <sdnEntry>
    <uid>${uid}</uid><lastName>${name}</lastName><sdnType>Entity</sdnType>
    <programList><program>CYBER2</program></programList>
    <idList>${wallets
      .map(
        ([t, a], i) =>
          `<id><uid>${uid}${i}</uid><idType>Digital Currency Address - ${t}</idType><idNumber>${a}</idNumber></id>`,
      )
      .join('')}</idList>
  </sdnEntry>`;

const fixtures = path.resolve(import.meta.dirname, '../../lists/sources');

describe('wallet screening over HTTP', () => {
  let service: Service;
  let dir: string;
  let key: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallets-'));
    for (const slug of ['ofac_sdn', 'mixer_addresses', 'ransomwhere']) fs.mkdirSync(path.join(dir, slug));
    fs.writeFileSync(
      path.join(dir, 'ofac_sdn', 'sdn.xml'),
      sdnXml(
        entry(41001, 'EXAMPLE EXCHANGE LTD', [
          ['ETH', ETH],
          ['XBT', BTC_BECH32],
          ['XBT', BTC_BASE58],
        ]) +
          entry(41002, 'EXAMPLE TRON BROKER', [['USDT', TRON]]) +
          entry(41003, 'EXAMPLE ODD LISTINGS', [
            ['XMR', XMR_HEX],
            ['ETH', ETH_39],
          ]),
      ),
    );
    for (const f of ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv'])
      fs.symlinkSync(
        path.join(fixtures, 'mixer_addresses/fixtures/csv', f),
        path.join(dir, 'mixer_addresses', f),
      );
    fs.symlinkSync(
      path.join(fixtures, 'ransomwhere/fixtures/export.json'),
      path.join(dir, 'ransomwhere', 'export.json'),
    );
    service = await testService(await testBackends()[0]!.open(), {
      LISTS_DIR: dir,
      SCREENING_LISTS: 'ofac_sdn,mixer_addresses,ransomwhere',
    });
    await service.listService.idle();
    key = (await signedUpUser(service)).key;
  });
  afterAll(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object) =>
    service.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });
  const single = async (address: string) => {
    const res = await post('/api/v2/wallet-search', { address });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The 400 message for an address, after checking it is a 400 that still carries its usage id. */
  const rejected = async (address: string): Promise<string> => {
    const res = await post('/api/v2/wallet-search', { address });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().api_usage_id).toMatch(/^[0-9a-f-]{36}$/);
    return res.json().error as string;
  };
  const clear = (address: string) => ({
    address,
    listed: false,
    network: null,
    info: null,
    entity_uid: null,
    entity: null,
  });

  it('every source loaded (the lists SCREENING_LISTS does not name: not carried, saying so)', async () => {
    const all = await service.listService.catalog();
    const rows = all.filter((r) => r.status !== 'not_carried');
    expect(all.find((r) => r.slug === 'un_consolidated')?.reason).toBe('not named in SCREENING_LISTS');
    expect(rows.map((r) => [r.slug, r.status])).toEqual([
      ['ofac_sdn', 'fresh'],
      ['mixer_addresses', 'fresh'],
      ['ransomwhere', 'fresh'],
    ]);
  });

  it("the usage record names the wallet sources' versions the lookup ran against, single and bulk", async () => {
    for (const [url, payload] of [
      ['/api/v2/wallet-search', { address: ETH }],
      ['/api/v2/bulk-wallet-search', { addresses: ETH }],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, url).toBe(200);
      const rec = await service.app.inject({
        url: `/api/v2/usage/${res.json().api_usage_id}`,
        headers: { 'x-api-key': key },
      });
      const versions = rec.json().record.list_versions as Array<{ slug: string; version_id: string }>;
      expect(
        versions.map((v) => v.slug),
        url,
      ).toEqual(['ofac_sdn', 'mixer_addresses', 'ransomwhere']);
      for (const v of versions) expect(v.version_id).toBe(service.listService.currentVersion(v.slug));
      expect(rec.json().record.engine_version, url).toBe(ENGINE_VERSION);
    }
  });

  it('an SDN address is listed with its entity, as sent, checksummed or lowercased', async () => {
    for (const sent of [ETH, ETH.toLowerCase(), ETH.toUpperCase().replace('0X', '0x')]) {
      const body = await single(sent);
      expect(body['wallet screening result']).toEqual({
        address: sent,
        listed: true,
        network: 'ETH',
        info: 'ofac_sdn',
        entity_uid: 41001,
        entity: { id: 'ofac_sdn:41001', name: 'EXAMPLE EXCHANGE LTD', list: 'ofac_sdn', source_uid: '41001' },
      });
      expect(body.api_usage_id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('bech32 matches in any casing; base58 only exactly', async () => {
    expect((await single(BTC_BECH32.toUpperCase()))['wallet screening result'].listed).toBe(true);
    expect((await single(BTC_BASE58))['wallet screening result']).toMatchObject({
      listed: true,
      network: 'BTC',
    });
    // Case matters in base58: the case-changed string is another string, whose checksum fails.
    const swapped = BTC_BASE58.replace('BQAP', 'bqap');
    expect(await rejected(swapped)).toMatch(
      /^invalid address: not a valid Bitcoin P2PKH address \(1…\): it decodes to 26 bytes, not 25 \(.*a letter in the wrong case\?\)$/,
    );
    expect(await rejected(BTC_BASE58.replace('qLez', 'qLEz'))).toMatch(
      /^invalid address: base58check checksum fails: a typo\? \(read as a Bitcoin P2PKH .*base58 is case-sensitive/,
    );
  });

  it('ransomware and mixer addresses carry a free-text reason and no entity', async () => {
    const ransom = (await single('bc1qesr39cj620js83q4jetgxq9a8fxr6dljh5j5n4'))['wallet screening result'];
    expect(ransom).toMatchObject({ listed: true, network: 'BTC', entity: null, entity_uid: null });
    expect(ransom.info).toMatch(/WannaCry/);
    const mixer = (await single('3HakwcbGM2nGjaWmTdNETPPASutYZ1qmoP'))['wallet screening result'];
    expect(mixer.listed).toBe(true);
    expect(mixer.info).toMatch(/[Mm]ixing service/);
  });

  it('bulk: submitted order, duplicates removed before screening, summary counts', async () => {
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/v2/bulk-wallet-search',
      headers: { 'x-api-key': key },
      payload: { addresses: `unknown-addr-1,\n${ETH}\n${TRON}, unknown-addr-1 ,${ETH}\r\n${BTC_BASE58}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results.map((r: { address: string; listed: boolean }) => [r.address, r.listed])).toEqual([
      ['unknown-addr-1', false],
      [ETH, true],
      [TRON, true],
      [BTC_BASE58, true],
    ]);
    expect(body.results[0].info).toMatch(/^invalid address: not a wallet address: contains '-'/);
    // OFAC labels it USDT; the result reports the chain its address is on.
    expect(body.results[2]).toMatchObject({ network: 'TRX', entity_uid: 41002 });
    expect(body.summary).toEqual({ screened: 4, listed: 3, clear: 0, invalid: 1 });
  });

  // One row per validated format: an unlisted valid address, the same with a one-character slip.
  const formats = [
    [
      'EVM (EIP-55)',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd',
      /^invalid address: EIP-55 checksum fails: a typo\? \(the address mixes upper and lower case but the case pattern is wrong\)$/,
    ],
    [
      'bech32 segwit',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv4',
      /^invalid address: bech32 checksum fails: a typo\? \(read as a Bitcoin segwit address\)$/,
    ],
    [
      'bech32m taproot',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jjq',
      /^invalid address: bech32m checksum fails: a typo\?/,
    ],
    [
      'CashAddr',
      'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq',
      'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pr',
      /^invalid address: CashAddr checksum fails: a typo\? \(read as a Bitcoin Cash address\)$/,
    ],
    [
      'base58check (Bitcoin)',
      '1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
      '1BoatSLRHtKNngkdXEeobR76b53LETtpyU',
      /^invalid address: base58check checksum fails: a typo\? \(read as a Bitcoin P2PKH/,
    ],
    [
      'base58check (TRON)',
      'TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre',
      'TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLrf',
      /^invalid address: base58check checksum fails: a typo\? \(read as a TRON address/,
    ],
    [
      'base58check (Zcash t1)',
      't1MMXtBrSp1XG38Lx9cePcNUCJj5vdWfUWL',
      't1MMXtBrSp1XG38Lx9cePcNUCJj5vdWfUWM',
      /read as a Zcash transparent P2PKH/,
    ],
    [
      'XRP Ledger',
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTj',
      /^invalid address: XRP checksum fails: a typo\?/,
    ],
    [
      'Monero',
      '49HqitRzdnhYjgTEAhgGpCfsjdTeMbUTU6cyR4JV1R7k2Eej9rGT8JpFiYDa4tZM6RZiFrHmMzgSrhHEqpDYKBe5B2ufNsL',
      '49HqitRzdnhYjgTEAhgGpCfsjdTeMbUTU6cyR4JV1R7k2Eej9rGT8JpFiYDa4tZM6RZiFrHmMzgSrhHEqpDYKBe5B2ufNsM',
      /^invalid address: Monero checksum fails: a typo\?$/,
    ],
  ] as const;

  it.each(formats)(
    '%s: a valid unlisted address is clear; a slip in it is a 400 naming the problem',
    async (_f, valid, slip, message) => {
      expect((await single(valid))['wallet screening result']).toEqual(clear(valid));
      expect(await rejected(slip)).toMatch(message);
    },
  );

  it('Solana: no checksum to check, so a valid key is clear and a changed key is another valid key', async () => {
    for (const a of [
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DB',
    ])
      expect((await single(a))['wallet screening result']).toEqual(clear(a));
  });

  it('not an address on any supported chain: a 400 that says why', async () => {
    expect(await rejected('not-a-wallet-address')).toBe(
      "invalid address: not a wallet address: contains '-', which no supported chain's addresses use (letters and digits only)",
    );
    expect(await rejected('0x8589427373D6 D84E98730D7795D8f6f8731FDA16')).toBe(
      'invalid address: not a wallet address: contains a space (no address has whitespace inside)',
    );
    expect(await rejected('bitcoin:' + BTC_BASE58)).toMatch(/'bitcoin:' is not part of an address/);
    expect(await rejected('abc123')).toMatch(
      /6 characters; the shortest address on a supported chain has 14$/,
    );
    expect(await rejected('a'.repeat(129))).toMatch(
      /129 characters; at most 128 \(no supported chain's address is longer\)$/,
    );
    const blank = await post('/api/v2/wallet-search', { address: '  ' });
    expect([blank.statusCode, blank.json().error]).toEqual([400, 'address must not be blank']);
  });

  it('a format we do not validate is looked up exactly: clear when unlisted, listed when listed', async () => {
    const cosmos = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu';
    expect((await single(cosmos))['wallet screening result']).toEqual(clear(cosmos));
    expect((await single('0x' + 'ab'.repeat(32)))['wallet screening result'].listed).toBe(false);
    expect((await single(XMR_HEX))['wallet screening result']).toMatchObject({
      listed: true,
      entity_uid: 41003,
    });
    // The spec's lowercase probe: a listing stored in lowercase matches any casing sent.
    expect((await single(XMR_HEX.toUpperCase()))['wallet screening result'].listed).toBe(true);
    const otherHex = XMR_HEX.replace('5be5', '5be6');
    expect((await single(otherHex))['wallet screening result']).toEqual(clear(otherHex));
  });

  it('a hit is never hidden: a listed address is listed whatever its checksum or format says', async () => {
    // A case-only slip in a listed EVM address: EIP-55 fails, but the address read without it is listed.
    const slipped = ETH.replace('D6D84E', 'd6D84E');
    expect(await rejected(slipped.replace('8589', '8598'))).toMatch(/EIP-55 checksum fails/);
    expect((await single(slipped))['wallet screening result']).toMatchObject({
      address: slipped,
      listed: true,
      network: 'ETH',
      entity_uid: 41001,
    });
    // A listing that is itself not a valid address (OFAC's 39-digit ETH address of July 2021).
    expect((await single(ETH_39))['wallet screening result']).toMatchObject({
      listed: true,
      entity_uid: 41003,
    });
    expect(await rejected(ETH_39.slice(0, -1) + '1')).toMatch(
      /0x followed by 39 hex digits; EVM addresses have 40/,
    );
  });

  it('bulk: a bad address gets its problem in its own result, is counted invalid, and fails nothing', async () => {
    const slipped = ETH.replace('D6D84E', 'd6D84E');
    const badBtc = '1BoatSLRHtKNngkdXEeobR76b53LETtpyU';
    const res = await post('/api/v2/bulk-wallet-search', {
      addresses: [
        slipped,
        badBtc,
        'hello world',
        XMR_HEX,
        '1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
        'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu',
      ].join('\n'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(
      body.results.map((r: { address: string; listed: boolean; info: string | null }) => [
        r.address,
        r.listed,
        r.info,
      ]),
    ).toEqual([
      [slipped, true, 'ofac_sdn'],
      [badBtc, false, expect.stringMatching(/^invalid address: base58check checksum fails: a typo\? /)],
      [
        'hello world',
        false,
        'invalid address: not a wallet address: contains a space (no address has whitespace inside)',
      ],
      [XMR_HEX, true, 'ofac_sdn'],
      ['1BoatSLRHtKNngkdXEeobR76b53LETtpyT', false, null],
      ['cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu', false, null],
    ]);
    // The spec's result shape is kept: an invalid address has network, entity_uid and entity null.
    expect(body.results[1]).toMatchObject({ network: null, entity_uid: null, entity: null });
    expect(body.summary).toEqual({ screened: 6, listed: 2, clear: 2, invalid: 2 });
  });

  it('fails closed (503 naming the source) while a wallet source is not loaded', async () => {
    const other = await testService(await testBackends()[0]!.open(), {
      SCREENING_LISTS: 'ofac_sdn,ransomwhere',
    });
    try {
      const k = (await signedUpUser(other)).key;
      const send = (address: string) =>
        other.app.inject({
          method: 'POST',
          url: '/api/v2/wallet-search',
          headers: { 'x-api-key': k },
          payload: { address },
        });
      const res = await send(ETH);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/ofac_sdn, ransomwhere/);
      // A bad checksum needs the lookup first (the string might be listed): still the fail-closed 503.
      expect((await send('1BoatSLRHtKNngkdXEeobR76b53LETtpyU')).statusCode).toBe(503);
      // The request limits (whitespace inside, over 128 characters) need no lookup: 400 at once.
      const spaced = await send('0x8589427373D6 D84E98730D7795D8f6f8731FDA16');
      expect([spaced.statusCode, spaced.json().error]).toEqual([
        400,
        'invalid address: not a wallet address: contains a space (no address has whitespace inside)',
      ]);
    } finally {
      await other.close();
    }
  });

  it('rejects more than 10,000 addresses', async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => `addr${i}`).join(',');
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/v2/bulk-wallet-search',
      headers: { 'x-api-key': key },
      payload: { addresses: many },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/10001 addresses; at most 10000/);
  });
});
