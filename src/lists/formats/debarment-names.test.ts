import { describe, expect, it } from 'vitest';
import { splitDebarmentName } from './debarment-names.js';

describe('splitDebarmentName (ADB and AfDB names)', () => {
  it('splits embedded former names, d/b/a and quoted short forms; keeps descriptors', () => {
    expect(
      splitDebarmentName('A2Z Infra Ltd (Previously known as A2Z Maintenance Ltd) (“A2Z Infra”)'),
    ).toEqual({
      name: 'A2Z Infra Ltd',
      aliases: ['A2Z Maintenance Ltd', 'A2Z Infra'],
      weak: ['A2Z Infra'],
    });
    expect(splitDebarmentName('John Test a.k.a. Johnny Test')).toEqual({
      name: 'John Test',
      aliases: ['Johnny Test'],
      weak: [],
    });
    expect(splitDebarmentName('CNO S.A. (except branches in Africa)')).toEqual({
      name: 'CNO S.A. (except branches in Africa)',
      aliases: ['CNO S.A.'],
      weak: [],
    });
  });
});
