// The exclusion authorities OIG writes in EXCLTYPE (sections of the Social Security Act, plus breaches of
// integrity agreements), with OIG's own short descriptions. Section 1128(a) exclusions are mandatory.

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  '1128a1': 'Conviction of program-related crimes',
  '1128a2': 'Conviction relating to patient abuse or neglect',
  '1128a3': 'Felony conviction relating to health care fraud',
  '1128a4': 'Felony conviction relating to controlled substance',
  '1128b1': 'Misdemeanor conviction relating to health care fraud',
  '1128b2': 'Conviction relating to obstruction of an investigation or audit',
  '1128b3': 'Misdemeanor conviction relating to controlled substance',
  '1128b4': 'License revocation, suspension or surrender',
  '1128b5': 'Exclusion or suspension under federal or state health care program',
  '1128b6':
    'Claims for excessive charges, unnecessary services or services which fail to meet professionally recognized standards of health care',
  '1128b7': 'Fraud, kickbacks, and other prohibited activities',
  '1128b8': 'Entities controlled by a sanctioned individual',
  '1128b8a': 'Entities controlled by a family or household member of an excluded individual',
  '1128b9': 'Failure to disclose required information',
  '1128b10': 'Failure to supply requested information on subcontractors and suppliers',
  '1128b11': 'Failure to supply payment information',
  '1128b12': 'Failure to grant immediate access',
  '1128b13': 'Failure to take corrective action',
  '1128b14': 'Default on health education loan or scholarship obligations',
  '1128b15': 'Individuals controlling a sanctioned entity',
  '1128b16': 'Making false statement or misrepresentations of material fact',
  '1128aa': 'Civil monetary penalty',
  '1156': 'Failure to meet statutory obligations of practitioners and providers (QIO/PRO findings)',
  'brch cia': 'Breach of Corporate Integrity Agreement',
  'brch sa': 'Breach of Settlement Agreement',
};

const key = (code: string) => code.toLowerCase().replace(/\s+/g, ' ').replace(/[()]/g, '').trim();

/** OIG's description of an EXCLTYPE code (`1128b4`, `1128(b)(4)`, `BRCH CIA`); null when unknown. */
export function exclusionDescription(code: string | null): string | null {
  if (code === null) return null;
  return DESCRIPTIONS[key(code)] ?? null;
}

/** True for 1128(a) (mandatory) exclusions, false for other known authorities, null when unknown. */
export function exclusionMandatory(code: string | null): boolean | null {
  if (code === null) return null;
  const k = key(code);
  if (/^1128a\d/.test(k)) return true;
  return DESCRIPTIONS[k] !== undefined ? false : null;
}
