import type { AnswerCatalog, KnownFacts } from '#engine/compiler';
import type { ProductRecommendation, RankedFragrance } from '#api';
import { loadRecommendationTable, recommendProducts, type RecommendationTable } from './recommendations/recommend-products';
import { loadFragranceTable, rankFragrances, type FragranceTable } from './fragrances/rank-fragrances';
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
  fragrances: FragranceTable;
  recommendations: RecommendationTable;
  /** What the tables' rules may read: the answers, `aggressor.<slug>` and `score.<dimension>`. */
  known: KnownFacts;
  /** Everything derived from one profile's answers and the aggressors of its place today. */
  derive(answers: Readonly<Record<string, unknown>>, aggressors: readonly AggressorLevel[]): DerivedProfile;
}

export interface DerivedProfile {
  scores: Record<ScoringCategory, Score[]>;
  textures: Record<'CLEANSER' | 'MOISTURIZER', RankedTexture[]>;
  fragrances: Record<ScoringCategory, RankedFragrance[]>;
  routine: Record<ScoringCategory, ProductRecommendation[]>;
}

/** Builds the formulation from the flows' answer catalogue (the fields and values its rules may test). */
export function createFormulation(catalog: AnswerCatalog): Formulation {
  const known = knownFacts(catalog);
  const scoring = loadScoringTable(known);
  // Later tables may also read the scores, as `score.<dimension>` (0-100).
  const withScores = new Map(known);
  for (const dimension of [...scoring.haircare, ...scoring.skincare]) withScores.set(`score.${dimension.id}`, { values: null });
  const textures = loadTexturesTable(
    scoring.skincare.map((d) => d.id),
    aggressorSlugs,
  );
  const fragrances = loadFragranceTable(withScores);
  const recommendations = loadRecommendationTable(withScores);
  return {
    scoring,
    textures,
    fragrances,
    recommendations,
    known: withScores,
    derive(answers, aggressors) {
      const facts = profileFacts(answers, aggressors);
      const scores = { haircare: computeScores(scoring, 'haircare', facts), skincare: computeScores(scoring, 'skincare', facts) };
      const scored = { ...facts, ...Object.fromEntries([...scores.haircare, ...scores.skincare].map((s) => [`score.${s.dimension}`, s.score])) };
      return {
        scores,
        textures: rankTextures(textures, scores.skincare, aggressors),
        fragrances: { haircare: rankFragrances(fragrances, 'haircare', scored), skincare: rankFragrances(fragrances, 'skincare', scored) },
        routine: { haircare: recommendProducts(recommendations, 'haircare', scored), skincare: recommendProducts(recommendations, 'skincare', scored) },
      };
    },
  };
}
