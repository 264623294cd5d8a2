// Real data: the digital currency addresses our ofac_sdn parser extracts, put through the wallet index, and
// compared with two independent extractions (0xB10C's per-ticker lists of Sept 2024, derived from the SDN
// advanced XML; ultrasound.money's ETH list of May 2026). Every difference is explained or the test fails.
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListEntry } from '../lists/list-source.js';
import { pathFileSet } from '../lists/formats/local-file-set.js';
import { ofacSdnSource, type OfacRecord } from '../lists/sources/ofac_sdn/ofac_sdn-source.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../test-support/shared-lists.js';
import { canonicalAddress } from './canonical-address.js';
import { resultNetwork } from './networks.js';
import { buildWalletIndex, type WalletIndex } from './wallet-index.js';
import { walletListings } from './wallet-listings.js';

const PRIORITY = ['ofac_sdn', 'mixer_addresses', 'ransomwhere'];
const TORNADO_CASH_UID = '39796';

async function parseSdn(files: Record<string, string>): Promise<ListEntry[]> {
  const out: ListEntry[] = [];
  for await (const e of ofacSdnSource.parse(pathFileSet(files))) out.push(e);
  return out;
}

const rec = (e: ListEntry) => e.record as OfacRecord;
const indexOf = (entries: ListEntry[]): WalletIndex =>
  buildWalletIndex(
    entries.flatMap((e) => walletListings(e, 'names')),
    PRIORITY,
  );
const swapCase = (s: string) =>
  [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/**
 * Every extracted address is listed with the SDN entity that published it (the first one when two entries
 * publish it), `info` 'ofac_sdn', numeric `entity_uid`, and the first published ticker normalised. EVM and
 * bech32 addresses also match in the other casing; base58 ones do not.
 */
function expectAllListed(entries: ListEntry[], index: WalletIndex): { wallets: number; addresses: number } {
  const first = new Map<string, { uid: string; network: string }>();
  let wallets = 0;
  for (const e of entries)
    for (const w of e.wallets ?? []) {
      wallets++;
      const key = canonicalAddress(w.address).key;
      if (!first.has(key)) first.set(key, { uid: e.sourceUid, network: w.network });
    }
  for (const e of entries)
    for (const w of e.wallets ?? []) {
      const r = index.lookup(w.address);
      const want = first.get(canonicalAddress(w.address).key)!;
      expect(r, w.address).toMatchObject({
        address: w.address,
        listed: true,
        info: 'ofac_sdn',
        network: resultNetwork(want.network, w.address),
        entity_uid: Number(want.uid),
      });
      expect(r.entity).toMatchObject({ list: 'ofac_sdn', source_uid: want.uid, id: `ofac_sdn:${want.uid}` });
      if (want.uid === e.sourceUid) expect(r.entity!.name).toBe(e.name);
      const scheme = canonicalAddress(w.address).scheme;
      if (scheme === 'evm' || scheme === 'bech32') {
        expect(index.lookup(w.address.toLowerCase()).entity_uid).toBe(Number(want.uid));
        expect(index.lookup(w.address.toUpperCase()).entity_uid).toBe(Number(want.uid));
      } else if (scheme === 'base58' && swapCase(w.address) !== w.address) {
        expect(index.lookup(swapCase(w.address)).listed, `case-swapped ${w.address}`).toBe(false);
      }
    }
  return { wallets, addresses: first.size };
}

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('SDN digital currency addresses: our extraction cross-checked', () => {
  let may: ListEntry[];
  let mayIndex: WalletIndex;
  let jul: ListEntry[];
  let raw: string;
  const report: string[] = [];

  beforeAll(async () => {
    may = await parseSdn({ 'sdn.csv': sharedListFile('ofac_sdn_2024-05', 'sdn.csv') });
    mayIndex = indexOf(may);
    jul = await parseSdn(
      Object.fromEntries(
        ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv'].map((f) => [
          f,
          sharedListFile('ofac_sdn_2021-07', f),
        ]),
      ),
    );
    raw = fs.readFileSync(sharedListFile('ofac_sdn_2024-05', 'sdn.csv'), 'latin1');
  }, 120_000);

  const mayPairs = () => {
    const byTicker = new Map<string, Set<string>>();
    for (const e of may)
      for (const w of e.wallets ?? []) {
        if (!byTicker.has(w.network)) byTicker.set(w.network, new Set());
        byTicker.get(w.network)!.add(w.address);
      }
    return byTicker;
  };
  const truncatedUids = () =>
    new Set(may.filter((e) => rec(e).details.remarks_truncated).map((e) => e.sourceUid));

  it('May 2024 sdn.csv: every extracted address is listed with its SDN entity', () => {
    const { wallets, addresses } = expectAllListed(may, mayIndex);
    const holders = may.filter((e) => (e.wallets ?? []).length > 0).length;
    expect({ wallets, addresses, holders }).toEqual({ wallets: 288, addresses: 280, holders: 55 });
    expect(mayIndex.size).toBe(280);
    report.push(
      `May 2024 sdn.csv: ${wallets} (address, ticker) pairs, ${addresses} addresses, ${holders} entries`,
    );
  });

  it('0xB10C per-ticker lists (Sept 2024): nothing extra; every miss is not stated whole in the May 2024 file', () => {
    const dir = sharedListFile('ofac_crypto_addresses_0xb10c');
    const tickers = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => /^sanctioned_addresses_(\w+)\.json$/.exec(f)![1]!);
    const ours = mayPairs();
    const oursAll = new Set([...ours.values()].flatMap((s) => [...s]));
    const truncated = truncatedUids();
    // Where OFAC's 1,000-character cut fell inside an address: the fragment it left at the end of the remarks.
    const fragments = may
      .filter((e) => truncated.has(e.sourceUid))
      .map((e) => /Digital Currency Address - (\S+)\s+([^\s;]+)$/.exec(rec(e).remarks ?? ''))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ ticker: m[1]!, fragment: m[2]! }));
    const julPairs = new Map<string, string>();
    for (const e of jul)
      for (const w of e.wallets ?? []) julPairs.set(`${w.network} ${w.address}`, e.sourceUid);

    const totals = { listed: 0, ours: 0, missing: 0, otherTicker: 0, cut: 0, cutEntry2021: 0, absent: 0 };
    const lines: string[] = [];
    for (const ticker of tickers) {
      const list = JSON.parse(
        fs.readFileSync(`${dir}/sanctioned_addresses_${ticker}.json`, 'utf8'),
      ) as string[];
      const theirs = new Set(list);
      const mine = ours.get(ticker) ?? new Set<string>();
      expect(
        [...mine].filter((a) => !theirs.has(a)),
        `${ticker}: extracted but not in 0xB10C`,
      ).toEqual([]);
      for (const a of mine) expect(mayIndex.lookup(a).listed).toBe(true);

      const missing = list.filter((a) => !mine.has(a));
      const c = { otherTicker: 0, cut: 0, cutEntry2021: 0, absent: 0 };
      for (const a of missing) {
        // The one thing that would be our fault: the file stating this (ticker, address) whole.
        expect(raw.includes(`Digital Currency Address - ${ticker} ${a}`), `${ticker} ${a}`).toBe(false);
        const completes = fragments.filter((f) => f.ticker === ticker && a.startsWith(f.fragment));
        const uniqueCompletion = completes.some(
          (f) => missing.filter((m) => m.startsWith(f.fragment)).length === 1,
        );
        const uid2021 = julPairs.get(`${ticker} ${a}`);
        if (oursAll.has(a))
          c.otherTicker++; // published under another ticker in May 2024: screened anyway
        else if (uniqueCompletion) c.cut++;
        else if (uid2021 !== undefined && truncated.has(uid2021)) c.cutEntry2021++;
        else {
          expect(raw.includes(a), a).toBe(false);
          c.absent++;
        }
      }
      totals.listed += list.length;
      totals.ours += mine.size;
      totals.missing += missing.length;
      totals.otherTicker += c.otherTicker;
      totals.cut += c.cut;
      totals.cutEntry2021 += c.cutEntry2021;
      totals.absent += c.absent;
      if (missing.length > 0)
        lines.push(
          `  ${ticker.padEnd(4)} 0xB10C ${String(list.length).padStart(3)}  ours ${String(mine.size).padStart(3)}  ` +
            `missing ${String(missing.length).padStart(3)}: other ticker ${c.otherTicker}, cut mid-address ${c.cut}, ` +
            `on a cut entry (2021 set) ${c.cutEntry2021}, not in file ${c.absent}`,
        );
    }
    // The causes behind 'not in file': the remarks of these entries were cut with no comments file of that date,
    // so their later addresses are not in it; or the address was designated after 2024-05-03.
    const cutHolders = may.filter((e) => truncated.has(e.sourceUid) && (e.wallets ?? []).length > 0);
    expect(cutHolders.length).toBe(16);
    expect(fragments.filter((f) => f.ticker === 'XBT').length).toBe(6);
    expect(totals.missing).toBe(totals.otherTicker + totals.cut + totals.cutEntry2021 + totals.absent);
    expect(totals).toEqual({
      listed: 654,
      ours: 287,
      missing: 367,
      otherTicker: 4,
      cut: 4,
      cutEntry2021: 15,
      absent: 344,
    });
    report.push(
      `0xB10C (2024-09-27): ${totals.listed} (ticker, address) pairs; ours ${totals.ours}, none extra; ` +
        `${totals.missing} missing, none stated whole in the May 2024 file:`,
      ...lines,
      `  causes: ${totals.otherTicker} published under another ticker in May 2024 (SUEX USDT/Omni: screened as XBT); ` +
        `${totals.cut} cut mid-address at the 1,000-char limit; ${totals.cutEntry2021} on entries whose May 2024 ` +
        `remarks are cut (the 2021 four-file set lists them there); ${totals.absent} not in the file at all ` +
        `(behind the cut of one of ${cutHolders.length} cut entries, or designated after 2024-05-03)`,
    );
  });

  it('ultrasound ETH list (May 2026): differences explained by the Tornado Cash delisting and later designations', () => {
    const rows = parse(fs.readFileSync(sharedListFile('ofac_crypto_eth_ultrasound', 'data.csv')), {
      columns: true,
    }) as { address: string; name: string }[];
    expect(rows).toHaveLength(97);
    const b10cEth = new Set(
      (
        JSON.parse(
          fs.readFileSync(
            sharedListFile('ofac_crypto_addresses_0xb10c', 'sanctioned_addresses_ETH.json'),
            'utf8',
          ),
        ) as string[]
      ).map((a) => a.toLowerCase()),
    );
    const truncated = truncatedUids();
    const byName = new Map<string, ListEntry[]>();
    for (const e of may) byName.set(e.name, [...(byName.get(e.name) ?? []), e]);

    const c = { listed: 0, behindCut: 0, addedLater: 0, designatedLater: 0, designatedLaterInB10c: 0 };
    for (const { address, name } of rows) {
      const r = mayIndex.lookup(address);
      if (r.listed) {
        c.listed++;
        expect(r.entity!.name).toBe(name);
        expect(mayIndex.lookup(address.toLowerCase()).entity_uid).toBe(r.entity_uid);
        continue;
      }
      const entries = byName.get(name) ?? [];
      if (entries.some((e) => truncated.has(e.sourceUid))) {
        c.behindCut++;
        expect(b10cEth.has(address.toLowerCase())).toBe(true); // listed by Sept 2024, cut from our file
      } else if (entries.length > 0) {
        c.addedLater++;
        expect(b10cEth.has(address.toLowerCase())).toBe(false); // added to the entry after Sept 2024
      } else {
        c.designatedLater++;
        if (b10cEth.has(address.toLowerCase())) c.designatedLaterInB10c++;
      }
    }
    const ultra = new Set(rows.map((r) => r.address.toLowerCase()));
    const oursEth = may.flatMap((e) =>
      (e.wallets ?? []).filter((w) => w.network === 'ETH').map((w) => ({ e, w })),
    );
    const goneSince = oursEth.filter(({ w }) => !ultra.has(w.address.toLowerCase()));
    expect(new Set(goneSince.map(({ e }) => e.sourceUid))).toEqual(new Set([TORNADO_CASH_UID]));
    const b10cGone = [...b10cEth].filter((a) => !ultra.has(a));
    expect(
      b10cGone.filter((a) => mayIndex.lookup(a).listed).every((a) => mayIndex.lookup(a).entity_uid === 39796),
    ).toBe(true);
    expect(c.listed + c.behindCut + c.addedLater + c.designatedLater).toBe(97);
    expect(c).toEqual({
      listed: 41,
      behindCut: 23,
      addedLater: 11,
      designatedLater: 22,
      designatedLaterInB10c: 2,
    });
    report.push(
      `ultrasound ETH (2026-05-26): ${rows.length} addresses; ${c.listed} listed by us with the same SDN name ` +
        `(any casing); ${c.behindCut} on entries whose May 2024 remarks are cut (all in 0xB10C Sept 2024); ` +
        `${c.addedLater} added to existing entries after Sept 2024; ${c.designatedLater} on parties designated ` +
        `after May 2024 (${c.designatedLaterInB10c} of them by Sept 2024)`,
      `  ours not in ultrasound: ${goneSince.length} ETH addresses, all TORNADO CASH (uid ${TORNADO_CASH_UID}, ` +
        `delisted 2025-03-21); 0xB10C ETH not in ultrasound: ${b10cGone.length} ` +
        `(${b10cGone.length - goneSince.length} of them behind TORNADO CASH's cut in our file: consistent with ` +
        `the delisting of its 100+ addresses)`,
    );
  });

  it('July 2021 four-file set: every address listed; what changed by May 2024 is explained', () => {
    const index = indexOf(jul);
    const { wallets, addresses } = expectAllListed(jul, index);
    expect(jul.filter((e) => rec(e).details.remarks_truncated)).toEqual([]); // comments file present
    const mayAddresses = new Set(may.flatMap((e) => (e.wallets ?? []).map((w) => w.address)));
    const mayByUid = new Map(may.map((e) => [e.sourceUid, e]));
    const truncated = truncatedUids();
    const gone = jul.flatMap((e) =>
      (e.wallets ?? []).filter((w) => !mayAddresses.has(w.address)).map((w) => ({ e, w })),
    );
    let onCutEntry = 0;
    let corrected = 0;
    for (const { e, w } of gone) {
      if (truncated.has(e.sourceUid)) onCutEntry++;
      else {
        // OFAC corrected a malformed address (39 hex digits in 2021) on the same entry by 2024.
        expect(canonicalAddress(w.address).scheme).toBe('other');
        const fixed = (mayByUid.get(e.sourceUid)!.wallets ?? []).filter((m) =>
          m.address.startsWith(w.address),
        );
        expect(fixed.map((m) => canonicalAddress(m.address).scheme)).toEqual(['evm']);
        corrected++;
      }
    }
    expect({ onCutEntry, corrected }).toEqual({ onCutEntry: 16, corrected: 1 });
    const b10c = new Set(
      fs
        .readdirSync(sharedListFile('ofac_crypto_addresses_0xb10c'))
        .filter((f) => f.endsWith('.json'))
        .flatMap(
          (f) =>
            JSON.parse(
              fs.readFileSync(sharedListFile('ofac_crypto_addresses_0xb10c', f), 'utf8'),
            ) as string[],
        ),
    );
    const notInB10c = jul.flatMap((e) => (e.wallets ?? []).filter((w) => !b10c.has(w.address)));
    expect(notInB10c.map((w) => w.address)).toEqual(['0xa7e5d5a720f06526557c513402f2e6b5fa20b00']);
    report.push(
      `July 2021 four-file set: ${wallets} pairs, ${addresses} addresses, all listed; ${gone.length} not in ` +
        `May 2024 sdn.csv: ${onCutEntry} on entries cut there, ${corrected} malformed in 2021 (39 hex digits) ` +
        `and corrected by OFAC since; all others are in 0xB10C Sept 2024`,
    );
    console.log(['SDN wallet extraction cross-check', ...report].join('\n'));
  });
});
