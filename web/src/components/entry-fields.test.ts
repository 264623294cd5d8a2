// Entry details fields: labels in words, internal fields hidden, flags shown only when they say something.
import { describe, expect, it } from 'vitest';
import { fieldLabel, visibleFields } from './entry-fields.ts';

describe('fieldLabel', () => {
  it('turns field names into words, keeping abbreviations in capitals', () => {
    expect(fieldLabel('sdn_type')).toBe('SDN type');
    expect(fieldLabel('uid')).toBe('UID');
    expect(fieldLabel('dates_of_birth')).toBe('Dates of birth');
    expect(fieldLabel('id_number')).toBe('ID number');
    expect(fieldLabel('listedOn')).toBe('Listed on');
    expect(fieldLabel('remarks_truncated')).toMatch(/^Remarks cut short/);
  });
});

describe('visibleFields', () => {
  it('hides how the record was read, and a flag that is not set', () => {
    const rec = { name: 'X', published_format: 'xml', remarks_truncated: false, remarks: 'r' };
    expect(visibleFields(rec).map(([k]) => k)).toEqual(['name', 'remarks']);
    expect(visibleFields({ ...rec, remarks_truncated: true }).map(([k]) => k)).toEqual([
      'name',
      'remarks_truncated',
      'remarks',
    ]);
  });
});
