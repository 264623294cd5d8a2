import { describe, expect, it } from 'vitest';
import { publishedDate } from './published-date.js';

describe('publishedDate', () => {
  it('reads the publishers’ dates without a time-zone shift', () => {
    expect(publishedDate('Tue, 04 Mar 2025 23:30:00 -0500')).toBe('2025-03-04');
    expect(publishedDate('03/04/2025')).toBe('2025-03-04');
    expect(publishedDate('04 Mar 2025')).toBe('2025-03-04');
    expect(publishedDate('March 4, 2025')).toBe('2025-03-04');
    expect(publishedDate('Feb. 14, 2025')).toBe('2025-02-14');
    expect(publishedDate('2025-03-04T17:00:00Z')).toBe('2025-03-04');
    expect(publishedDate('31/31/2025')).toBeNull();
    expect(publishedDate('soon')).toBeNull();
  });
});
