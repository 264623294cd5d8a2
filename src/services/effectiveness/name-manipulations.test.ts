import { describe, expect, it } from 'vitest';
import type { ListedParty } from '../../domain/screening.js';
import { manipulate } from './name-manipulations.js';
import { seededRandom } from './seeded-random.js';
import { cleanNames } from './clean-names.js';

const PUTIN: ListedParty = {
  id: 'un:1',
  list: 'un',
  sourceUid: '1',
  names: ['PUTIN, Vladimir Vladimirovich', 'Владимир Владимирович Путин'],
};
const ACME: ListedParty = { id: 'un:2', list: 'un', sourceUid: '2', names: ['ACME TRADING LLC'] };

describe('manipulate', () => {
  const random = seededRandom(3);

  it('changes one letter (typo) or swaps two adjacent letters (transposition) in one word', () => {
    for (let i = 0; i < 20; i++) {
      const t = manipulate('typo', ACME, random)!;
      expect(t.listedName).toBe('ACME TRADING LLC');
      const diff = [...t.query].filter((ch, j) => ch !== t.listedName[j]);
      expect(diff).toHaveLength(1);
      const s = manipulate('transposition', PUTIN, random)!;
      expect(s.query).not.toBe(s.listedName);
      expect([...s.query].sort().join('')).toBe([...s.listedName].sort().join(''));
    }
  });

  it('reorders, drops a middle name, puts a title before the surname and writes initials', () => {
    expect(manipulate('reordering', PUTIN, random)?.query).toBe('Vladimir Vladimirovich PUTIN');
    expect(manipulate('reordering', ACME, random)?.query).toBe('LLC TRADING ACME');
    expect(manipulate('dropped_middle_name', PUTIN, random)?.query).toBe('Vladimir PUTIN');
    expect(manipulate('title_and_surname', PUTIN, random)?.query).toMatch(/^[A-Z][a-z]+ PUTIN$/);
    expect(manipulate('initials', PUTIN, random)?.query).toBe('V. V. PUTIN');
  });

  it('takes the list’s own other-script spelling, compared with the Latin names', () => {
    expect(manipulate('other_script', PUTIN, random)).toEqual({
      query: 'Владимир Владимирович Путин',
      listedName: 'PUTIN, Vladimir Vladimirovich',
      compareWith: ['PUTIN, Vladimir Vladimirovich'],
    });
  });

  it('does not apply person kinds to organisations, nor other_script without one', () => {
    for (const kind of ['dropped_middle_name', 'title_and_surname', 'initials', 'other_script'] as const)
      expect(manipulate(kind, ACME, random)).toBeNull();
    const dotted = { ...ACME, names: ['MARIMBA ENTERTAINMENT, S.R.L. DE C.V.'] };
    expect(manipulate('initials', dotted, random)).toBeNull();
  });

  it('takes the kind the list publishes over the name’s words, and the words only where the kind is unknown', () => {
    // A vessel with a person's name: no title, no initials; a person whose name holds a business word gets them.
    const vessel: ListedParty = {
      id: 'un:3',
      list: 'un',
      sourceUid: '3',
      names: ['Ivan Petrov'],
      kind: 'vessel',
    };
    const person: ListedParty = {
      id: 'un:4',
      list: 'un',
      sourceUid: '4',
      names: ['Ivan Bank'],
      kind: 'person',
    };
    expect(manipulate('initials', vessel, random)).toBeNull();
    expect(manipulate('title_and_surname', vessel, random)).toBeNull();
    expect(manipulate('initials', person, random)?.query).toBe('I. Bank');
    expect(manipulate('initials', { ...person, kind: 'unknown' }, random)).toBeNull();
    expect(manipulate('initials', { ...vessel, kind: 'unknown' }, random)?.query).toBe('I. Petrov');
  });
});

describe('cleanNames', () => {
  it('is the same list for the same seed, another for another seed', () => {
    expect(cleanNames(50, seededRandom(1))).toEqual(cleanNames(50, seededRandom(1)));
    expect(cleanNames(50, seededRandom(1))).not.toEqual(cleanNames(50, seededRandom(2)));
    expect(cleanNames(50, seededRandom(1)).every((n) => n.split(' ').length >= 2)).toBe(true);
  });
});
