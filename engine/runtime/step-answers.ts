import type { Scalar } from '../schema/predicate-schema.ts';
import { parsePostalCode } from './postal-code.ts';
import type { OptionValue, Tip } from '../schema/flow-schema.ts';
import type { ChoiceStep, CompiledOption, CompiledStep } from '../compile/compiled-flow.ts';
import { allOptions, optionWrites } from '../compile/field-model.ts';
import { isListKind } from '../schema/step-shapes.ts';
import type { RuleScope } from '../rules/evaluate-rule.ts';
import type { FlowRuntime } from './flow-runtime.ts';
import type { Answers, AnswerValue, FlowEnvironment, Selection } from './types.ts';
import { FEEDBACK_COMPLETED, RATING_SKIP } from '../schema/feedback-values.ts';

const answered = (v: AnswerValue | undefined) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
const perOption = (step: ChoiceStep) => !step.field && step.options.some((o) => o.field);

/** The option case that applies now, if any (spec 000 §4.5 hair-style options and tip). */
function activeCase(runtime: FlowRuntime, step: ChoiceStep, scope: RuleScope) {
  return step.optionCases?.find((c) => runtime.guard(c.when)(scope));
}

/** The options a step offers for these answers: the case's list or the step's, minus retired and ruled-out options. */
export function offeredOptions(runtime: FlowRuntime, step: CompiledStep, scope: RuleScope): CompiledOption[] {
  if (!('options' in step)) return [];
  const list = activeCase(runtime, step, scope)?.options ?? step.options;
  return list.filter((o) => !o.retired && (!o.when || runtime.guard(o.when)(scope)));
}

/** The tip shown now: the applying case's tip, else the step's. */
export function activeTip(runtime: FlowRuntime, step: CompiledStep, scope: RuleScope): Tip | undefined {
  if ('options' in step) return activeCase(runtime, step, scope)?.tip ?? step.tip;
  return step.tip;
}

/**
 * The selection a step starts with, rebuilt from stored answers: legacy aliases shown as their
 * option (§2.4 partial_or_tips), exceptions rebuilt from pref_vegan/pref_silicone (§5.4), fragrance
 * from pref_fragrance_free (§5.5), stored hair styles kept only when one is still known (§4.5).
 */
export function selectionFromAnswers(runtime: FlowRuntime, step: CompiledStep, scope: RuleScope): Selection {
  const stored = scope.answers;
  // The results screen always writes its completed status (spec 002 §2.7).
  if (step.kind === 'feedback-results') return { status: FEEDBACK_COMPLETED };
  if (step.kind === 'text') {
    const value = stored[step.field];
    return typeof value === 'string' ? value : undefined;
  }
  // Form steps (the zip code, the checkout's): one value per role, read from the field the role names.
  if ('fields' in step) {
    const picked = Object.entries(step.fields).filter(([, field]) => stored[field] != null);
    return (picked.length > 0 ? Object.fromEntries(picked.map(([role, field]) => [role, stored[field]])) : undefined) as Selection;
  }
  if (!('options' in step)) return undefined;
  if (step.initial && runtime.guard(step.initial.clearWhen)(scope)) return isListKind(step.kind) ? [] : step.kind === 'matrix' ? {} : undefined;
  const options = allOptions(step);
  const canonical = (v: OptionValue) => options.find((o) => o.aliases?.includes(v))?.value ?? v;

  if (step.kind === 'matrix') {
    const values = new Set(options.map((o) => o.value));
    const picked: Record<string, OptionValue> = {};
    for (const row of step.rows) {
      const value = stored[row.field];
      if (value !== undefined && value !== null && !Array.isArray(value) && values.has(canonical(value))) picked[row.field] = canonical(value);
    }
    return picked;
  }
  if (isListKind(step.kind)) {
    if (perOption(step)) {
      const own = options.filter((o) => o.field);
      const picked = own.filter((o) => stored[o.field!] === (o.selected ?? true)).map((o) => o.value);
      const allAnswered = own.every((o) => answered(stored[o.field!]));
      const exclusive = options.find((o) => o.exclusive && !o.field);
      return picked.length === 0 && allAnswered && exclusive ? [exclusive.value] : picked;
    }
    const value = step.field ? stored[step.field] : undefined;
    if (!Array.isArray(value)) return [];
    const list = value.map(canonical);
    const known = new Set(offeredOptions(runtime, step, scope).map((o) => o.value));
    return list.some((v) => known.has(v)) ? [...new Set(list)] : [];
  }

  if (step.kind === 'boolean') {
    const value = step.field ? stored[step.field] : undefined;
    return typeof value === 'boolean' ? value : undefined;
  }
  // Single choice: the option whose writes all match what is stored.
  const match = options.find((o) => {
    const writes = optionWrites(step, o);
    const keys = Object.keys(writes).filter((k) => stored[k] !== undefined);
    return keys.length > 0 && keys.every((k) => stored[k] === writes[k] || (k === step.field && o.aliases?.includes(stored[k] as OptionValue)));
  });
  return match?.value;
}

/**
 * The answer fields a selection writes (the saving rules): goals stored as 3/0 (§5.3), exceptions
 * as pref_vegan/pref_silicone (§5.4), fragrance NONE as pref_fragrance_free (§5.5), zip code and country.
 */
export function answersFromSelection(step: CompiledStep, selection: Selection, env?: Pick<FlowEnvironment, 'order'>): Answers {
  const feedback = feedbackAnswers(step, selection);
  if (feedback) return feedback;
  // A role left out is written as null: a new card chosen after a saved one drops the saved one's id.
  if ('fields' in step) {
    const value = selection as Record<string, Scalar | undefined> | undefined;
    if (!value) return {};
    return Object.fromEntries(
      Object.entries(step.fields).map(([role, field]) => [field, role === 'zipcode' ? normalizeZipcode(String(value[role])) : (value[role] ?? null)]),
    );
  }
  if (!('options' in step)) return {};
  const options = allOptions(step);
  if (step.kind === 'matrix') {
    const picked = (selection as Selection<'matrix'>) ?? {};
    return Object.fromEntries(step.rows.filter((r) => picked[r.field] !== undefined).map((r) => [r.field, picked[r.field]!]));
  }
  if (isListKind(step.kind)) {
    const picked = (selection as OptionValue[] | undefined) ?? [];
    if (perOption(step)) {
      const out: Answers = {};
      for (const o of options) {
        if (o.field) out[o.field] = picked.includes(o.value) ? (o.selected ?? true) : (o.unselected ?? false);
      }
      return out;
    }
    return step.field ? { [step.field]: [...picked], ...(step.writes ?? {}) } : {};
  }
  const value = selection as OptionValue | undefined;
  if (value === undefined) return {};
  const option = options.find((o) => o.value === value);
  if (!option) return step.field ? { [step.field]: value as Scalar } : {};
  const written = optionWrites(step, option);
  if (step.kind === 'fragrance-choice' && step.newFragrance && env) {
    written[step.newFragrance.field] = differentFragrance(written[step.field], env.order[step.newFragrance.fact.slice('order.'.length)]);
  }
  return written;
}

/** Free text as saved: an empty (or blank) text is not an answer, and is saved as null (spec 002 §5.4, §8). */
const keptText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** What the feedback family's form steps write (spec 002 §2.6); undefined for the other kinds. */
function feedbackAnswers(step: CompiledStep, selection: Selection): Answers | undefined {
  switch (step.kind) {
    case 'feedback-results':
      return { [step.fields.status]: FEEDBACK_COMPLETED };
    case 'text':
      return { [step.field]: keptText(selection) };
    case 'public-review': {
      const texts = (selection as Selection<'public-review'>) ?? {};
      return { [step.fields.public]: keptText(texts.public), [step.fields.internal]: keptText(texts.internal) };
    }
    case 'fragrance-rating': {
      const picked = selection as Selection<'fragrance-rating'>;
      if (!picked || picked.satisfaction === undefined) return {};
      // Spec 002 §4.4: a fragrance not used enough (0) has no intensity.
      const intensity = picked.satisfaction === RATING_SKIP ? null : (picked.intensity ?? null);
      return { [step.fields.satisfaction]: picked.satisfaction, [step.fields.intensity]: intensity };
    }
    default:
      return undefined;
  }
}

/** The names a fragrance goes by for fragrance-free (spec 002 §9.7): the order's codes and the saved choices. */
const fragranceFree = new Set(['frag_free', 'fragrance_free', 'no_added_fragrance']);
const fragranceKey = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || value === '') return undefined;
  const key = value.toLowerCase().replace(/-/g, '_');
  return fragranceFree.has(key) ? 'fragrance_free' : key;
};

/**
 * Whether a chosen fragrance differs from the ordered one (spec 002 §5.4 skincare new_fragrance): slugs compared
 * without case, every fragrance-free code as one. An order whose fragrance is unknown makes any choice a new one.
 */
export function differentFragrance(chosen: unknown, ordered: unknown): boolean {
  const before = fragranceKey(ordered);
  return before === undefined || fragranceKey(chosen) !== before;
}

/** A zip code as the shop keeps it (./postal-code.ts); what is not one is kept as typed, for the server to refuse. */
export function normalizeZipcode(raw: string): string {
  return parsePostalCode(raw)?.zipcode ?? raw.trim();
}
