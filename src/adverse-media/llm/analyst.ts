// The analyst port: one batch of articles about a subject in, one validated assessment per article out.
import type { Category, Role, Severity } from '../assessment-labels.js';

/** The person or company being screened. */
export interface Subject {
  readonly name: string;
  readonly context: string | null;
}

/** One article as the analyst sees it; `id` is ours and unique within the batch. */
export interface ArticleForAnalysis {
  readonly id: string;
  readonly title: string | null;
  readonly domain: string | null;
  readonly publishedDate: string | null;
  /** Title and snippet: all the evidence a quote may come from. */
  readonly text: string;
}

/** The model's judgement of one article, after schema validation (not yet checked against the article). */
export interface ModelAssessment {
  readonly id: string;
  readonly about_subject: boolean;
  readonly role: Role;
  readonly severity: Severity;
  readonly categories: readonly Category[];
  /** Who the finding is attributed to, as the article names them; null when there is no finding. */
  readonly attributed_to: string | null;
  /** A verbatim quote from the article supporting the label; null when there is no finding. */
  readonly evidence: string | null;
  readonly note: string;
}

/** Why a batch failed, in words that may reach a caller: never the provider, model or address. */
export type AnalysisFailure = 'timeout' | 'unreachable' | 'busy' | 'refused' | 'invalid_output';

export class AnalysisError extends Error {
  constructor(
    readonly reason: AnalysisFailure,
    message: string,
  ) {
    super(message);
    this.name = 'AnalysisError';
  }
}

/** Judges articles. Throws AnalysisError when the batch could not be judged or the answer failed validation. */
export interface Analyst {
  assessBatch(subject: Subject, articles: readonly ArticleForAnalysis[]): Promise<ModelAssessment[]>;
}
