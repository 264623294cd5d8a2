// name_match and attribution: accents, case, script, particles and order never matter; other people do.
import { describe, expect, it } from 'vitest';
import { isSameParty, subjectName, textNamesSubject } from './name-in-text.js';

const names = (subject: string, text: string) => textNamesSubject(subjectName(subject), text);

describe('textNamesSubject', () => {
  it.each([
    ['José María Aznar', 'JOSE MARIA AZNAR was charged'],
    ['Ludwig van Beethoven', 'Beethoven, Ludwig wrote a letter'],
    ['Mohammed bin Salman', 'Crown prince Muhammad ibn Salman met the minister'],
    ['Muammar al-Gaddafi', 'the Moammar Qadhafi regime'],
    ['Muammar al-Gaddafi', 'Col. Gaddafi, Muammar, said'],
    ['Vladimir Putin', 'Владимир Путин подписал указ'],
    ['Yevgeny Prigozhin', 'Evgeny Prigozhin, the founder'],
    ['Aleksandr Ivanov', 'Alexander Ivanov was arrested'],
    ['Sergei Magnitsky', 'the lawyer Sergey Magnitskiy died'],
    ['Ivan Petrov', 'Ivan Sergeyevich Petrov, the banker'],
    ['Acme Trading LLC', 'Acme Trading Limited was fined'],
  ])('%s is named in "%s"', (subject, text) => {
    expect(names(subject, text)).toBe(true);
  });

  it.each([
    ['John Smith', 'Jane Smith was charged; John stayed home'],
    ['John Smith', 'John Doe and Mary Smith'],
    ['Ivan Petrov', 'Oleg Petrov was convicted'],
    ['Ivan Petrov', 'Ivan went to the market. Later that year Petrov moved'],
    ['Ivan Petrov', ''],
  ])('%s is not named in "%s"', (subject, text) => {
    expect(names(subject, text)).toBe(false);
  });
});

describe('isSameParty', () => {
  const ivan = subjectName('Ivan Petrov');
  it('accepts the subject written otherwise, with more or fewer names', () => {
    for (const n of ['PETROV, Ivan', 'Ivan Sergeyevich Petrov', 'Petrov', 'Iwan Petrow', 'Иван Петров'])
      expect(isSameParty(ivan, n), n).toBe(true);
  });
  it('rejects somebody else', () => {
    for (const n of ['Oleg Petrov', 'Ivan Sidorov', 'the bank', ''])
      expect(isSameParty(ivan, n), n).toBe(false);
  });
});
