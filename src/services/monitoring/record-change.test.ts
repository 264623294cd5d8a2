// What a reopened alert says changed, on records shaped as the lists publish them.
import { describe, expect, it } from 'vitest';
import { describeRecordChange, listingChangedReason } from './record-change.js';

const ofac = {
  name: 'DOE, John',
  uid: 1,
  sdn_type: 'Individual',
  programs: ['SDGT'],
  aliases: [{ uid: 2, name: 'DOE, Johnny', category: 'strong' }],
  addresses: [{ city: 'Dubai', country: 'United Arab Emirates' }],
  remarks: null,
  details: { dates_of_birth: ['1970'], nationalities: ['Iran'] },
};

describe('describeRecordChange', () => {
  it('names each changed field with what happened to it', () => {
    const after = {
      ...ofac,
      aliases: [...ofac.aliases, { uid: 3, name: 'DOE, J.', category: 'weak' }],
      details: { ...ofac.details, dates_of_birth: ['1971'] },
      addresses: [],
    };
    expect(describeRecordChange(ofac, after)).toBe('aliases added, addresses removed, birth date changed');
    expect(listingChangedReason(ofac, after)).toBe(
      'listing changed: aliases added, addresses removed, birth date changed',
    );
  });

  it('says names, programs and remarks; a top-level field it does not know by its key', () => {
    expect(describeRecordChange(ofac, { ...ofac, name: 'DOE, Jon' })).toBe('name changed');
    expect(describeRecordChange(ofac, { ...ofac, programs: ['SDGT', 'IRGC'] })).toBe('programs added');
    expect(describeRecordChange(ofac, { ...ofac, remarks: 'Linked to X' })).toBe('remarks added');
    expect(describeRecordChange(ofac, { ...ofac, sdn_type: 'Entity' })).toBe('sdn type changed');
  });

  it('says plainly "listing changed" when the record the alert saw is no longer stored', () => {
    expect(listingChangedReason(undefined, ofac)).toBe('listing changed');
  });
});
