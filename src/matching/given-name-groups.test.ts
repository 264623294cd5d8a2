import { describe, expect, it } from 'vitest';
import { isPatronymic, nameEquivalenceKeys, shareEquivalence } from './given-name-groups.js';
import { nameToken, normaliseName } from './normalise-name.js';
import { tokenSimilarity } from './score-names.js';
import { matchKey } from './token-keys.js';

// A word's equivalence keys as normalisation gives them (folded: Vladimír -> vladimir), and as the key alone does.
const keys = (spelling: string): readonly string[] => {
  const token = normaliseName(spelling).tokens[0]!;
  expect(nameEquivalenceKeys(matchKey(token.text))).toEqual(token.equivalents);
  return token.equivalents;
};
const same = (a: string, b: string): boolean => shareEquivalence(keys(a), keys(b));

describe('given-name groups', () => {
  it('pair one given name across Russian, Ukrainian, Belarusian, Polish, Czech, German and Hungarian spellings', () => {
    for (const other of ['Volodymyr', 'Uladzimir', 'Wladimir', 'Wlodzimierz', 'Vladimír', 'Vlagyimir'])
      expect(same('Vladimir', other), other).toBe(true);
    for (const other of ['Aleksandr', 'Alexander', 'Aliaksandr', 'Alyaksandr'])
      expect(same('Oleksandr', other), other).toBe(true);
    expect(same('Mykola', 'Nikolai')).toBe(true);
    expect(same('Mikalai', 'Nikolay')).toBe(true);
    expect(same('Olha', 'Volha')).toBe(true);
  });

  it('pair patronymics whose given names are one name, male and female, and Ilyich with Ilya', () => {
    expect(same('Mikalaevich', 'Nikolaevich')).toBe(true);
    expect(same('Mykolaiovych', 'Nikolayevich')).toBe(true);
    expect(same('Uladzimiravich', 'Volodymyrovych')).toBe(true);
    expect(same('Volodymyrivna', 'Vladimirovna')).toBe(true);
    expect(same('Siarheevich', 'Serhiiovych')).toBe(true);
    expect(same('Olehivna', 'Alehauna')).toBe(true);
    expect(same('Ilyich', 'Illich')).toBe(true);
  });

  it('pair Abd with Abdul and with Abdullah, but not Abdul with Abdullah', () => {
    for (const other of ['Abdul', 'Abdel', 'Abdallah', 'Abdullah', 'Abdulla'])
      expect(same('Abd', other), other).toBe(true);
    expect(same('Abdul', 'Abdullah')).toBe(false);
    expect(same('Abdel', 'Abdallah')).toBe(false);
  });

  it('keep different names, a given name and a patronymic, and unknown words apart', () => {
    expect(same('Mykola', 'Mykhailo')).toBe(false);
    expect(same('Nikolaevich', 'Mikhailovich')).toBe(false);
    // A given name is not its own patronymic.
    expect(same('Nikolai', 'Nikolaevich')).toBe(false);
    expect(keys('Smith')).toEqual([]);
    expect(keys('Karpovich')).toEqual([]);
    // A surname in -ovich whose stem is no given name of the table.
    expect(keys('Abramovich')).toEqual([]);
    // A Polish surname in -owicz pairs with the patronymic, but is no patronymic itself.
    expect(same('Aleksandrowicz', 'Aleksandrovich')).toBe(true);
    for (const surname of ['aleksandrowicz', 'aleksandrowitsch', 'aleksandrovitch', 'aleksandrovics'])
      expect(isPatronymic(surname, matchKey(surname), keys(surname)), surname).toBe(false);
    expect(isPatronymic('aleksandrovich', matchKey('aleksandrovich'), keys('Aleksandrovich'))).toBe(true);
  });

  it('make the tolerant types pair the spellings as one typo would, and strict not at all', () => {
    const a = nameToken('oleksandr');
    const b = nameToken('alexander');
    expect(tokenSimilarity(a, b, 'edit')).toBeCloseTo(0.9);
    expect(tokenSimilarity(a, b, 'phonetic')).toBeCloseTo(0.9);
    expect(tokenSimilarity(a, b, 'exact')).toBe(0);
    expect(
      tokenSimilarity(a, b, 'edit', 0, { typos: true, soundAlikeSpelling: 0, equivalentNames: false }),
    ).toBeLessThan(0.84);
    expect(tokenSimilarity(nameToken('mykolaiovych'), nameToken('nikolaevich'), 'edit')).toBeCloseTo(0.9);
  });
});
