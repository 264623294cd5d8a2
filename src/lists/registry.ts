// The registry of official list sources: ingestion, the CLI, entry details and the catalog loop over it.
import type { ListSource } from './list-source.js';

/** Every source this build can ingest, in catalog order. */
export const SOURCES = [] as const satisfies readonly ListSource[];

/** The sources a deployment carries: all, or those named (unknown names are a configuration error). */
export function enabledSources(all: readonly ListSource[], enabled: readonly string[] | null): ListSource[] {
  if (enabled === null) return [...all];
  const unknown = enabled.filter((slug) => !all.some((s) => s.slug === slug));
  if (unknown.length > 0)
    throw new Error(
      `SCREENING_LISTS names unknown lists: ${unknown.join(', ')} (known: ${all.map((s) => s.slug).join(', ')})`,
    );
  return all.filter((s) => enabled.includes(s.slug));
}
