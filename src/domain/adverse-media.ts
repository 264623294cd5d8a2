// Adverse media value sets and the risk block, declared once: the schemas, the services and the adapters use these.

/** `adverse` pairs the name with risk vocabulary; `general` searches the bare name. */
export const AM_MODES = ['adverse', 'general'] as const;
export type AmMode = (typeof AM_MODES)[number];

export const AM_TOPICS = ['general', 'news', 'finance'] as const;
export type AmTopic = (typeof AM_TOPICS)[number];

export const AM_DEPTHS = ['basic', 'advanced', 'fast', 'ultra-fast'] as const;
export type AmDepth = (typeof AM_DEPTHS)[number];

export const AM_TIME_RANGES = ['day', 'week', 'month', 'year'] as const;
export type AmTimeRange = (typeof AM_TIME_RANGES)[number];

/** Risk bands; `unknown` when no article could be judged (score null). */
export const RISK_BANDS = ['none', 'low', 'medium', 'high', 'unknown'] as const;
export type Band = (typeof RISK_BANDS)[number];

/** How much of a screening's analysis completed (spec `screening.analysis_status`). */
export const ANALYSIS_STATUSES = ['ok', 'partial', 'unavailable'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];
