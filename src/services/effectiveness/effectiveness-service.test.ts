import { describe, expect, it } from 'vitest';
import { ListsNotLoadedError } from '../../errors.js';
import { buildNameIndex } from '../../matching/index.js';
import { syntheticEntries } from '../../test-support/synthetic-names.js';
import { ListState } from '../list-state.js';
import { FactsBook, QualifiedSearcher } from '../screening/qualified-searcher.js';
import { EffectivenessService } from './effectiveness-service.js';

function loadedState(): ListState {
  const state = new ListState(['synthetic']);
  state.markLoaded({ slug: 'synthetic', recordCount: 0, dataDate: null, loadedAt: '2026-01-01T00:00:00Z' });
  state.searcher = buildNameIndex([
    ...syntheticEntries(2000, 5).map((e) => ({ ...e, list: 'synthetic' })),
    {
      list: 'synthetic',
      sourceUid: 'putin',
      name: 'PUTIN, Vladimir Vladimirovich',
      aliases: ['Владимир Владимирович Путин'],
    },
    { list: 'synthetic', sourceUid: 'kim', name: 'KIM Jong Un', aliases: ['김정은'] },
  ]);
  return state;
}

describe('EffectivenessService', () => {
  const service = new EffectivenessService(loadedState());

  it('gives the same report for the same seed and other samples for another seed', async () => {
    const opts = { seed: 11, perKind: 25, cleanNames: 40 };
    const a = await service.run(opts);
    expect(await service.run(opts)).toEqual(a);
    const b = await service.run({ ...opts, seed: 12 });
    expect(b.samples).not.toEqual(a.samples);
    expect(b.clean_samples).not.toEqual(a.clean_samples);
  });

  it('reports recall per kind and search type, and alert rates, with their counts', async () => {
    const r = await service.run({ seed: 1, perKind: 30, cleanNames: 60 });
    expect(r.parties).toBe(2002);
    expect(r.recall.map((row) => row.kind)).toEqual([
      'typo',
      'transposition',
      'reordering',
      'dropped_middle_name',
      'other_script',
      'title_and_surname',
      'initials',
    ]);
    const row = (kind: string) => r.recall.find((x) => x.kind === kind)!;
    expect(row('typo').cases).toBe(30);
    // Strict finds a reordered name, and keeps a typo only as a name's one departure: never more than standard finds.
    expect(row('reordering').recall.strict_match).toBe(1);
    expect(row('typo').recall.strict_match!).toBeGreaterThan(0);
    expect(row('typo').recall.standard_match!).toBeGreaterThanOrEqual(row('typo').recall.strict_match!);
    expect(row('typo').found.standard_match).toBe(Math.round(row('typo').recall.standard_match! * 30));
    // Two parties publish another script: both drawn, measured pairwise.
    expect(row('other_script').cases).toBe(2);
    expect(row('other_script').recall.fuzzy_search).toBeGreaterThan(0);
    for (const a of r.alert_rates) {
      expect(a.names).toBe(60);
      expect(a.alert_rate).toBe(a.alerts / 60);
    }
    const alerts = Object.fromEntries(r.alert_rates.map((a) => [a.search_type, a.alerts]));
    expect(alerts.strict_match!).toBeLessThanOrEqual(alerts.fuzzy_search!);
    expect(r.samples.filter((s) => s.kind === 'typo')).toHaveLength(3);
  });

  it('says nothing was measured (null) where no listed name allows a kind', async () => {
    const state = new ListState(['one']);
    state.markLoaded({ slug: 'one', recordCount: 1, dataDate: null, loadedAt: '2026-01-01T00:00:00Z' });
    state.searcher = buildNameIndex([{ list: 'one', sourceUid: '1', name: 'ACME TRADING LLC', aliases: [] }]);
    const r = await new EffectivenessService(state).run({ seed: 1, perKind: 5, cleanNames: 0 });
    expect(r.recall.find((x) => x.kind === 'initials')).toMatchObject({
      cases: 0,
      recall: { standard_match: null },
    });
    expect(r.alert_rates[0]!.alert_rate).toBeNull();
  });

  it('applies titles and initials only to parties their list publishes as persons', async () => {
    const state = new ListState(['one']);
    state.markLoaded({ slug: 'one', recordCount: 2, dataDate: null, loadedAt: '2026-01-01T00:00:00Z' });
    const facts = new FactsBook();
    facts.set('one', 'ship', { birthDates: [], countries: [], kind: 'vessel' });
    facts.set('one', 'man', { birthDates: [], countries: [], kind: 'person' });
    state.searcher = new QualifiedSearcher(
      buildNameIndex([
        { list: 'one', sourceUid: 'ship', name: 'Ivan Petrov', aliases: [] },
        { list: 'one', sourceUid: 'man', name: 'Ivan Bank', aliases: [] },
      ]),
      facts,
    );
    expect(state.searcher.party(0)).toMatchObject({ id: 'one:ship', kind: 'vessel' });
    const r = await new EffectivenessService(state).run({ seed: 1, perKind: 5, cleanNames: 0 });
    const initials = r.samples.filter((s) => s.kind === 'initials').map((s) => s.query);
    expect(initials).toEqual(['I. Bank']);
  });

  it('makes one report at a time', async () => {
    const first = service.run({ seed: 1, perKind: 5, cleanNames: 5 });
    await expect(service.run({ seed: 2, perKind: 5, cleanNames: 5 })).rejects.toThrow(/being made/);
    await first;
    await expect(service.run({ seed: 2, perKind: 5, cleanNames: 5 })).resolves.toBeDefined();
  });

  it('refuses sizes out of bounds and fails closed while lists load', async () => {
    await expect(service.run({ seed: 1, perKind: 0, cleanNames: 1 })).rejects.toThrow(/per_kind/);
    await expect(service.run({ seed: 1, perKind: 1, cleanNames: -1 })).rejects.toThrow(/clean_names/);
    const loading = new EffectivenessService(new ListState(['x']));
    await expect(loading.run({ seed: 1, perKind: 1, cleanNames: 1 })).rejects.toBeInstanceOf(
      ListsNotLoadedError,
    );
  });
});
