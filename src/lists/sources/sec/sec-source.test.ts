import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { dirFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory, testPageFetcher } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../../test-support/loopback-server.js';
import { SEC_FILES } from './crawl-sec-streams.js';
import { secTitleParties } from './sec-item-to-entry.js';
import { createSecSource, secSource } from './sec-source.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');
const KEYS = [
  'name',
  'sec_list',
  'entry_uid',
  'primary_url',
  'title',
  'release_number',
  'published_at',
  'parties',
  'category',
  'description',
];
const fixtureFiles = (overrides: Record<string, string | null> = {}) => {
  const m = new Map<string, string>();
  for (const f of Object.values(SEC_FILES)) m.set(f.file, fixture(f.file));
  for (const [k, v] of Object.entries(overrides)) {
    if (v === null) m.delete(k);
    else m.set(k, v);
  }
  return memoryFileSet(m);
};
const names = (entries: ListEntry[], list: string) =>
  entries.filter((e) => e.list === list).map((e) => e.name);

describe('secSource definition', () => {
  it('declares the three feeds and PAUSE as required and receiverships as optional, with official addresses', () => {
    expect(secSource.fileSets).toEqual([
      [
        {
          name: 'litigation-releases.xml',
          url: 'https://www.sec.gov/enforcement-litigation/litigation-releases/rss',
        },
        {
          name: 'administrative-proceedings.xml',
          url: 'https://www.sec.gov/enforcement-litigation/administrative-proceedings/rss',
        },
        {
          name: 'trading-suspensions.xml',
          url: 'https://www.sec.gov/enforcement-litigation/trading-suspensions/rss',
        },
        {
          name: 'pause.html',
          url: 'https://www.sec.gov/enforcement-litigation/public-alerts-unregistered-soliciting-entities',
        },
        { name: 'receiverships.html', url: 'https://www.sec.gov/enforcement-litigation', optional: true },
      ],
    ]);
    expect(typeof secSource.crawl).toBe('function');
  });
});

describe('sec fixtures (five streams)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(secSource, dirFileSet(fixtures));
  });

  it('lists each entry as sec_<stream> and records the stream in sec_list', () => {
    const lists = [...new Set(entries.map((e) => e.list))];
    expect(lists).toEqual([
      'sec_litigation_releases',
      'sec_administrative_proceedings',
      'sec_trading_suspensions',
      'sec_pause',
      'sec_receiverships',
    ]);
    for (const e of entries) expect(`sec_${String(e.record.sec_list)}`).toBe(e.list);
  });

  it('has the 10 record keys in order, leading name, sec_list, entry_uid, primary_url', () => {
    for (const e of entries) {
      expect(Object.keys(e.record)).toEqual(KEYS);
      expect(e.record.name).toBe(e.name);
      expect(e.record.entry_uid).toBe(e.sourceUid);
    }
  });

  it('keeps sourceUid unique within each stream and stable (release number # party)', () => {
    for (const list of new Set(entries.map((e) => e.list))) {
      const uids = entries.filter((e) => e.list === list).map((e) => e.sourceUid);
      expect(new Set(uids).size).toBe(uids.length);
    }
    expect(
      entries.filter((e) => e.list === 'sec_administrative_proceedings').map((e) => e.sourceUid),
    ).toEqual(['IA-6812#1', '34-102544#1', '34-102540#1', '34-102540#2', '34-102544~2#1']);
  });

  it('extracts litigation defendants from captions, lists and aliases; skips a title naming no party', () => {
    expect(names(entries, 'sec_litigation_releases')).toEqual([
      'Jonathan R. Meadows',
      'Bluewater Holdings, Inc.',
      'Karen T. Oduya',
      'Marcus Feld',
      'Hartwell & Price Capital Partners LLC',
      'Douglas Hartwell',
      'Orion Crest Digital Ltd.',
      'Pavel Dubrovin',
      'Lakeside Development and Holdings Ltd',
    ]);
    const orion = entries.find((e) => e.name === 'Orion Crest Digital Ltd.')!;
    expect(orion.aliases).toEqual(['Orion Crest Mining Ltd.']);
    expect(orion.kind).toBe('entity');
    const pavel = entries.find((e) => e.name === 'Pavel Dubrovin')!;
    expect(pavel.aliases).toEqual(['Paul Dubrow']);
    expect(pavel.kind).toBe('person');
    expect(entries.some((e) => /Index/.test(e.name))).toBe(false);
  });

  it('fills the record of an RSS item', () => {
    const karen = entries.find((e) => e.name === 'Karen T. Oduya')!;
    expect(karen.record).toEqual({
      name: 'Karen T. Oduya',
      sec_list: 'litigation_releases',
      entry_uid: 'LR-26250#2',
      primary_url: 'https://www.sec.gov/enforcement-litigation/litigation-releases/lr-26250',
      title: 'Bluewater Holdings, Inc., Karen T. Oduya, and Marcus Feld',
      release_number: 'LR-26250',
      published_at: '2025-03-04',
      parties: ['Bluewater Holdings, Inc.', 'Karen T. Oduya', 'Marcus Feld'],
      category: null,
      description: 'The SEC charged Bluewater Holdings, Inc. and two of its officers.',
    });
  });

  it('reads titles with a bare "&", CDATA descriptions and HTML entities', () => {
    const hartwell = entries.find((e) => e.name === 'Hartwell & Price Capital Partners LLC')!;
    expect(hartwell.record.description).toBe(
      'Final consent judgment entered against Hartwell & Price Capital Partners LLC.',
    );
    const meadows = entries.find((e) => e.name === 'Jonathan R. Meadows')!;
    expect(meadows.record.description).toBe(
      'The Securities and Exchange Commission today announced that it obtained a final judgment against Jonathan R. Meadows.\nThe SEC’s complaint alleged an offering fraud.',
    );
    expect(entries.find((e) => e.name === 'Granite Peak Advisors & Co. LLC')!.record.category).toBe(
      'Investment Advisers Act',
    );
  });

  it('administrative proceedings: "In the Matter of", CPA kept, (USA) kept', () => {
    expect(names(entries, 'sec_administrative_proceedings')).toEqual([
      'Granite Peak Advisors & Co. LLC',
      'Rebecca L. Summers, CPA',
      'Northgate Securities (USA) LLC',
      'Ellis M. Varga',
      'Rebecca L. Summers, CPA',
    ]);
  });

  it('trading suspensions: issuers, always entities', () => {
    const ts = entries.filter((e) => e.list === 'sec_trading_suspensions');
    expect(ts.map((e) => e.name)).toEqual([
      'Silverleaf Biotech Corp.',
      'Apex Lithium, Inc.',
      'Boreal Gold Corp.',
      'Cobalt Ridge Mining Ltd.',
      'Quantum Leap Ventures',
    ]);
    expect(ts.every((e) => e.kind === 'entity')).toBe(true);
  });

  it('PAUSE: one entity per row over both pages, slug ids, category and date, aka split out', () => {
    const pause = entries.filter((e) => e.list === 'sec_pause');
    expect(pause.map((e) => [e.sourceUid, e.name, e.kind])).toEqual([
      ['apex-wealth-traders-ltd', 'Apex Wealth Traders Ltd', 'entity'],
      ['barclay-stone-securities', 'Barclay & Stone Securities', 'entity'],
      [
        'international-commission-securities-oversight',
        'International Commission for Securities Oversight',
        'entity',
      ],
      ['coinvault-pro', 'CoinVault Pro', 'entity'],
      ['delta-crest-capital-group', 'Delta Crest Capital Group', 'entity'],
    ]);
    const barclay = pause[1]!;
    expect(barclay.aliases).toEqual(['BS Markets']);
    expect(barclay.record).toEqual({
      name: 'Barclay & Stone Securities',
      sec_list: 'pause',
      entry_uid: 'barclay-stone-securities',
      primary_url:
        'https://www.sec.gov/enforcement-litigation/public-alerts-unregistered-soliciting-entities/barclay-stone-securities',
      title: 'Barclay & Stone Securities (aka BS Markets)',
      release_number: null,
      published_at: '2025-01-30',
      parties: ['Barclay & Stone Securities'],
      category: 'Impersonators of Genuine Firms',
      description: null,
    });
  });

  it('receiverships (optional file): parties of the caption, receiver in category', () => {
    const rec = entries.filter((e) => e.list === 'sec_receiverships');
    expect(rec.map((e) => [e.name, e.kind])).toEqual([
      ['Marlowe Income Fund, LP', 'entity'],
      ['Tidewater Note Partners LLC', 'entity'],
      ['Gerald P. Ashcroft', 'person'],
    ]);
    expect(rec[0]!.record.category).toBe('Receiver: Jane A. Receiver, Esq.');
    expect(rec[2]!.record.published_at).toBe('2023-01-15');
  });

  it('parses without receiverships.html (the stream is then empty)', async () => {
    const got = await collect(secSource, fixtureFiles({ 'receiverships.html': null }));
    expect(got.some((e) => e.list === 'sec_receiverships')).toBe(false);
    expect(got.length).toBe(entries.length - 3);
  });

  it('is deterministic', async () => {
    expect(await collect(secSource, dirFileSet(fixtures))).toEqual(entries);
  });

  it('dataDate is the newest date the feeds state', async () => {
    expect(await secSource.dataDate!(dirFileSet(fixtures))).toBe('2025-03-06');
  });
});

describe('sec layout changes fail loudly', () => {
  it('a feed that is not RSS (Atom, HTML) throws naming the file', async () => {
    const atom =
      '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><title>X</title></entry></feed>';
    await expect(collect(secSource, fixtureFiles({ 'litigation-releases.xml': atom }))).rejects.toThrow(
      /litigation-releases\.xml: not an RSS 2\.0 feed \(root element <feed>/,
    );
    await expect(
      collect(
        secSource,
        fixtureFiles({ 'trading-suspensions.xml': '<html><body>Access Denied</body></html>' }),
      ),
    ).rejects.toThrow(/trading-suspensions\.xml: not an RSS 2\.0 feed/);
  });

  it('a feed cut after an item (no closing </rss>) throws instead of losing the items after the cut', async () => {
    const feed = fs.readFileSync(path.join(fixtures, 'litigation-releases.xml'), 'utf8');
    const cut = feed.slice(0, feed.lastIndexOf('</item>') + '</item>'.length);
    await expect(collect(secSource, fixtureFiles({ 'litigation-releases.xml': cut }))).rejects.toThrow(
      /litigation-releases\.xml: the feed does not end with <\/rss>: cut short/,
    );
  });

  it('a feed without items, or whose titles name nobody, throws', async () => {
    const empty = '<rss version="2.0"><channel><title>T</title></channel></rss>';
    await expect(
      collect(secSource, fixtureFiles({ 'administrative-proceedings.xml': empty })),
    ).rejects.toThrow(/administrative-proceedings\.xml: the feed has no items/);
    const nobody =
      '<rss version="2.0"><channel><item><title>Litigation Release Index</title></item><item><title>Statement on Releases</title></item></channel></rss>';
    await expect(collect(secSource, fixtureFiles({ 'litigation-releases.xml': nobody }))).rejects.toThrow(
      /no item title names a party \(2 items\)/,
    );
  });

  it('a missing required file throws', async () => {
    await expect(collect(secSource, fixtureFiles({ 'pause.html': null }))).rejects.toThrow(
      /pause\.html is missing/,
    );
    await expect(collect(secSource, fixtureFiles({ 'litigation-releases.xml': null }))).rejects.toThrow(
      /is missing/,
    );
  });

  it('a PAUSE page without the listing table (and without "No results.") throws', async () => {
    await expect(
      collect(
        secSource,
        fixtureFiles({
          'pause.html': '<html><body><div class="alert">Please enable JavaScript</div></body></html>',
        }),
      ),
    ).rejects.toThrow(/pause\.html page 1: no PAUSE table with a "Name" column/);
    const renamed = fixture('pause.html').replace(/>Name</g, '>Entity title<');
    await expect(collect(secSource, fixtureFiles({ 'pause.html': renamed }))).rejects.toThrow(
      /no PAUSE table/,
    );
  });

  it('a receiverships.html without a receivership table throws', async () => {
    await expect(
      collect(
        secSource,
        fixtureFiles({ 'receiverships.html': '<html><body><p>Receiverships</p></body></html>' }),
      ),
    ).rejects.toThrow(/receiverships\.html: no table with a "Receivership" or "Case" column/);
  });
});

describe('sec name extraction from titles', () => {
  const cases: Array<[string, string[]]> = [
    ['SEC v. John Doe, et al.', ['John Doe']],
    ['In the Matter of Acme Corp.', ['Acme Corp.']],
    [
      'Securities and Exchange Commission v. Kenneth R. Fisher and Fisher Asset Management, LLC',
      ['Kenneth R. Fisher', 'Fisher Asset Management, LLC'],
    ],
    ['U.S. Securities and Exchange Commission v. Mary Ellen Brandt', ['Mary Ellen Brandt']],
    ['SEC vs. Redwood Crest Capital LLC', ['Redwood Crest Capital LLC']],
    ['Morgan Stanley & Co. LLC', ['Morgan Stanley & Co. LLC']],
    [
      'Western International Securities Inc., Nancy Cole, Patrick Egan, Andy Gitipityapon, Steven Graham, and Thomas Swan',
      [
        'Western International Securities Inc.',
        'Nancy Cole',
        'Patrick Egan',
        'Andy Gitipityapon',
        'Steven Graham',
        'Thomas Swan',
      ],
    ],
    [
      'Angelo Haligiannis, Sterling Watters Group LP, Sterling Watters Capital Advisors LLC and Sterling Watters Capital Management Inc.',
      [
        'Angelo Haligiannis',
        'Sterling Watters Group LP',
        'Sterling Watters Capital Advisors LLC',
        'Sterling Watters Capital Management Inc.',
      ],
    ],
    [
      'Sterling Watters Group LP; Sterling Watters Capital Advisors LLC; and Sterling Watters Capital Management Inc.',
      [
        'Sterling Watters Group LP',
        'Sterling Watters Capital Advisors LLC',
        'Sterling Watters Capital Management Inc.',
      ],
    ],
    [
      'Angelo Mozilo, David Sambol and Eric Sieracki (former executives of Countrywide Financial Corporation)',
      ['Angelo Mozilo', 'David Sambol', 'Eric Sieracki'],
    ],
    [
      'Augustine Capital Management LLC (f/k/a Augustine Capital Management Inc.), John T. Porter, and Thomas F. Duszynski, CPA',
      ['Augustine Capital Management LLC', 'John T. Porter', 'Thomas F. Duszynski, CPA'],
    ],
    [
      'Stefan H. Benger, SHB Capital Inc., Handler, Thayer & Duggan LLC, and Stephan von Hase',
      ['Stefan H. Benger', 'SHB Capital Inc.', 'Handler, Thayer & Duggan LLC', 'Stephan von Hase'],
    ],
    ['Seaview Development and Holdings Ltd', ['Seaview Development and Holdings Ltd']],
    ['Johnson and Johnson', ['Johnson and Johnson']],
    ['John Doe and Jane Roe', ['John Doe', 'Jane Roe']],
    ['Credit Suisse Securities (USA) LLC', ['Credit Suisse Securities (USA) LLC']],
    [
      'AIMSI Technologies Inc., Reginald Hall, Harris Dempsey "Butch" Ballow, Everett Bassie, Winfried Fields and Bruce Charles Pollock',
      [
        'AIMSI Technologies Inc.',
        'Reginald Hall',
        'Harris Dempsey "Butch" Ballow',
        'Everett Bassie',
        'Winfried Fields',
        'Bruce Charles Pollock',
      ],
    ],
    [
      'Charles C. Slowey Jr., Endeavor Partners LLC, and Edward D. Puttick Sr.',
      ['Charles C. Slowey Jr.', 'Endeavor Partners LLC', 'Edward D. Puttick Sr.'],
    ],
    [
      'Ripple Labs, Inc., Bradley Garlinghouse, and Christian A. Larsen',
      ['Ripple Labs, Inc.', 'Bradley Garlinghouse', 'Christian A. Larsen'],
    ],
    [
      'Order of Suspension of Trading in the Securities of Alpha Energy, Inc., Beta Mining Corp., and Gamma Holdings Ltd.',
      ['Alpha Energy, Inc.', 'Beta Mining Corp.', 'Gamma Holdings Ltd.'],
    ],
    ['SEC v. Eliyahu Weinstein, et al. (Litigation Release No. 26012)', ['Eliyahu Weinstein']],
    ['SEC v. Terraform Labs Pte. Ltd. and Do Hyeong Kwon', ['Terraform Labs Pte. Ltd.', 'Do Hyeong Kwon']],
    ['Bank of America, N.A.', ['Bank of America, N.A.']],
    ['In re: Harbor Point Securities, L.P.', ['Harbor Point Securities, L.P.']],
    ['Respondents: Gold Coast Advisors LLC and Ramon Ortiz', ['Gold Coast Advisors LLC', 'Ramon Ortiz']],
    ['SEC v. Priya N. Raman, Civil Action No. 1:25-cv-01234', ['Priya N. Raman']],
    [
      'Blockchain Credit Partners d/b/a DeFi Money Market, Gregory Keough, and Derek Acree',
      ['Blockchain Credit Partners', 'Gregory Keough', 'Derek Acree'],
    ],
    ['SEC v. Morningstar Trading LLC a/k/a MST Capital, et al.', ['Morningstar Trading LLC']],
    ['SEC v. Lucia Ferrante and Others', ['Lucia Ferrante']],
    ['Litigation Release Index', []],
  ];
  it.each(cases)('%s', (title, expected) => {
    expect(secTitleParties(title).map((p) => p.name)).toEqual(expected);
  });

  it('a known limit: "Merrill Lynch, Pierce, Fenner & Smith" splits after "Merrill Lynch"', () => {
    // The full title stays in record.title and record.parties; documented in docs/lists/sec.md.
    expect(secTitleParties('Merrill Lynch, Pierce, Fenner & Smith Incorporated').map((p) => p.name)).toEqual([
      'Merrill Lynch',
      'Pierce, Fenner & Smith Incorporated',
    ]);
  });
});

describe('sec crawl on a loopback server', () => {
  let server: LoopbackServer;
  const PAUSE_PATH = '/enforcement-litigation/public-alerts-unregistered-soliciting-entities';
  const pageParam = (url: string | undefined) => new URL(url ?? '/', 'http://x').searchParams.get('page');

  beforeEach(async () => {
    server = await loopbackServer();
    for (const s of ['litigation_releases', 'administrative_proceedings', 'trading_suspensions'] as const)
      server.routes.set(SEC_FILES[s].path, staticFile(fixture(SEC_FILES[s].file)));
    server.routes.set(PAUSE_PATH, (req, res) => {
      const page = Number(pageParam(req.url) ?? '0');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(fixture(`pause-page-${Math.min(page, 2)}.html`));
    });
  });
  afterEach(async () => {
    await server.close();
  });

  const crawl = (source = createSecSource({ baseUrl: server.url, pauseMs: 0 })) => crawlToMemory(source);

  it('saves the three feeds and the PAUSE pages until "No results.", and they parse like the fixtures', async () => {
    const saved = await crawl();
    expect([...saved.keys()].sort()).toEqual([
      'administrative-proceedings.xml',
      'litigation-releases.xml',
      'pause.html',
      'trading-suspensions.xml',
    ]);
    expect(server.hits.get(PAUSE_PATH)).toBe(3);
    const crawled = await collect(createSecSource({ baseUrl: 'https://www.sec.gov' }), memoryFileSet(saved));
    const fromFixtures = await collect(secSource, fixtureFiles({ 'receiverships.html': null }));
    expect(crawled).toEqual(fromFixtures);
    expect(crawled.filter((e) => e.list === 'sec_pause')).toHaveLength(5);
  });

  it('sends the configured User-Agent (SEC asks for a declared agent with a contact)', async () => {
    const agents: string[] = [];
    const inner = server.routes.get(SEC_FILES.litigation_releases.path)!;
    server.routes.set(SEC_FILES.litigation_releases.path, (req, res) => {
      agents.push(String(req.headers['user-agent']));
      return inner(req, res);
    });
    await crawl(
      createSecSource({ baseUrl: server.url, pauseMs: 0, userAgent: 'Example Compliance ops@example.com' }),
    );
    expect(agents).toEqual(['Example Compliance ops@example.com']);
  });

  it('pauses between requests', async () => {
    const pauses: number[] = [];
    const { fetch } = testPageFetcher();
    await crawlToMemory(createSecSource({ baseUrl: server.url, pauseMs: 123 }), {
      fetch,
      pause: async (ms) => void pauses.push(ms),
    });
    // 3 feeds + 3 PAUSE pages = 6 requests, 5 pauses.
    expect(pauses).toEqual([123, 123, 123, 123, 123]);
  });

  it('throws when the first PAUSE page has no listing (layout change)', async () => {
    server.routes.set(
      PAUSE_PATH,
      staticFile('<html><body><main><h1>PAUSE</h1><p>Search the list</p></main></body></html>'),
    );
    await expect(crawl()).rejects.toThrow(/page=0: no PAUSE table with a "Name" column/);
  });

  it('throws when the first PAUSE page is already "No results."', async () => {
    server.routes.set(PAUSE_PATH, staticFile(fixture('pause-page-2.html')));
    await expect(crawl()).rejects.toThrow(/the first PAUSE page lists nothing/);
  });

  it('throws when the server ignores ?page= (the same page again)', async () => {
    server.routes.set(PAUSE_PATH, staticFile(fixture('pause-page-0.html')));
    await expect(crawl()).rejects.toThrow(/page=1: repeats an earlier page/);
  });

  it('throws when a feed is not RSS any more', async () => {
    server.routes.set(SEC_FILES.trading_suspensions.path, staticFile('<html><body>Moved</body></html>'));
    await expect(crawl()).rejects.toThrow(/trading-suspensions\/rss: not an RSS 2\.0 feed/);
  });

  it('surfaces an HTTP error (403) as an error', async () => {
    server.routes.set(SEC_FILES.administrative_proceedings.path, (_req, res) => {
      res.statusCode = 403;
      res.end('Request Rate Threshold Exceeded');
    });
    await expect(crawl()).rejects.toThrow(/administrative-proceedings\/rss: HTTP 403/);
  });
});
