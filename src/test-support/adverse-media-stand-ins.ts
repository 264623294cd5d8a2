// Loopback stand-ins for adverse media's two upstreams: a search provider (Tavily's /search) and an
// OpenAI-compatible /v1/chat/completions server, both answering from a script the test (or benchmark) sets.
import type http from 'node:http';
import { loopbackServer, type LoopbackServer } from './loopback-server.js';

/** One search result as Tavily returns it. */
export interface TavilyResult {
  title: string;
  url: string;
  content: string;
  score?: number;
  published_date?: string;
}

/** One article of a batch as the stand-in model reads it from the user message. */
export interface PromptArticle {
  id: string;
  source: string | null;
  published: string | null;
  title: string | null;
  text: string;
}

/** The model's label for one article (the fields of our structured-output schema). */
export interface ScriptedLabel {
  id: string;
  about_subject: boolean;
  role: string;
  severity: string;
  categories: string[];
  attributed_to: string | null;
  evidence: string | null;
  note: string;
}

/** What the stand-in model does with one batch: labels, a raw content string, or an HTTP failure. */
export type BatchAnswer =
  { labels: ScriptedLabel[] } | { content: string } | { status: number; body?: string } | { hang: true };

export interface StandIns {
  readonly search: LoopbackServer;
  readonly llm: LoopbackServer;
  /** Environment for testService / loadConfig pointing at the stand-ins. */
  readonly env: Record<string, string>;
  /** Search answer: the results, or an HTTP status, or a delay before answering (ms). */
  searchAnswer:
    { results: TavilyResult[] } | { status: number } | { delayMs: number; results: TavilyResult[] };
  /** Called per chat completion request with the batch's articles; `call` counts from 1 across the run. */
  judge: (articles: PromptArticle[], call: number) => BatchAnswer | Promise<BatchAnswer>;
  /** Delay before every LLM answer (ms). */
  llmDelayMs: number;
  /** Bodies of the chat completion requests received, in arrival order. */
  readonly llmRequests: Record<string, unknown>[];
  /** Bodies and headers of the search requests received. */
  readonly searchRequests: { body: Record<string, unknown>; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The articles of a chat completion request (the user message is our JSON data document). */
export function promptArticles(body: Record<string, unknown>): PromptArticle[] {
  const messages = body.messages as { role: string; content: string }[];
  const user = messages.find((m) => m.role === 'user');
  return (JSON.parse(user!.content) as { articles: PromptArticle[] }).articles;
}

/** A label that reads the article as unrelated (the default judgement). */
export const unrelatedLabel = (id: string): ScriptedLabel => ({
  id,
  about_subject: false,
  role: 'unrelated',
  severity: 'none',
  categories: [],
  attributed_to: null,
  evidence: null,
  note: 'Not about the subject.',
});

export async function adverseMediaStandIns(): Promise<StandIns> {
  const search = await loopbackServer();
  const llm = await loopbackServer();
  let calls = 0;
  const s: StandIns = {
    search,
    llm,
    env: {
      SEARCH_PROVIDER: 'tavily',
      SEARCH_API_KEY: 'tvly-test-key',
      SEARCH_BASE_URL: search.url,
      LLM_BASE_URL: `${llm.url}/v1`,
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'test-model',
    },
    searchAnswer: { results: [] },
    judge: (articles) => ({ labels: articles.map((a) => unrelatedLabel(a.id)) }),
    llmDelayMs: 0,
    llmRequests: [],
    searchRequests: [],
    close: async () => {
      await search.close();
      await llm.close();
    },
  };
  search.routes.set('/search', async (req, res) => {
    s.searchRequests.push({ body: await readJson(req), headers: req.headers });
    const a = s.searchAnswer;
    if ('status' in a) return sendJson(res, a.status, { detail: { error: 'scripted failure' } });
    if ('delayMs' in a) await sleep(a.delayMs);
    sendJson(res, 200, { query: 'q', answer: null, images: [], results: a.results, response_time: 0.1 });
  });
  llm.routes.set('/v1/chat/completions', async (req, res) => {
    const body = await readJson(req);
    s.llmRequests.push(body);
    const call = ++calls;
    if (s.llmDelayMs > 0) await sleep(s.llmDelayMs);
    const answer = await s.judge(promptArticles(body), call);
    if ('hang' in answer) return; // never answers: the client's timeout must fire
    if ('status' in answer)
      return sendJson(res, answer.status, answer.body ?? { error: { message: 'scripted' } });
    const content = 'content' in answer ? answer.content : JSON.stringify({ assessments: answer.labels });
    sendJson(res, 200, {
      id: `chatcmpl-${call}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: String(body.model),
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });
  return s;
}
