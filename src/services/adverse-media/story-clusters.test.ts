// Near-duplicate folding and publication identity: canonical URLs, titles, shingles, registrable domains.
import { describe, expect, it } from 'vitest';
import { canonicalUrl, jaccard, normalisedTitle, publicationOf, shingles } from './article-identity.js';
import { storyRepresentatives, type StoryArticle } from './story-clusters.js';

const a = (
  url: string,
  title: string,
  snippet: string,
  published_date: string | null = null,
): StoryArticle => ({
  url,
  title,
  snippet,
  published_date,
});

describe('article identity', () => {
  it('canonical URLs ignore scheme, www/m/amp hosts, tracking parameters, AMP paths and trailing slashes', () => {
    const same = [
      'https://www.bbc.co.uk/news/business-1',
      'http://bbc.co.uk/news/business-1/',
      'https://m.bbc.co.uk/news/business-1?utm_source=twitter&fbclid=x',
      'https://amp.bbc.co.uk/news/business-1/amp',
      'https://www.bbc.co.uk/news/business-1#comments',
    ].map(canonicalUrl);
    expect(new Set(same).size).toBe(1);
    expect(canonicalUrl('https://bbc.co.uk/news?id=2')).not.toBe(canonicalUrl('https://bbc.co.uk/news?id=3'));
    expect(canonicalUrl('ftp://x.example/a')).toBeNull();
    expect(canonicalUrl('not a url')).toBeNull();
  });

  it('a publication is its registrable domain (Public Suffix List)', () => {
    expect(publicationOf('https://news.bbc.co.uk/a')).toBe('bbc.co.uk');
    expect(publicationOf('https://www.bbc.co.uk/b')).toBe('bbc.co.uk');
    expect(publicationOf('https://edition.cnn.com/c')).toBe('cnn.com');
    expect(publicationOf('https://alice.github.io/x')).toBe('alice.github.io');
    expect(publicationOf('https://bob.github.io/x')).toBe('bob.github.io');
  });

  it('titles are compared without case, accents, punctuation or the outlet suffix; short ones never', () => {
    expect(normalisedTitle('Banker Iván Petrov convicted of fraud - Reuters')).toBe(
      normalisedTitle('BANKER IVAN PETROV CONVICTED OF FRAUD | The Guardian'),
    );
    expect(normalisedTitle('Fraud trial - BBC')).toBeNull();
  });

  it('shingle Jaccard', () => {
    expect(jaccard(shingles('a b c d'), shingles('a b c d'))).toBe(1);
    expect(jaccard(shingles('a b c d e'), shingles('v w x y z'))).toBe(0);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });
});

describe('storyRepresentatives', () => {
  const text =
    'Ivan Petrov, a Moscow banker, was indicted on Tuesday on charges of laundering money for a cartel.';

  it('folds copies by URL, by title and by shingle overlap >= 0.5, represented by the earliest copy', () => {
    const reps = storyRepresentatives([
      a('https://local.example/1', 'Banker indicted in laundering case', text, '2025-01-03'),
      a(
        'https://wire.example/2',
        'Moscow banker Ivan Petrov indicted',
        `${text} He denies it.`,
        '2025-01-02',
      ),
      a(
        'https://www.local.example/1?utm_campaign=z',
        'Another headline entirely for the same page',
        'x',
        null,
      ),
      a(
        'https://other.example/3',
        'Banker indicted in laundering case - Other',
        'different words here',
        '2025-01-05',
      ),
      a('https://sports.example/4', 'Cup final won by the local side', 'Sidorov scored twice.', '2025-01-01'),
    ]);
    expect(reps).toEqual([1, 1, 1, 1, 4]);
  });

  it('below the Jaccard threshold two stories stay two; ties go to search order', () => {
    const reps = storyRepresentatives([
      a('https://a.example/1', 'One', 'Ivan Petrov was fined by the regulator for late filings in 2019.'),
      a('https://b.example/2', 'Two', 'Ivan Petrov opened a bakery in the old town and hired ten people.'),
    ]);
    expect(reps).toEqual([0, 1]);
  });
});
