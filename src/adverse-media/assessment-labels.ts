// The labels an article assessment may carry: the spec's roles and severities, and our offence categories.

/** The subject's role in an article (spec role table). */
export const ROLES = [
  'accused',
  'associate',
  'enforcement',
  'victim',
  'commentator',
  'unrelated',
  'unclear',
] as const;
export type Role = (typeof ROLES)[number];

/** Only these roles can contribute risk. */
export const SCORING_ROLES: ReadonlySet<Role> = new Set<Role>(['accused', 'associate']);

export const SEVERITIES = ['high', 'medium', 'low', 'none'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Predicate offences; a closed list so the risk block's categories are comparable across screenings. */
export const CATEGORIES = [
  'fraud',
  'money_laundering',
  'bribery',
  'corruption',
  'embezzlement',
  'tax_evasion',
  'sanctions_evasion',
  'terrorist_financing',
  'terrorism',
  'organised_crime',
  'drug_trafficking',
  'human_trafficking',
  'arms_trafficking',
  'cybercrime',
  'market_abuse',
  'environmental_crime',
  'violent_crime',
  'regulatory_breach',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];
