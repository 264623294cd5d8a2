// The basis a screening ran on (list versions of the index it asked, engine version), as usage records keep it.
import type { ListVersionRef, ScreeningBasis } from '../../domain/usage.js';
import { ENGINE_VERSION } from '../../matching/index.js';

/** The basis of a screening that asked an index built over these list versions. */
export const basisOf = (lists: readonly ListVersionRef[]): ScreeningBasis => ({
  lists,
  engineVersion: ENGINE_VERSION,
});

/** Adverse media screens news, not lists: no list version, the engine that finds the name in the text. */
export const NEWS_BASIS: ScreeningBasis = basisOf([]);
