import { ApiError } from '../http/api-error';
import type { Services } from '../services';
import type { DerivedProfile, Formulation } from '../formulation/formulation';
import type { FormulaSet } from '../formulation/formulas/formula-views';
import { placeAggressors } from './place-aggressors';
import type { AggressorLevel } from '../formulation/scoring/compute-scores';
import { loadAnswers } from './load-answers';
import { feedbackKey, loadShopperFeedback } from './load-feedback';

/** The formulation, or a 503 when the server runs without one (only tests with made-up flows do). */
export function formulationOf(services: Services): Formulation {
  const formulation = services.flows.formulation;
  if (!formulation) throw new ApiError(503, 'formulation_unavailable', 'Recommendations are not available right now. Please try again later.');
  return formulation;
}

/**
 * Everything derived from a shopper's stored answers and the aggressors of their place today (spec 000
 * §3.7), computed on each request: derived data is never stale (§4.3).
 */
export async function loadDerivedProfile(
  services: Services,
  userId: number,
  aggressors: (answers: Record<string, unknown>) => Promise<AggressorLevel[]>,
): Promise<{ answers: Record<string, unknown>; derived: DerivedProfile }> {
  const formulation = formulationOf(services);
  const answers = await loadAnswers(services.db, userId);
  return { answers, derived: formulation.derive(answers, await aggressors(answers)) };
}

/**
 * Every formula that would be made for the shopper today (their place's aggressors on the server's date), tuned by
 * their latest completed feedback of each category (server/formulation/feedback), with what they were derived from:
 * computed on each request, like the rest of the derived data.
 */
export async function loadFormulaSet(
  services: Services,
  userId: number,
  /** The shopper's answers when the caller has just read them (a renewal reads them with the subscriber). */
  known?: { answers: Record<string, unknown> },
): Promise<{ answers: Record<string, unknown>; derived: DerivedProfile; set: FormulaSet; formulation: Formulation }> {
  const formulation = formulationOf(services);
  const answers = known?.answers ?? (await loadAnswers(services.db, userId));
  const feedback = await loadShopperFeedback(services.db, userId);
  const now = services.clock.now();
  // The same answers and feedback on the same day give the same formulas (their place's aggressors and the season
  // included): kept for the day, so a cart change does not formulate 14 products again. Never stale: any answer or
  // newly completed feedback changes the key.
  const key = `${now.toISOString().slice(0, 10)}:${feedbackKey(feedback)}:${JSON.stringify(answers)}`;
  let kept = formulaSets.get(key);
  if (kept && kept.formulation === formulation) {
    formulaSets.delete(key);
    formulaSets.set(key, kept);
  } else {
    const aggressors = await placeAggressors(services, answers);
    const derived = formulation.derive(answers, aggressors);
    kept = { formulation, derived, set: formulation.formulate(answers, aggressors, now, derived, feedback) };
    formulaSets.set(key, kept);
    if (formulaSets.size > FORMULA_SETS_KEPT) formulaSets.delete(formulaSets.keys().next().value!);
  }
  return { answers, derived: kept.derived, formulation, set: kept.set };
}

/** The formula sets last computed, least recently used first (a Map keeps insertion order). */
const formulaSets = new Map<string, { formulation: Formulation; derived: DerivedProfile; set: FormulaSet }>();
const FORMULA_SETS_KEPT = 500;
