// Wallet screening over HTTP with real ingested sources (an SDN file we write, the mixer and ransomware
// fixtures): exact lookups, casing per chain, precedence, bulk order, de-duplication and summary counts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testBackends } from '../../test-support/test-stores.js';

const ETH = '0x8589427373D6D84E98730D7795D8f6f8731FDA16'; // published checksummed (mixed case)
const BTC_BECH32 = 'bc1qa5wkgaew2dkv56kfvj49j0av5nml45x9ek9hz6';
const BTC_BASE58 = '1BQAPyku1ZibWGAgd8QePpW1vAKHowqLez';
const TRON = 'TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM';

const sdnXml = (entries: string) => `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">
  <publshInformation><Publish_Date>11/20/2026</Publish_Date><Record_Count>2</Record_Count></publshInformation>
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
        ]) + entry(41002, 'EXAMPLE TRON BROKER', [['USDT', TRON]]),
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

  const single = async (address: string) => {
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/v2/wallet-search',
      headers: { 'x-api-key': key },
      payload: { address },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('every source loaded', async () => {
    const rows = await service.listService.catalog();
    expect(rows.map((r) => [r.slug, r.status])).toEqual([
      ['ofac_sdn', 'fresh'],
      ['mixer_addresses', 'fresh'],
      ['ransomwhere', 'fresh'],
    ]);
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
    const swapped = BTC_BASE58.replace('BQAP', 'bqap');
    expect((await single(swapped))['wallet screening result']).toEqual({
      address: swapped,
      listed: false,
      network: null,
      info: null,
      entity_uid: null,
      entity: null,
    });
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
    // OFAC labels it USDT; the result reports the chain its address is on.
    expect(body.results[2]).toMatchObject({ network: 'TRX', entity_uid: 41002 });
    expect(body.summary).toEqual({ screened: 4, listed: 3, clear: 1 });
  });

  it('fails closed (503 naming the source) while a wallet source is not loaded', async () => {
    const other = await testService(await testBackends()[0]!.open(), {
      SCREENING_LISTS: 'ofac_sdn,ransomwhere',
    });
    try {
      const k = (await signedUpUser(other)).key;
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/v2/wallet-search',
        headers: { 'x-api-key': k },
        payload: { address: ETH },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/ofac_sdn, ransomwhere/);
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
