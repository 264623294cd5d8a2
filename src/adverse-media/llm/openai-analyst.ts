// The analyst over any OpenAI-compatible chat completions server (OpenAI, Azure OpenAI v1, vLLM, Ollama, llama.cpp).
// SDK types and errors stay in this file; callers see ModelAssessment and AnalysisError only.
import OpenAI from 'openai';
import { dataMessage, SYSTEM_PROMPT } from './analyst-prompt.js';
import {
  AnalysisError,
  type Analyst,
  type ArticleForAnalysis,
  type ModelAssessment,
  type Subject,
} from './analyst.js';
import { assessmentSchema, parseBatchAnswer } from './assessment-schema.js';

export interface OpenAiAnalystOptions {
  /** Null: the SDK's default (OpenAI's public API). */
  readonly baseUrl: string | null;
  /** Null for local servers that need none. */
  readonly apiKey: string | null;
  readonly model: string;
  readonly timeoutMs: number;
}

/** Structured-output chat completions, one call per batch, temperature 0 so the same articles read the same. */
export class OpenAiAnalyst implements Analyst {
  readonly #client: OpenAI;
  readonly #model: string;

  constructor(opts: OpenAiAnalystOptions) {
    this.#model = opts.model;
    this.#client = new OpenAI({
      // Passed explicitly so the SDK never falls back to OPENAI_* variables: config.ts is the only reader.
      baseURL: opts.baseUrl ?? 'https://api.openai.com/v1',
      apiKey: opts.apiKey ?? 'unused',
      timeout: opts.timeoutMs,
      // Retrying is ours (once per batch), so the SDK must not multiply it.
      maxRetries: 0,
      // The SDK's own log lines would name the server; ours do not.
      logLevel: 'off',
    });
  }

  async assessBatch(subject: Subject, articles: readonly ArticleForAnalysis[]): Promise<ModelAssessment[]> {
    const ids = articles.map((a) => a.id);
    let content: string | null | undefined;
    try {
      const completion = await this.#client.chat.completions.create({
        model: this.#model,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: dataMessage(subject, articles) },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'article_assessments', strict: true, schema: assessmentSchema(ids) },
        },
      });
      const choice = completion.choices?.[0];
      if (choice?.message?.refusal)
        throw new AnalysisError('refused', 'the analysis model refused the batch');
      content = choice?.message?.content;
    } catch (err) {
      throw toAnalysisError(err);
    }
    return parseBatchAnswer(content, ids);
  }
}

function toAnalysisError(err: unknown): AnalysisError {
  if (err instanceof AnalysisError) return err;
  if (err instanceof OpenAI.APIConnectionTimeoutError)
    return new AnalysisError('timeout', 'the analysis model timed out');
  if (err instanceof OpenAI.APIConnectionError)
    return new AnalysisError('unreachable', 'the analysis model could not be reached');
  if (err instanceof OpenAI.APIError) {
    const status = err.status ?? 0;
    if (status === 429 || status === 503) return new AnalysisError('busy', 'the analysis model was busy');
    if (status === 408 || status === 504) return new AnalysisError('timeout', 'the analysis model timed out');
    return new AnalysisError('unreachable', `the analysis model answered HTTP ${status}`);
  }
  // A malformed completion object (a server that is not quite compatible).
  return new AnalysisError('invalid_output', 'the analysis answer was invalid: unexpected response shape');
}
