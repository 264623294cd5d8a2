import { describe, expect, it } from 'vitest';
import { SEARCH_TYPES, type ListedParty, type Match, type NameSearcher } from '../../domain/screening.js';
import { buildNameIndex } from '../../matching/index.js';
import { syntheticEntries } from '../../test-support/synthetic-names.js';
import {
  otherScriptName,
  scriptSamples,
  spreadOrder,
  warmUpQueries,
  warmUpSearches,
} from './warm-up-searches.js';

/** A searcher of `names.length` parties that records every search it is asked. */
function recordingSearcher(names: readonly (string | readonly string[])[], onSearch?: () => void) {
  const asked: { query: string; type: string }[] = [];
  const parties: number[] = [];
  const searcher: NameSearcher = {
    search(query, type) {
      asked.push({ query, type });
      onSearch?.();
      return [] as Match[];
    },
    compare: () => {
      throw new Error('not used');
    },
    partyCount: names.length,
    party(i): ListedParty {
      parties.push(i);
      const n = names[i]!;
      return { id: `l:${i}`, list: 'l', sourceUid: String(i), names: typeof n === 'string' ? [n] : [...n] };
    },
  };
  return { searcher, asked, parties };
}

describe('warm-up queries of a listed name', () => {
  it('are the name as listed and the name with one letter dropped from its longest word', () => {
    expect(warmUpQueries('Gulnara Timurovna ABDRAKHMANOVA')).toEqual([
      'Gulnara Timurovna ABDRAKHMANOVA',
      'Gulnara Timurovna ABDRAKMANOVA',
    ]);
    expect(warmUpQueries('Владимир Кононов')).toEqual(['Владимир Кононов', 'Владмир Кононов']);
  });

  it('take other typos and shapes by variant: two letters swapped, one doubled, the words reversed, an initial', () => {
    const name = 'Gulnara Timurovna ABDRAKHMANOVA';
    expect(warmUpQueries(name, 1)).toEqual([name, 'Gulnara Timurovna ABDRAHKMANOVA']);
    expect(warmUpQueries(name, 2)).toEqual([name, 'Gulnara Timurovna ABDRAKHHMANOVA']);
    expect(warmUpQueries(name, 3)).toEqual([name, 'ABDRAKMANOVA Timurovna Gulnara']);
    expect(warmUpQueries(name, 4)).toEqual([name, 'G. Timurovna ABDRAKMANOVA']);
    expect(warmUpQueries(name, 5)).toEqual(warmUpQueries(name, 0));
    expect(warmUpQueries('ООО Ромашка', 4)).toEqual(['ООО Ромашка', 'О. Ромшка']);
  });

  it('are the name alone when no word is long enough to drop a letter from, and nothing for a blank name', () => {
    expect(warmUpQueries('Li Bo')).toEqual(['Li Bo']);
    expect(warmUpQueries('  ')).toEqual([]);
  });
});

describe('warm-up names in other scripts', () => {
  it('are a pseudo-name of two words in each script the engine reads, each written in one script', () => {
    const samples = scriptSamples();
    expect(samples.length).toBeGreaterThanOrEqual(20);
    for (const s of samples) {
      expect(s.split(' ')).toHaveLength(2);
      expect(s).not.toMatch(/[\p{Script=Latin}]/u);
    }
    expect(samples.some((s) => /^\p{Script=Hangul}+ \p{Script=Hangul}+$/u.test(s))).toBe(true);
    expect(samples.some((s) => /^\p{Script=Katakana}+ \p{Script=Katakana}+$/u.test(s))).toBe(true);
    expect(new Set(samples).size).toBe(samples.length);
  });

  it("are a party's first name written in another script than its first name, if any", () => {
    expect(otherScriptName(['Vladimir Ivanov', 'Vladimir IVANOV', 'Владимир Иванов', 'فلاديمير'])).toBe(
      'Владимир Иванов',
    );
    expect(otherScriptName(['Владимир Иванов', 'Владимир ИВАНОВ', 'Vladimir Ivanov'])).toBe(
      'Vladimir Ivanov',
    );
    expect(otherScriptName(['Vladimir Ivanov', 'V. IVANOV'])).toBeUndefined();
    expect(otherScriptName([])).toBeUndefined();
  });
});

describe('warmUpSearches', () => {
  it('searches the script samples, then a sample spread over the whole index, at every search type', async () => {
    const names = Array.from({ length: 1000 }, (_, i) => `Party Number${i} Holdings`);
    const { searcher, asked, parties } = recordingSearcher(names);
    const done = await warmUpSearches(searcher, { budgetMs: 60_000, maxParties: 10, sliceMs: 5 });
    expect([...parties].sort((a, b) => a - b)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(done.searches).toBe((scriptSamples().length + 10 * 2) * SEARCH_TYPES.length);
    expect(asked.slice(0, SEARCH_TYPES.length).map((a) => a.query)).toEqual(
      SEARCH_TYPES.map(() => scriptSamples()[0]),
    );
    expect(asked).toHaveLength(done.searches);
    expect(new Set(asked.map((a) => a.type))).toEqual(new Set(SEARCH_TYPES));
    expect(asked.filter((a) => a.query === 'Party Number500 Holdings')).toHaveLength(SEARCH_TYPES.length);
  });

  it("searches a party's name in another script too", async () => {
    const names = [['Vladimir Ivanov', 'Владимир Иванов'], 'Someone Else'];
    const { searcher, asked } = recordingSearcher(names);
    await warmUpSearches(searcher, { budgetMs: 60_000, maxParties: 2, sliceMs: 5 });
    expect(asked.filter((a) => a.query === 'Владимир Иванов')).toHaveLength(SEARCH_TYPES.length);
    expect(asked.filter((a) => a.query === 'Владмир Иванов')).toHaveLength(SEARCH_TYPES.length);
  });

  it('visits its sample so that any prefix is spread over the whole index', () => {
    for (const n of [1, 2, 3, 10, 100, 400]) {
      const order = spreadOrder(n);
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    }
    // The first tenth of a 400-party sample reaches into every tenth of the index.
    const first = spreadOrder(400).slice(0, 40);
    for (let tenth = 0; tenth < 10; tenth++)
      expect(first.some((k) => k >= tenth * 40 && k < (tenth + 1) * 40)).toBe(true);
  });

  it('stops once its time budget is spent, having warmed names from across the index', async () => {
    let clock = 0;
    const names = Array.from({ length: 100 }, (_, i) => `Someone Listed${i}`);
    // Each search takes 1 ms of the fake clock: the script samples first, then 8 searches a party; a budget of 20 ms
    // beyond the samples stops it after the third party, which are the first, the middle and the quarter of the
    // index, not its first three names.
    const { searcher, parties } = recordingSearcher(names, () => (clock += 1));
    const samples = scriptSamples().length * SEARCH_TYPES.length;
    const done = await warmUpSearches(searcher, {
      budgetMs: samples + 20,
      maxParties: 100,
      sliceMs: 1_000,
      now: () => clock,
    });
    expect(parties).toEqual([0, 64, 32]);
    expect(done).toEqual({ searches: samples + 24, ms: samples + 24 });
  });

  it('yields to the event loop between slices, so a timer due meanwhile runs before it ends', async () => {
    let clock = 0;
    const names = Array.from({ length: 50 }, (_, i) => `Another Person${i}`);
    const { searcher } = recordingSearcher(names, () => (clock += 1));
    let timerRan = false;
    setImmediate(() => (timerRan = true));
    const seenAtEnd = await warmUpSearches(searcher, {
      budgetMs: 1_000,
      maxParties: 50,
      sliceMs: 10,
      now: () => clock,
    }).then(() => timerRan);
    expect(seenAtEnd).toBe(true);
  });

  it('changes no answer of the index it warms, at any search type', async () => {
    const entries = [
      { list: 'un', sourceUid: 'QDi.1', name: 'Abdul Rahman Yasin', aliases: ['Abdulrahman YASEEN'] },
      { list: 'un', sourceUid: 'QDi.2', name: 'Muhammad Hassan', aliases: ['Mohamed HASAN'] },
      { list: 'ofac', sourceUid: '9', name: 'Vladimir Ivanov', aliases: ['Владимир Иванов'] },
      ...syntheticEntries(400, 7),
    ];
    const cold = buildNameIndex(entries);
    const warmed = buildNameIndex(entries);
    await warmUpSearches(warmed, { budgetMs: 60_000, maxParties: 200, sliceMs: 10 });
    const queries = ['Abdulrahman Yasen', 'Mohamed Hassan', 'Vladimir Ivanow', 'Владимир Иванов', 'Yasin'];
    for (const type of SEARCH_TYPES)
      for (const q of queries)
        expect(warmed.search(q, type, { lists: null, explain: true }), `${type} ${q}`).toEqual(
          cold.search(q, type, { lists: null, explain: true }),
        );
  });
});
