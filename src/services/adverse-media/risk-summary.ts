// The risk block's summary: one or two sentences generated from its numbers, never written by the model.
import type { RiskBlock } from './risk-block.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function categoryList(categories: readonly string[]): string {
  const names = categories.map((c) => c.replace(/_/g, ' '));
  if (names.length <= 3) return names.join(', ');
  return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/** The summary for a block whose other fields are final. */
export function riskSummary(
  risk: Omit<RiskBlock, 'summary'>,
  counts: { returned: number; unassessed: number },
): string {
  const { returned, unassessed } = counts;
  if (risk.score === null)
    return `Risk unknown: none of the ${plural(returned, 'article')} found could be assessed, so no score was given.`;
  const partly =
    unassessed > 0 ? ` ${unassessed} of ${returned} articles could not be assessed and are not counted.` : '';
  if (returned === 0) return 'No adverse media found: the search returned no articles.';
  if (risk.score === 0)
    return `No adverse media found: none of the ${plural(returned - unassessed, 'assessed article')} implicates the subject.${partly}`;
  const cats = risk.categories.length > 0 ? ` (${categoryList(risk.categories)})` : '';
  return (
    `${capitalise(risk.band)} risk, score ${risk.score} of 100: ${plural(risk.implicating_articles, 'article')} ` +
    `${risk.implicating_articles === 1 ? 'implicates' : 'implicate'} the subject, the most serious of ` +
    `${risk.highest_severity} severity${cats}, reported by ` +
    `${plural(risk.corroborating_sources, 'independent publication')}.${partly}`
  );
}
