import { describe, expect, it } from 'vitest';
import { compileFlowSource, formatIssue } from '#engine/compiler';
import { durationFromMonths, feedbackSummary, SUPPLEMENT_PHASES, type CompiledFlow } from '#engine';

function compiled(text: string): CompiledFlow {
  const result = compileFlowSource(text, 'flows/feedback/summary.yaml');
  if (!result.flow) throw new Error(result.issues.map((i) => formatIssue(i, text)).join('\n'));
  return result.flow;
}

// Haircare's sets of spec 002 §9.3 on a few of its questions.
const haircare = compiled(`id: summary-haircare
category: haircare
kind: feedback
routes: { base: /feedback/haircare, results: /feedback/confirmation }
sections: [ { id: a, label: A } ]
optionSets:
  improved:
    - { value: "yes", label: "Yes" }
    - { value: some, label: Some }
    - { value: "no", label: "No" }
    - { value: not_a_concern, label: Not a concern }
steps:
  - { name: scalp_flakiness, kind: single, route: scalp_flakiness, field: scalp_flakiness, options: improved }
  - { name: hair_shine, kind: single, route: hair_shine, field: hair_shine, options: improved }
  - { name: hair_dryness, kind: single, route: hair_dryness, field: hair_dryness, options: improved }
  - name: product_shampoo_impact
    kind: single
    route: product_shampoo_impact
    field: product_shampoo_impact
    options:
      - { value: uncleansed_greasy, label: Greasy }
      - { value: clean, label: Clean }
      - { value: overstripped_dry, label: Dry }
  - name: product_conditioner_impact
    kind: single
    route: product_conditioner_impact
    field: product_conditioner_impact
    options:
      - { value: underconditioned_dry, label: Dry }
      - { value: soft_manageable, label: Soft }
      - { value: overconditioned_heavy, label: Heavy }
  - name: fragrance_satisfaction_intensity
    kind: fragrance-rating
    route: fragrance_satisfaction_intensity
    product: haircare
    fields: { satisfaction: fragrance_satisfaction, intensity: fragrance_intensity }
  - name: fragrance_new_choice
    kind: fragrance-choice
    route: fragrance_new_choice
    field: fragrance_new_choice
    noneValue: frag_free
    options:
      - { value: solstice, label: Solstice }
      - { value: NONE, label: Fragrance-Free }
  - name: fragrance_new_choice_hair_oil
    kind: fragrance-choice
    route: fragrance_new_choice_hair_oil
    field: fragrance_new_choice_hair_oil
    product: hair_oil
    noneValue: FRAGRANCE_FREE
    options:
      - { value: palma, label: Palma }
      - { value: NONE, label: Fragrance-Free }
  - name: results
    kind: feedback-results
    route: results
    positive: ["yes", clean, soft_manageable]
    concern: [some, "no", uncleansed_greasy, overstripped_dry, underconditioned_dry, overconditioned_heavy]
    topics:
      scalp_flakiness: Flakes
      hair_shine: Shine
      hair_dryness: Dryness
      product_shampoo_impact: Shampoo
      product_conditioner_impact: Conditioner
`);

// Skincare (spec 002 §9.4): per-product fragrance intensity and textures.
const skincare = compiled(`id: summary-skincare
category: skincare
kind: feedback
routes: { base: /feedback/skincare, results: /feedback/confirmation }
sections: [ { id: a, label: A } ]
steps:
  - name: skin-hydration
    kind: single
    route: skin-hydration
    field: skin_hydration
    options: [ { value: "yes", label: "Yes" }, { value: some, label: Some }, { value: "no", label: "No" }, { value: not_a_concern, label: Not a concern } ]
  - name: cleanser-texture
    kind: texture
    route: cleanser-texture
    field: cleanser_texture
    product: cleanser
    options: [ { value: gel, label: Gel cleanser }, { value: cream, label: Cream cleanser } ]
  - name: moisturizer-texture
    kind: texture
    route: moisturizer-texture
    field: moisturizer_texture
    product: moisturizer
    options: [ { value: light, label: Light }, { value: rich, label: Rich } ]
  - { name: fragrance-cleanser, kind: fragrance-rating, route: fragrance-cleanser, product: cleanser, fields: { satisfaction: fragrance_cleanser_satisfaction, intensity: fragrance_cleanser_intensity } }
  - { name: fragrance-serum, kind: fragrance-rating, route: fragrance-serum, product: serum, fields: { satisfaction: fragrance_serum_satisfaction, intensity: fragrance_serum_intensity } }
  - { name: fragrance-moisturizer, kind: fragrance-rating, route: fragrance-moisturizer, product: moisturizer, fields: { satisfaction: fragrance_moisturizer_satisfaction, intensity: fragrance_moisturizer_intensity } }
  - name: fragrance-new-choice
    kind: fragrance-choice
    route: fragrance-new-choice
    field: fragrance_new_choice
    noneValue: frag_free
    options: [ { value: blanca, label: Blanca }, { value: pacifica, label: Pacifica }, { value: NONE, label: Fragrance-free } ]
  - name: results
    kind: feedback-results
    route: results
    positive: ["yes"]
    concern: [some, "no"]
`);

const supplements = compiled(`id: summary-supplements
category: supplements
kind: feedback
routes: { base: /feedback/supplements, results: /feedback/confirmation }
sections: [ { id: a, label: A } ]
steps:
  - name: product_supplements_usage_duration
    kind: single
    route: product_supplements_usage_duration
    field: product_supplements_usage_duration
    options:
      - { value: not_started, label: Not started }
      - { value: le_one_month, label: One month or less }
      - { value: two_months, label: Two months }
      - { value: three_months, label: Three months }
      - { value: four_months, label: Four months }
      - { value: five_months, label: Five months }
      - { value: ge_six_months, label: Six months or more }
  - name: product_supplements_hair_growth
    kind: single
    route: product_supplements_hair_growth
    field: product_supplements_hair_growth
    options:
      - { value: yes_lots, label: Lots }
      - { value: yes_some, label: Some }
      - { value: yes_a_little, label: A little }
      - { value: not_yet, label: Not yet }
      - { value: not_a_concern, label: Not a concern }
  - name: results
    kind: feedback-results
    route: results
    positive: [yes_lots, yes_some, yes_a_little]
    concern: [not_yet]
    phases: {}
`);

describe('spec 002 §2.7 the results summary', () => {
  it('§9.3: improvements are answers in the positive set (yes, clean, soft_manageable), concerns those in the concern set', () => {
    const summary = feedbackSummary(haircare, {
      scalp_flakiness: 'yes',
      hair_shine: 'not_a_concern',
      hair_dryness: 'some',
      product_shampoo_impact: 'uncleansed_greasy',
      product_conditioner_impact: 'soft_manageable',
    });
    expect(summary.improvements).toEqual([
      { field: 'scalp_flakiness', label: 'Flakes', value: 'yes' },
      { field: 'product_conditioner_impact', label: 'Conditioner', value: 'soft_manageable' },
    ]);
    // not_a_concern is in neither set.
    expect(summary.concerns).toEqual([
      { field: 'hair_dryness', label: 'Dryness', value: 'some' },
      { field: 'product_shampoo_impact', label: 'Shampoo', value: 'uncleansed_greasy' },
    ]);
  });

  it('§9.3: each shampoo and conditioner negative is a concern, clean a shampoo improvement', () => {
    for (const value of ['uncleansed_greasy', 'overstripped_dry']) {
      expect(feedbackSummary(haircare, { product_shampoo_impact: value }).concerns.map((c) => c.value)).toEqual([value]);
    }
    for (const value of ['underconditioned_dry', 'overconditioned_heavy']) {
      expect(feedbackSummary(haircare, { product_conditioner_impact: value }).concerns.map((c) => c.value)).toEqual([value]);
    }
    expect(feedbackSummary(haircare, { product_shampoo_impact: 'clean' }).improvements.map((c) => c.value)).toEqual(['clean']);
  });

  it('cleared (null) and unanswered follow-ups are in neither list (§4.4)', () => {
    const summary = feedbackSummary(haircare, { product_shampoo_impact: null, scalp_flakiness: undefined });
    expect(summary.improvements).toEqual([]);
    expect(summary.concerns).toEqual([]);
  });

  it('§2.7, §5.4: the fragrance choices made, NONE as fragrance-free (frag_free; FRAGRANCE_FREE for the hair oil)', () => {
    const summary = feedbackSummary(haircare, { fragrance_new_choice: 'frag_free', fragrance_new_choice_hair_oil: 'palma' });
    expect(summary.fragrances).toEqual([
      { field: 'fragrance_new_choice', value: 'frag_free', label: 'Fragrance-Free', fragranceFree: true },
      { field: 'fragrance_new_choice_hair_oil', product: 'hair_oil', value: 'palma', label: 'Palma', fragranceFree: false },
    ]);
    expect(feedbackSummary(haircare, { fragrance_new_choice_hair_oil: 'FRAGRANCE_FREE' }).fragrances).toEqual([
      { field: 'fragrance_new_choice_hair_oil', product: 'hair_oil', value: 'FRAGRANCE_FREE', label: 'Fragrance-Free', fragranceFree: true },
    ]);
    // An unknown slug is kept as saved, without a label (the screen shows its raw name, §8).
    expect(feedbackSummary(haircare, { fragrance_new_choice: 'nebula' }).fragrances).toEqual([
      { field: 'fragrance_new_choice', value: 'nebula', fragranceFree: false },
    ]);
  });

  it('§2.7: a fragrance replaced by a new choice is not said to be made lighter or stronger (the next formula takes the new one)', () => {
    // Haircare: the order's choice replaces the hair products' scent; the hair oil keeps its own unless it has its own choice.
    const hair = feedbackSummary(haircare, { fragrance_intensity: 'too_strong', fragrance_new_choice: 'solstice' });
    expect(hair.intensity).toEqual([]);
    expect(hair.fragrances.map((f) => f.value)).toEqual(['solstice']);
    expect(feedbackSummary(haircare, { fragrance_intensity: 'too_strong', fragrance_new_choice_hair_oil: 'palma' }).intensity).toEqual([
      { product: 'haircare', field: 'fragrance_intensity', answer: 'too_strong', change: 'reduce' },
    ]);
    // Skincare: the routine's choice covers every product, unless the same fragrance was chosen again (§5.4 new_fragrance false).
    const skin = { fragrance_cleanser_intensity: 'too_strong', fragrance_moisturizer_intensity: 'too_light', fragrance_new_choice: 'pacifica' } as const;
    expect(feedbackSummary(skincare, { ...skin, new_fragrance: true }).intensity).toEqual([]);
    expect(feedbackSummary(skincare, { ...skin, new_fragrance: false }).intensity.map((i) => i.product)).toEqual(['cleanser', 'moisturizer']);
  });

  it('§2.7, §9.4 skincare: per product, too_strong is reduced, too_light reinforced, just_right unchanged', () => {
    const summary = feedbackSummary(skincare, {
      fragrance_cleanser_intensity: 'too_strong',
      fragrance_serum_intensity: 'just_right',
      fragrance_moisturizer_intensity: 'too_light',
    });
    expect(summary.intensity).toEqual([
      { product: 'cleanser', field: 'fragrance_cleanser_intensity', answer: 'too_strong', change: 'reduce' },
      { product: 'moisturizer', field: 'fragrance_moisturizer_intensity', answer: 'too_light', change: 'reinforce' },
    ]);
  });

  it('§2.7: the texture preferences, per product, with their names', () => {
    const summary = feedbackSummary(skincare, { cleanser_texture: 'cream', moisturizer_texture: 'light' });
    expect(summary.textures).toEqual([
      { product: 'cleanser', field: 'cleanser_texture', value: 'cream', label: 'Cream cleanser' },
      { product: 'moisturizer', field: 'moisturizer_texture', value: 'light', label: 'Light' },
    ]);
  });

  it('§9.4: skin answers yes are improvements, some and no concerns; without topics every default question counts', () => {
    expect(feedbackSummary(skincare, { skin_hydration: 'yes' }).improvements).toEqual([{ field: 'skin_hydration', label: 'Skin hydration', value: 'yes' }]);
    expect(feedbackSummary(skincare, { skin_hydration: 'no' }).concerns).toEqual([{ field: 'skin_hydration', label: 'Skin hydration', value: 'no' }]);
    expect(feedbackSummary(skincare, {}).phases).toBeUndefined();
  });
});

describe('spec 002 §9.6 the supplement progress phases', () => {
  it('follow the table exactly, by usage duration', () => {
    const table: [string, [number, number, number]][] = [
      ['not_started', [0, 0, 0]],
      ['le_one_month', [0, 0, 0]],
      ['two_months', [50, 0, 0]],
      ['three_months', [100, 25, 0]],
      ['four_months', [100, 50, 0]],
      ['five_months', [100, 75, 0]],
      ['ge_six_months', [100, 100, 50]],
    ];
    expect(Object.entries(SUPPLEMENT_PHASES)).toEqual(table);
    for (const [duration, phases] of table) {
      expect(feedbackSummary(supplements, { product_supplements_usage_duration: duration }).phases).toMatchObject({ duration, source: 'answer', phases });
    }
  });

  it('§3.1, §9.1: without an answer, the months since the first supplement order (one order, one month) choose the row', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map(durationFromMonths)).toEqual([
      'not_started',
      'le_one_month',
      'two_months',
      'three_months',
      'four_months',
      'five_months',
      'ge_six_months',
      'ge_six_months',
    ]);
    expect(feedbackSummary(supplements, {}, { supplementMonths: 3 }).phases).toMatchObject({
      duration: 'three_months',
      source: 'orders',
      phases: [100, 25, 0],
    });
    expect(feedbackSummary(supplements, {}).phases).toMatchObject({ duration: 'not_started', phases: [0, 0, 0] });
    // The shopper's answer wins over the orders.
    expect(feedbackSummary(supplements, { product_supplements_usage_duration: 'two_months' }, { supplementMonths: 6 }).phases?.phases).toEqual([50, 0, 0]);
  });

  it('§9.5: the supplements improvement answers count by the flow’s sets', () => {
    const summary = feedbackSummary(supplements, { product_supplements_hair_growth: 'yes_some' });
    expect(summary.improvements).toEqual([{ field: 'product_supplements_hair_growth', label: 'Product supplements hair growth', value: 'yes_some' }]);
    expect(feedbackSummary(supplements, { product_supplements_hair_growth: 'not_yet' }).concerns.map((c) => c.value)).toEqual(['not_yet']);
    expect(feedbackSummary(supplements, {}).phases?.labels).toHaveLength(3);
  });
});
