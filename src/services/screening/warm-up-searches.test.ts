import { describe, expect, it } from 'vitest';
import { SEARCH_TYPES, type ListedParty, type Match, type NameSearcher } from '../../domain/screening.js';
import { buildNameIndex } from '../../matching/index.js';
import { syntheticEntries } from '../../test-support/synthetic-names.js';
import { spreadOrder, warmUpQueries, warmUpSearches } from './warm-up-searches.js';

/** A searcher of `names.length` parties that records every search it is asked. */
function recordingSearcher(names: readonly string[], onSearch?: () => void) {
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
      return { id: `l:${i}`, list: 'l', sourceUid: String(i), names: [names[i]!] };
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

  it('are the name alone when no word is long enough to drop a letter from, and nothing for a blank name', () => {
    expect(warmUpQueries('Li Bo')).toEqual(['Li Bo']);
    expect(warmUpQueries('  ')).toEqual([]);
  });
});

describe('warmUpSearches', () => {
  it('searches a sample spread over the whole index at every search type', async () => {
    const names = Array.from({ length: 1000 }, (_, i) => `Party Number${i} Holdings`);
    const { searcher, asked, parties } = recordingSearcher(names);
    const done = await warmUpSearches(searcher, { budgetMs: 60_000, maxParties: 10, sliceMs: 5 });
    expect([...parties].sort((a, b) => a - b)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(done.searches).toBe(10 * 2 * SEARCH_TYPES.length);
    expect(asked).toHaveLength(done.searches);
    expect(new Set(asked.map((a) => a.type))).toEqual(new Set(SEARCH_TYPES));
    expect(asked.filter((a) => a.query === 'Party Number500 Holdings')).toHaveLength(SEARCH_TYPES.length);
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
    // Each search takes 1 ms of the fake clock: 8 searches a party, a budget of 20 ms stops it after the third,
    // which are the first, the middle and the quarter of the index, not its first three names.
    const { searcher, parties } = recordingSearcher(names, () => (clock += 1));
    const done = await warmUpSearches(searcher, {
      budgetMs: 20,
      maxParties: 100,
      sliceMs: 1_000,
      now: () => clock,
    });
    expect(parties).toEqual([0, 64, 32]);
    expect(done).toEqual({ searches: 24, ms: 24 });
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
