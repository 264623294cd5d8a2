// The risk block's shape, a leaf module: the scorer builds it, the summary reads it, neither imports the other.
import type { Category, Severity } from '../../adverse-media/assessment-labels.js';
import type { Band } from '../../domain/adverse-media.js';

export type { Band };

/** The risk block of the scored response. */
export interface RiskBlock {
  readonly score: number | null;
  readonly band: Band;
  readonly summary: string;
  readonly categories: Category[];
  readonly highest_severity: Severity | null;
  readonly implicating_articles: number;
  readonly corroborating_sources: number;
}
