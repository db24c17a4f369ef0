import type { AnswerCatalog } from '#engine/compiler';
import { aggressorSlugs, knownFacts } from './known-facts';
import { computeScores, profileFacts, type AggressorLevel, type Score } from './scoring/compute-scores';
import { loadScoringTable, type ScoringCategory, type ScoringTable } from './scoring/scoring-table';
import { loadTexturesTable, rankTextures, type RankedTexture, type TexturesTable } from './textures/rank-textures';

/**
 * The formulation service's tables, read and checked once at start (a broken table stops the server
 * with every problem and its file:line:column), and what it derives from one profile. Pure: the same
 * answers and aggressors always derive the same data.
 */
export interface Formulation {
  scoring: ScoringTable;
  textures: TexturesTable;
  /** Everything derived from one profile's answers and the aggressors of its place today. */
  derive(answers: Readonly<Record<string, unknown>>, aggressors: readonly AggressorLevel[]): DerivedProfile;
}

export interface DerivedProfile {
  scores: Record<ScoringCategory, Score[]>;
  textures: Record<'CLEANSER' | 'MOISTURIZER', RankedTexture[]>;
}

/** Builds the formulation from the flows' answer catalogue (the fields and values its rules may test). */
export function createFormulation(catalog: AnswerCatalog): Formulation {
  const scoring = loadScoringTable(knownFacts(catalog));
  const textures = loadTexturesTable(
    scoring.skincare.map((d) => d.id),
    aggressorSlugs,
  );
  return {
    scoring,
    textures,
    derive(answers, aggressors) {
      const facts = profileFacts(answers, aggressors);
      const scores = { haircare: computeScores(scoring, 'haircare', facts), skincare: computeScores(scoring, 'skincare', facts) };
      return { scores, textures: rankTextures(textures, scores.skincare, aggressors) };
    },
  };
}
