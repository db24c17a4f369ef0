import type { Derived } from '../schema/flow-schema.ts';
import type { Answers } from './types.ts';

const isAnswered = (v: unknown) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);

/**
 * Computes a derived field (spec 000 §5.2: sebum level) from the answers: the sum of each term's score,
 * clamped. Undefined until every input is answered; a value missing from a term's table throws that
 * term's `unknown` message when it has one.
 * @example deriveValue(sebum, { diag_hair_type: 'oily', diag_regrease_delay: 'within_one_day' }) // 4
 */
export function deriveValue(derived: Derived, answers: Answers): number | undefined {
  let total = 0;
  for (const term of derived.terms) {
    // Own properties only: an answer or a field may be named like an Object.prototype member ("constructor").
    const value = Object.hasOwn(answers, term.from) ? answers[term.from] : undefined;
    if (!isAnswered(value)) return undefined;
    const score = Object.hasOwn(term.values, String(value)) ? term.values[String(value)] : undefined;
    if (score === undefined) {
      if (term.unknown) throw new Error(term.unknown);
      return undefined;
    }
    total += score;
  }
  if (derived.clamp) total = Math.min(derived.clamp[1], Math.max(derived.clamp[0], total));
  return total;
}

/**
 * The saved derived fields a save must carry: those with `save: true` that read a field being saved,
 * computed from the stored answers overlaid with the new ones.
 */
export function derivedWrites(derivations: readonly Derived[], stored: Answers, written: Answers): Answers {
  const out: Answers = {};
  const merged = { ...stored, ...written };
  for (const derived of derivations) {
    if (!derived.save || !derived.terms.some((t) => Object.hasOwn(written, t.from))) continue;
    const value = deriveValue(derived, merged);
    if (value !== undefined) out[derived.field] = value;
  }
  return out;
}
