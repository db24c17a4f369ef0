import type { Facts } from '#engine/compiler';
import type { ScoringCategory, ScoringTable } from './scoring-table';

/** One need, 0-100, and what moved it, largest first. */
export interface Score {
  dimension: string;
  label: string;
  score: number;
  level: 'low' | 'moderate' | 'high';
  reasons: { because: string; points: number; source: 'answers' | 'place' }[];
}

/** What the place does to the shopper, as the rules read it: `aggressor.<slug>` is its level. */
export interface AggressorLevel {
  slug: string;
  level: 'low' | 'moderate' | 'high';
}

/** The facts the formulation's rules read: the answers, and each aggressor as `aggressor.<slug>`. */
export function profileFacts(answers: Readonly<Record<string, unknown>>, aggressors: readonly AggressorLevel[]): Facts {
  const facts: Record<string, unknown> = { ...answers };
  for (const aggressor of aggressors) facts[`aggressor.${aggressor.slug}`] = aggressor.level;
  return facts as Facts;
}

const levelOf = (score: number): Score['level'] => (score >= 60 ? 'high' : score >= 30 ? 'moderate' : 'low');

/**
 * Scores a profile on every dimension of its category (issue 4 point 3): the dimension's base plus the
 * points of every rule that holds, kept within 0-100, with the reasons in the shopper's own terms.
 * Pure: the same answers and aggressors always give the same scores.
 * @example computeScores(table, 'haircare', profileFacts(answers, aggressors))[0] // { dimension: 'dryness', score: 65, ... }
 */
export function computeScores(table: ScoringTable, category: ScoringCategory, facts: Facts): Score[] {
  return table[category].map((dimension) => {
    const reasons = dimension.rules.filter((rule) => rule.test(facts)).map(({ because, points, source }) => ({ because, points, source }));
    const total = reasons.reduce((sum, reason) => sum + reason.points, dimension.base);
    const score = Math.max(0, Math.min(100, total));
    reasons.sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
    return { dimension: dimension.id, label: dimension.label, score, level: levelOf(score), reasons };
  });
}
