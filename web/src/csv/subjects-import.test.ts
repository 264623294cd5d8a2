// The customer import: calls within the API's limits, a refused row set aside with the API's message while the
// rest of its call is sent again, progress after every call, and a failure that is not about a row stopping the
// import with how far it got.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import type { SubjectInput } from '../api/api-types.ts';
import type { SubjectRow } from './subjects-csv.ts';
import { chunkSubjects, importSubjects, refusedItem, type ImportProgress } from './subjects-import.ts';

const rows = (n: number, name = (i: number) => `Name ${i}`): SubjectRow[] =>
  Array.from({ length: n }, (_, i) => ({ row: i + 2, subject: { name: name(i) } }));

describe('chunkSubjects', () => {
  it('cuts at the row limit, 10,000 by default', () => {
    expect(chunkSubjects(rows(25_001)).map((c) => c.length)).toEqual([10_000, 10_000, 5_001]);
    expect(chunkSubjects(rows(5), 2).map((c) => c.length)).toEqual([2, 2, 1]);
    expect(chunkSubjects([])).toEqual([]);
  });

  it('cuts by size too, so long names never make a body over the limit', () => {
    const long = rows(10, () => 'x'.repeat(500));
    const chunks = chunkSubjects(long, 10_000, 1_600);
    expect(chunks.map((c) => c.length)).toEqual([3, 3, 3, 1]);
    for (const c of chunks) expect(JSON.stringify(c.map((r) => r.subject)).length).toBeLessThanOrEqual(1_600);
  });
});

describe('refusedItem', () => {
  it('reads the item the API names, and its problem', () => {
    expect(refusedItem(new ApiError(400, 'subjects item 3.name must not be blank'))).toEqual({
      item: 3,
      problem: 'name must not be blank',
    });
    expect(refusedItem(new ApiError(400, 'subjects item 12: unknown field "nick"'))).toEqual({
      item: 12,
      problem: 'unknown field "nick"',
    });
  });

  it('is null for anything that is not a 400 about one item', () => {
    expect(refusedItem(new ApiError(503, 'subjects item 3.name lists not loaded'))).toBeNull();
    expect(refusedItem(new ApiError(400, 'subjects must hold at least one subject'))).toBeNull();
    expect(refusedItem(new TypeError('fetch failed'))).toBeNull();
  });
});

describe('importSubjects', () => {
  it('sends every row in calls, reporting progress after each', async () => {
    const calls: number[] = [];
    const progress: ImportProgress[] = [];
    const outcome = await importSubjects(
      rows(5),
      async (s) => calls.push(s.length),
      (p) => progress.push(p),
      { maxRows: 2 },
    );
    expect(calls).toEqual([2, 2, 1]);
    expect(progress.map((p) => p.imported)).toEqual([2, 4, 5]);
    expect(outcome).toEqual({ imported: 5, refused: 0, total: 5, problems: [], stoppedBy: null });
  });

  it('sets a refused row aside with the API’s message and sends the rest of its call again', async () => {
    const sent: string[][] = [];
    const send = async (s: SubjectInput[]) => {
      sent.push(s.map((x) => x.name));
      const bad = s.findIndex((x) => x.name.startsWith('???'));
      if (bad >= 0) throw new ApiError(400, `subjects item ${bad + 1}.name no letters or digits to screen`);
    };
    const input = rows(4, (i) => (i === 1 ? '???' : `Name ${i}`));
    const outcome = await importSubjects(input, send, () => undefined, { maxRows: 3 });
    expect(sent).toEqual([['Name 0', '???', 'Name 2'], ['Name 0', 'Name 2'], ['Name 3']]);
    expect(outcome).toMatchObject({
      imported: 3,
      refused: 1,
      total: 4,
      problems: [{ row: 3, name: '???', problem: 'name no letters or digits to screen' }],
      stoppedBy: null,
    });
  });

  it('stops at a failure that is not about a row, saying how far it got', async () => {
    let n = 0;
    const unavailable = new ApiError(503, 'lists are still loading');
    const outcome = await importSubjects(
      rows(5),
      async () => {
        if (++n === 2) throw unavailable;
      },
      () => undefined,
      { maxRows: 2 },
    );
    expect(outcome).toEqual({ imported: 2, refused: 0, total: 5, problems: [], stoppedBy: unavailable });
  });
});
