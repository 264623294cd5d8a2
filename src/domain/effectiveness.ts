// Value sets of the effectiveness report: the kinds of manipulation applied to listed names.

/** How a listed name is changed before it is screened (the report's recall rows, in this order). */
export const MANIPULATIONS = [
  'typo',
  'transposition',
  'reordering',
  'dropped_middle_name',
  'other_script',
  'title_and_surname',
  'initials',
] as const;
export type Manipulation = (typeof MANIPULATIONS)[number];

/** What each manipulation does, in the words the report prints. */
export const MANIPULATION_DESCRIPTIONS: Readonly<Record<Manipulation, string>> = {
  typo: 'one letter of a word of 4+ letters replaced by a keyboard neighbour',
  transposition: 'two adjacent letters of a word of 4+ letters swapped',
  reordering: 'the words in another order ("SURNAME, Given" written "Given Surname", else reversed)',
  dropped_middle_name: 'a middle name or patronymic of a person left out (names of 3+ words)',
  other_script: "the list's own spelling in another script, compared pairwise with the Latin names",
  title_and_surname: 'a title before the surname alone ("President Putin")',
  initials: 'given names as initials before the surname ("V. V. Putin")',
};
