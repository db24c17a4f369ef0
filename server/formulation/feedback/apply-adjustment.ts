import type { Formula } from '#api';
import type { Score } from '../scoring/compute-scores';
import type { CompositionLine } from '../formulas/build-formula';
import type { Candidate, HardRule } from '../formulas/formulas-table';
import type { FeedbackChange, ProductAdjustment } from './adjust-from-feedback';

/** A product's adjustment as the formula builder applies it: with the actives that give way to the next best. */
export interface AppliedAdjustment extends ProductAdjustment {
  /** The actives moved after every other candidate of their need (the product's previous actives, for next_best). */
  demote: ReadonlySet<string>;
}

const levelOf = (score: number): Score['level'] => (score >= 60 ? 'high' : score >= 30 ? 'moderate' : 'low');

/**
 * The product's scores moved by its feedback, within 0-100; the feedback's sentence comes first among a raised
 * score's reasons, so an active it brings says why ("balances an oily scalp: you told us your scalp is still oily").
 */
export function shiftedScores(scores: ReadonlyMap<string, Score>, adjustment: AppliedAdjustment | undefined): ReadonlyMap<string, Score> {
  if (!adjustment || adjustment.scores.length === 0) return scores;
  const shifted = new Map(scores);
  for (const { dimension, points, because } of adjustment.scores) {
    const score = shifted.get(dimension);
    if (!score) continue;
    const value = Math.max(0, Math.min(100, score.score + points));
    shifted.set(dimension, { ...score, score: value, level: levelOf(value), reasons: [{ because, points, source: 'answers' }, ...score.reasons] });
  }
  return shifted;
}

/** The hard rule a fragrance-free choice in the feedback adds to its products: no perfume, no fragrance ingredient. */
export function feedbackHardRules(adjustment: AppliedAdjustment | undefined): HardRule[] {
  if (!adjustment?.scent || !('free' in adjustment.scent)) return [];
  return [
    {
      rule: 'fragrance_free',
      test: () => true,
      excludes: ['fragrance', 'allergen'],
      gentleScent: false,
      label: 'fragrance and fragrance allergens',
      because: adjustment.scent.because,
    },
  ];
}

/** A need's candidates in the order the feedback wants them: avoided ones out, preferred ones first, demoted ones last. */
export function orderedCandidates(candidates: readonly Candidate[], adjustment: AppliedAdjustment | undefined): readonly Candidate[] {
  if (!adjustment) return candidates;
  const kept = candidates.filter((c) => !adjustment.avoid.has(c.ingredient.id));
  const rank = (c: Candidate) => (adjustment.prefer.has(c.ingredient.id) ? 0 : adjustment.demote.has(c.ingredient.id) ? 2 : 1);
  return kept
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
}

/** What a made formula is, for telling whether the feedback changed it: everything the lab makes and the label says. */
function made(formula: Formula, composition: readonly CompositionLine[]): string {
  return JSON.stringify([
    formula.skeleton_slug,
    formula.fragrance?.slug ?? null,
    formula.actives.map((a) => [a.slug, a.percent, a.amount]),
    composition.map((line) => [line.ingredient.id, line.percent]),
    formula.free_of.map((r) => r.rule),
  ]);
}

/**
 * One product's formula with its feedback (README.md): made as usual when the feedback does not touch it; when a
 * keep rule holds, made as usual and saying so; otherwise made with its rules one after the other, its previous
 * actives (those ordered, else those it would have now) giving way to the next best, and each rule shown only when
 * it changed the formula at its turn (a texture rule: when the feedback changed the product's texture).
 */
export function composeWithFeedback(
  compose: (adjustment?: AppliedAdjustment) => { formula: Formula; composition: CompositionLine[] },
  adjustment: ProductAdjustment | undefined,
  textureChanged: boolean,
): { formula: Formula; composition: CompositionLine[] } {
  if (!adjustment) return compose();
  const plain = compose();
  if (adjustment.kept)
    return withChanges(
      plain,
      adjustment.steps.map((s) => s.change),
    );
  const previous = new Set(adjustment.ordered?.actives ?? plain.formula.actives.map((a) => a.slug));
  let result = plain;
  let before = made(plain.formula, plain.composition);
  const shown: FeedbackChange[] = [];
  for (const step of adjustment.steps) {
    result = compose({ ...step.after, demote: step.after.nextBest ? previous : new Set() });
    const now = made(result.formula, result.composition);
    if (now !== before || (step.change.texture && textureChanged)) shown.push(step.change);
    before = now;
  }
  return shown.length > 0 ? withChanges(result, shown) : result;
}

function withChanges(result: { formula: Formula; composition: CompositionLine[] }, changes: readonly FeedbackChange[]) {
  return { ...result, formula: { ...result.formula, feedback_changes: changes.map(({ product, change, because }) => ({ product, change, because })) } };
}
