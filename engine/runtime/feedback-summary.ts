import type { Scalar } from '../schema/predicate-schema.ts';
import type { CompiledFlow, CompiledStep, CompiledStepOf } from '../compile/compiled-flow.ts';
import { allOptions } from '../compile/field-model.ts';
import type { Answers } from './types.ts';
import { PHASE_LABELS } from '../schema/feedback-values.ts';

/** One answer the results list: its field, its name on the screen, the value given. */
export interface SummaryTopic {
  field: string;
  label: string;
  value: Scalar;
}

/** A new fragrance chosen (spec 002 §2.7): the field, the product it is for when the step names one, the saved value. */
export interface SummaryFragrance {
  field: string;
  product?: string;
  /** The saved value: a fragrance slug, or frag_free / FRAGRANCE_FREE for NONE (§5.4). */
  value: string;
  /** The chosen option's name, when the flow's words are there. */
  label?: string;
  /** Whether the value means no fragrance (§9.7). */
  fragranceFree: boolean;
}

/** A product's fragrance intensity to change (spec 002 §2.7, §9.4): too_strong is reduced, too_light reinforced. */
export interface SummaryIntensity {
  product: string;
  field: string;
  answer: 'too_strong' | 'too_light';
  change: 'reduce' | 'reinforce';
}

/** A texture preferred for a product (spec 002 §2.7). */
export interface SummaryTexture {
  product: string;
  field: string;
  value: Scalar;
  label?: string;
}

/** The supplement progress of spec 002 §9.6: the usage duration row and its three phases, in percent. */
export interface SummaryPhases {
  /** The usage duration the phases follow (§9.5), answered or worked out from the months of supplement orders. */
  duration: UsageDuration;
  /** Where it came from: the shopper's answer, or the months since the first supplement order (one order, one month). */
  source: 'answer' | 'orders';
  phases: [number, number, number];
  labels: [string, string, string];
}

/** What a feedback results screen shows (spec 002 §2.7). */
export interface FeedbackSummary {
  improvements: SummaryTopic[];
  concerns: SummaryTopic[];
  fragrances: SummaryFragrance[];
  intensity: SummaryIntensity[];
  textures: SummaryTexture[];
  /** For supplements (a results step with `phases`); undefined otherwise. */
  phases?: SummaryPhases;
}

/** What the summary needs from the order beyond the answers. */
export interface SummaryOrderFacts {
  /** Months since the first supplement_core item was ordered, one order counting as one month (spec 002 §3.1, §9.1). */
  supplementMonths?: number;
}

/** The usage durations of spec 002 §9.5. */
export type UsageDuration = 'not_started' | 'le_one_month' | 'two_months' | 'three_months' | 'four_months' | 'five_months' | 'ge_six_months';

/** Spec 002 §9.6: the supplement progress phases (phase1, phase2, phase3 in percent) by usage duration. */
export const SUPPLEMENT_PHASES: Readonly<Record<UsageDuration, readonly [number, number, number]>> = {
  not_started: [0, 0, 0],
  le_one_month: [0, 0, 0],
  two_months: [50, 0, 0],
  three_months: [100, 25, 0],
  four_months: [100, 50, 0],
  five_months: [100, 75, 0],
  ge_six_months: [100, 100, 50],
};

const isDuration = (value: unknown): value is UsageDuration => typeof value === 'string' && Object.hasOwn(SUPPLEMENT_PHASES, value);

/**
 * The usage duration matching a number of months of supplement orders (spec 002 §9.1: one order, one month): none is
 * not started, one is "one month or less", six and more "six months or more".
 */
export function durationFromMonths(months: number): UsageDuration {
  if (!(months >= 1)) return 'not_started';
  const whole = Math.floor(months);
  if (whole === 1) return 'le_one_month';
  if (whole >= 6) return 'ge_six_months';
  return (['two_months', 'three_months', 'four_months', 'five_months'] as const)[whole - 2]!;
}

/** Every fragrance-free code (spec 002 §9.7) and the choice NONE. */
const fragranceFreeCodes = new Set(['none', 'frag_free', 'fragrance_free', 'fragrance-free', 'no_added_fragrance']);
export const isFragranceFree = (value: unknown): boolean => typeof value === 'string' && fragranceFreeCodes.has(value.toLowerCase());

const readable = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1).replace(/[_-]+/g, ' ');

/** The label of the option of `step` a stored value stands for (its own value, or the value its writes save). */
function optionLabel(step: CompiledStep, field: string, value: Scalar): string | undefined {
  const option = allOptions(step).find((o) => o.value === value || o.writes?.[field] === value);
  return option?.label;
}

/**
 * Whether the shopper chose a new fragrance for `product`, so its old fragrance's intensity no longer matters (the next
 * formula takes the new one: server/formulation/feedback/feedback-rules.yaml): a fragrance choice for that product, or
 * the order's own choice (no `product`) for any product without a choice of its own; answered, and not saved as the same
 * fragrance again (`new_fragrance` false, §5.4 skincare).
 */
function replacedScent(flow: CompiledFlow, answers: Answers, product: string): boolean {
  const choices = flow.steps.filter((s): s is CompiledStepOf<'fragrance-choice'> => s.kind === 'fragrance-choice');
  const own = choices.find((s) => s.product === product) ?? (choices.some((s) => s.product === product) ? undefined : choices.find((s) => !s.product));
  if (!own) return false;
  const chosen = answers[own.field];
  if (typeof chosen !== 'string' || chosen === '') return false;
  return answers[own.newFragrance?.field ?? 'new_fragrance'] !== false;
}

/**
 * The results screen's summary (spec 002 §2.7) from a feedback flow, its answers and the order: improvements and
 * concerns (answers in the results step's `positive` and `concern` sets, §9.3-9.4, over its `topics` or else every
 * field the flow's choice steps write, in flow order), the fragrance choices made, each product's intensity to reduce
 * (too_strong) or reinforce (too_light), the textures chosen, and for supplements the phases of §9.6: from the usage
 * duration answered, else from the months since the first supplement order (one order, one month).
 * @example feedbackSummary(flow, { product_shampoo_impact: 'clean' }).improvements // [{ field: 'product_shampoo_impact', label: 'Shampoo', value: 'clean' }]
 */
export function feedbackSummary(flow: CompiledFlow, answers: Answers, order: SummaryOrderFacts = {}): FeedbackSummary {
  const results = flow.steps.find((s): s is CompiledStepOf<'feedback-results'> => s.kind === 'feedback-results');
  const positive = new Set<unknown>(results?.positive ?? []);
  const concern = new Set<unknown>(results?.concern ?? []);

  // The topics: the results step's list, else every field a default question (single, boolean) writes, named by its step.
  const topics: [string, string][] = results?.topics
    ? Object.entries(results.topics)
    : flow.steps.filter((s) => s.kind === 'single' || s.kind === 'boolean').flatMap((s) => ('field' in s && s.field ? [[s.field, readable(s.name)]] : []));
  const improvements: SummaryTopic[] = [];
  const concerns: SummaryTopic[] = [];
  for (const [field, label] of topics) {
    const value = answers[field];
    if (value === undefined || value === null || Array.isArray(value)) continue;
    if (positive.has(value)) improvements.push({ field, label, value });
    else if (concern.has(value)) concerns.push({ field, label, value });
  }

  const fragrances: SummaryFragrance[] = [];
  const intensity: SummaryIntensity[] = [];
  const textures: SummaryTexture[] = [];
  for (const step of flow.steps) {
    if (step.kind === 'fragrance-choice') {
      const value = answers[step.field];
      if (typeof value !== 'string' || value === '') continue;
      const label = optionLabel(step, step.field, value);
      fragrances.push({
        field: step.field,
        ...(step.product ? { product: step.product } : {}),
        value,
        ...(label ? { label } : {}),
        fragranceFree: isFragranceFree(value),
      });
    } else if (step.kind === 'fragrance-rating') {
      const answer = answers[step.fields.intensity];
      if (answer === 'too_strong' || answer === 'too_light') {
        intensity.push({ product: step.product, field: step.fields.intensity, answer, change: answer === 'too_strong' ? 'reduce' : 'reinforce' });
      }
    } else if (step.kind === 'texture') {
      const value = answers[step.field];
      if (value === undefined || value === null || Array.isArray(value)) continue;
      const label = optionLabel(step, step.field, value);
      textures.push({ product: step.product, field: step.field, value, ...(label ? { label } : {}) });
    }
  }

  const summary: FeedbackSummary = {
    improvements,
    concerns,
    fragrances,
    intensity: intensity.filter((i) => !replacedScent(flow, answers, i.product)),
    textures,
  };
  if (results?.phases) {
    const answered = answers[results.phases.field];
    const duration = isDuration(answered) ? answered : durationFromMonths(order.supplementMonths ?? 0);
    summary.phases = {
      duration,
      source: isDuration(answered) ? 'answer' : 'orders',
      phases: [...SUPPLEMENT_PHASES[duration]],
      // The names travel with the flow's words (engine/runtime/flow-content.ts); until they are there, the standard ones.
      labels: results.phases.labels ?? [...PHASE_LABELS],
    };
  }
  return summary;
}
