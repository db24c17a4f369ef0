import { describe, expect, it } from 'vitest';
import { answersFromSelection, describeStep } from '#engine';
import { orderFacts } from '../../server/feedback/order-facts';
import { anOrder, feedbackFlow, orderItem, step, walk } from './feedback-flows-support';

const DURATIONS = ['not_started', 'le_one_month', 'two_months', 'three_months', 'four_months', 'five_months', 'ge_six_months'];
const TWO_MONTHS_ON = DURATIONS.slice(2);
const PROGRESS = [
  'product_supplements_overall_improvement',
  'product_supplements_hair_growth',
  'product_supplements_baby_hairs',
  'product_supplements_less_shedding',
  'product_supplements_shine',
  'product_supplements_softness',
  'product_supplements_strength',
  'product_supplements_thickness',
];
const scalpAnswers = { 'consultation.diag_sensitivity_level': 3, 'consultation.diag_dandruff_level': 4, 'consultation.diag_hair_type': 'oily' };
const duration = (value: string) => ({ product_supplements_usage_duration: value });
const usedFor = (value: string) => (s: { name: string }) => (s.name === 'product_supplements_usage_duration' ? value : undefined);

describe('spec 002 §2.4 supplements feedback pages', () => {
  it('§2.4: every page in the spec’s order when everything applies, each at /feedback/supplements/{name}', () => {
    const runtime = feedbackFlow('supplements', { context: scalpAnswers });
    expect(walk(runtime, usedFor('ge_six_months')).pages).toEqual([
      'intro',
      'product_supplements_usage_duration',
      'product_supplements_usage_frequency',
      'product_supplements_satisfaction',
      ...PROGRESS,
      'product_supplements_scalp_comfort',
      'product_supplements_scalp_flakes',
      'product_supplements_scalp_oil',
      'results',
      'public_review',
    ]);
    expect(runtime.steps[0]!.route).toBe('/feedback/supplements');
    for (const s of runtime.steps.slice(1)) expect(s.route).toBe(`/feedback/supplements/${s.name}`);
  });

  it('§2.4: the intro "Check your {product} progress" with the supplement’s name, and the 90-day text (its second reading after 90 days)', () => {
    const intro = (months: number) => {
      const order = anOrder([orderItem('supplement_core', { fragrance: null })]);
      order.items[0]!.variant.label = 'Custom Hair Supplements';
      const facts = orderFacts({ order, profile: null, now: '2026-08-20T00:00:00.000Z' });
      const runtime = feedbackFlow('supplements', { order: { ...facts.order, supplement_months: months } });
      return describeStep(runtime, step(runtime, 'intro').step, { answers: {}, env: runtime.env, variants: runtime.variants }, facts).text;
    };
    expect(intro(1).title).toBe('Check your Custom Hair Supplements progress');
    expect(intro(1).subtitle).toMatch(/first 90 days, your answers track the first signs of growth\. After 90 days, they help us decide on new ingredients/);
    expect(intro(3).subtitle).toMatch(/passed the 90-day mark/);
    expect(intro(1).body).toMatch(/reviews may be made public/);
  });

  it('§2.4, §9.5: the answer values', () => {
    const runtime = feedbackFlow('supplements');
    expect(step(runtime, 'product_supplements_usage_duration').offered()).toEqual(DURATIONS);
    expect(step(runtime, 'product_supplements_usage_frequency').offered()).toEqual(['daily', 'two_three_days', 'once_twice_a_week', 'stopped_use']);
    for (const name of [...PROGRESS, 'product_supplements_scalp_comfort', 'product_supplements_scalp_flakes', 'product_supplements_scalp_oil'])
      expect(step(runtime, name).offered(), name).toEqual(['yes_lots', 'yes_some', 'yes_a_little', 'not_yet', 'not_a_concern']);
    expect(step(runtime, 'product_supplements_satisfaction').step.kind).toBe('rating');
  });
});

describe('spec 002 §5.3 supplements question inclusion', () => {
  it('§5.3 "most questions" (our choice: the progress questions) need a usage of two_months up to ge_six_months', () => {
    const runtime = feedbackFlow('supplements', { context: scalpAnswers });
    for (const name of [...PROGRESS, 'product_supplements_scalp_comfort', 'product_supplements_scalp_flakes', 'product_supplements_scalp_oil']) {
      for (const d of TWO_MONTHS_ON) expect(step(runtime, name).included(duration(d)), `${name} ${d}`).toBe(true);
      for (const d of ['not_started', 'le_one_month']) expect(step(runtime, name).included(duration(d)), `${name} ${d}`).toBe(false);
      expect(step(runtime, name).included({}), name).toBe(false);
    }
  });

  it('§5.3 product_supplements_satisfaction needs three months or more', () => {
    const runtime = feedbackFlow('supplements');
    for (const d of DURATIONS)
      expect(step(runtime, 'product_supplements_satisfaction').included(duration(d)), d).toBe(
        ['three_months', 'four_months', 'five_months', 'ge_six_months'].includes(d),
      );
  });

  it('§5.3 scalp comfort needs diag_sensitivity_level 2 or more; flakes diag_dandruff_level 3 or more; oil diag_hair_type oily or oily_dry', () => {
    const shown = (name: string, context: Record<string, string | number>) =>
      step(feedbackFlow('supplements', { context }), name).included(duration('four_months'));
    expect([0, 1, 2, 3].map((l) => shown('product_supplements_scalp_comfort', { 'consultation.diag_sensitivity_level': l }))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect([0, 1, 3, 4].map((l) => shown('product_supplements_scalp_flakes', { 'consultation.diag_dandruff_level': l }))).toEqual([false, false, true, true]);
    expect(['oily', 'normal', 'oily_dry', 'dry'].map((t) => shown('product_supplements_scalp_oil', { 'consultation.diag_hair_type': t }))).toEqual([
      true,
      false,
      true,
      false,
    ]);
    for (const name of ['product_supplements_scalp_comfort', 'product_supplements_scalp_flakes', 'product_supplements_scalp_oil'])
      expect(shown(name, {}), name).toBe(false);
  });

  it('our choice: the usage frequency is asked of everyone who has started', () => {
    const runtime = feedbackFlow('supplements');
    for (const d of DURATIONS) expect(step(runtime, 'product_supplements_usage_frequency').included(duration(d)), d).toBe(d !== 'not_started');
  });

  it('§2.4 what-to-expect: shown for a usage of not_started or le_one_month (our "specific set of answers"), at /feedback/supplements/what-to-expect', () => {
    const runtime = feedbackFlow('supplements', { context: scalpAnswers });
    for (const d of DURATIONS) expect(step(runtime, 'what-to-expect').included(duration(d)), d).toBe(d === 'not_started' || d === 'le_one_month');
    expect(step(runtime, 'what-to-expect').step).toMatchObject({ route: '/feedback/supplements/what-to-expect', saveMode: 'none' });
    expect(walk(runtime, usedFor('le_one_month')).pages).toEqual([
      'intro',
      'product_supplements_usage_duration',
      'product_supplements_usage_frequency',
      'what-to-expect',
      'results',
      'public_review',
    ]);
    expect(walk(runtime, usedFor('not_started')).pages).toEqual(['intro', 'product_supplements_usage_duration', 'what-to-expect', 'results', 'public_review']);
    expect(walk(runtime, usedFor('two_months')).pages).not.toContain('product_supplements_satisfaction');
  });
});

describe('spec 002 §5.4, §2.7 supplements saving and results', () => {
  it('§3.2: the public review writes supplements_open_text_public and supplements_open_text_internal, empty text not saved', () => {
    const review = step(feedbackFlow('supplements'), 'public_review').step;
    expect(answersFromSelection(review, { public: '', internal: 'Capsules are big' })).toEqual({
      supplements_open_text_public: null,
      supplements_open_text_internal: 'Capsules are big',
    });
  });

  it('§2.7, §9.6: the results show the progress phases from the usage duration; improvements and concerns from §9.5', () => {
    const results = step(feedbackFlow('supplements'), 'results').step;
    expect(results).toMatchObject({
      kind: 'feedback-results',
      positive: ['yes_lots', 'yes_some', 'yes_a_little'],
      concern: ['not_yet'],
      phases: { field: 'product_supplements_usage_duration' },
    });
  });
});
