// The process's subject index on a real store: built once and kept, it still answers with every subject written
// since (by this process or another), never with a deleted one or a changed subject's old name; it is rebuilt
// only when the writes since outgrow it; `invalidate()` makes it read everything again. SQLite and PostgreSQL.
import { afterEach, describe, expect, it } from 'vitest';
import type { Subject } from '../../domain/monitoring.js';
import type { Store } from '../../store/store.js';
import { testBackends } from '../../test-support/test-stores.js';
import { CATCH_UP_OVERLAP_MS, LiveSubjectIndex } from './live-subject-index.js';
import { SubjectIndex } from './subject-index.js';

const USER = 'user-1';

for (const backend of testBackends()) {
  describe(`live subject index (${backend.name})`, () => {
    let store: Store | null = null;
    afterEach(async () => {
      await store?.close();
      store = null;
    });

    let n = 0;
    const write = async (name: string, reference: string, at = new Date()) =>
      (
        await store!.upsertSubjects(
          USER,
          [{ id: `s-${++n}-${reference}`, reference, name, searchType: 'standard_match' }],
          at.toISOString(),
        )
      )[0]!.subject;
    const found = async (index: LiveSubjectIndex, name: string): Promise<string[]> =>
      (await index.current())
        .candidates([name])
        .map((s: Subject) => s.reference ?? '')
        .sort();

    it('is built once, then catches up with writes, changes and deletions without rebuilding', async () => {
      store = await backend.open();
      await write('Anastasia Vorontsova', 'a');
      await write('Bartholomew Quigley', 'b');
      await write('Cornelius Fairweather', 'c');
      const built: number[] = [];
      const index = new LiveSubjectIndex(store, {
        rebuildMin: 2,
        build: (s) => {
          built.push(s.length);
          return SubjectIndex.build(s);
        },
      });
      expect(await found(index, 'Anastasia Vorontsova')).toEqual(['a']);
      expect(built).toEqual([3]);
      // Written after the build (as another process would: straight to the store).
      await write('Dorothea Lindqvist', 'd');
      expect(await found(index, 'Dorothea Lindqvist')).toEqual(['d']);
      // A changed name: found under the new one only.
      await write('Bartholomew Quimby', 'b');
      expect(await found(index, 'Bartholomew Quigley')).toEqual([]);
      expect(await found(index, 'Bartholomew Quimby')).toEqual(['b']);
      // A deleted subject is no longer a candidate.
      const c = (
        await store.listSubjects({ userId: USER, name: null, reference: 'c', afterId: null, limit: 1 })
      )[0]!;
      expect(await store.deleteSubject(USER, c.id, new Date().toISOString())).toBe(true);
      expect(await found(index, 'Cornelius Fairweather')).toEqual([]);
      expect(built).toEqual([3]);
      // Writes past the rebuild share: rebuilt over the live subjects (a, b, d, e, f).
      await write('Evangeline Marchetti', 'e');
      await write('Fitzgerald Oyelaran', 'f');
      expect(await found(index, 'Fitzgerald Oyelaran')).toEqual(['f']);
      expect(built).toEqual([3, 5]);
      expect(await found(index, 'Bartholomew Quimby')).toEqual(['b']);
      expect(await found(index, 'Cornelius Fairweather')).toEqual([]);
      await index.stop();
    });

    it('after writes in this process, is built in the background once they stop', async () => {
      store = await backend.open();
      for (const [i, name] of [
        'Anastasia Vorontsova',
        'Bartholomew Quigley',
        'Cornelius Fairweather',
      ].entries())
        await write(name, `r${i}`);
      const built: number[] = [];
      const index = new LiveSubjectIndex(store, {
        rebuildMin: 2,
        quietMs: 50,
        build: (s) => {
          built.push(s.length);
          return SubjectIndex.build(s);
        },
      });
      index.subjectsChanged();
      await expect.poll(() => built, { timeout: 10_000 }).toEqual([3]);
      await write('Dorothea Lindqvist', 'd');
      await write('Evangeline Marchetti', 'e');
      await write('Fitzgerald Oyelaran', 'f');
      index.subjectsChanged();
      await expect.poll(() => built, { timeout: 10_000 }).toEqual([3, 6]);
      // Built: the next use searches it without building again.
      expect(await found(index, 'Fitzgerald Oyelaran')).toEqual(['f']);
      expect(built).toEqual([3, 6]);
      await index.stop();
    });

    it('a write stamped before the catch-up overlap is found only after invalidate()', async () => {
      store = await backend.open();
      await write('Anastasia Vorontsova', 'a');
      const index = new LiveSubjectIndex(store);
      expect(await found(index, 'Anastasia Vorontsova')).toEqual(['a']);
      // Another process whose clock is far behind: its write is older than what the catch-up reads.
      await write('Gwendolyn Achterberg', 'g', new Date(Date.now() - 10 * CATCH_UP_OVERLAP_MS));
      expect(await found(index, 'Gwendolyn Achterberg')).toEqual([]);
      index.invalidate();
      expect(await found(index, 'Gwendolyn Achterberg')).toEqual(['g']);
      await index.stop();
    });
  });
}
