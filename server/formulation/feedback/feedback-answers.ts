import type { KnownFacts } from '#engine/compiler';

/**
 * The feedback answers the rules of feedback-rules.yaml may read, per feedback category: every answer field of
 * spec 002 §3.2 with the values of §9 (the fields the feedback flows write, flows/feedback/*.yaml; a test holds the
 * two together; a follow-up may also be null, cleared by a satisfaction of 0, §4.4, which no rule reads). Ratings are 0-5 (0: "I haven't used it enough", §9.2); fragrance choices are fragrance slugs,
 * with frag_free (FRAGRANCE_FREE for the hair oil) for "none" (§5.4).
 */
export const feedbackCategories = ['haircare', 'skincare', 'supplements'] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];

type Values = readonly (string | number | boolean)[] | null;

const rating = [0, 1, 2, 3, 4, 5] as const;
/** §9.3-9.4: did it improve? */
const improvement = ['yes', 'some', 'no', 'not_a_concern'] as const;
/** §9.3's general answers: did the product do it, and (where the flow offers it) too much of it. */
const worked = ['yes', 'some', 'no'] as const;
const also = (...more: string[]) => [...worked, ...more];
const intensity = ['too_strong', 'too_light', 'just_right'] as const;
const supplementImprovement = ['yes_lots', 'yes_some', 'yes_a_little', 'not_yet', 'not_a_concern'] as const;

/** The haircare products a feedback asks about (§2.1, in its order). */
export const haircareFeedbackProducts = [
  'hair_mask',
  'scalp_mask',
  'scalp_serum',
  'shampoo',
  'conditioner',
  'dry_shampoo',
  'hair_oil',
  'curl_cream',
  'leavein_conditioner',
  'styling_gel',
] as const;
const skincareProducts = ['cleanser', 'serum', 'moisturizer'] as const;

/**
 * The follow-ups of each haircare product after its satisfaction (§2.1), with their values: §9.3's impact values,
 * and for the others its general set as the flow offers it ("which questions use too_much, too_heavy and too_crunchy
 * is not shown": flows/feedback/haircare.yaml chose).
 */
const haircareFollowUps: Record<string, Values> = {
  product_hair_mask_impact: also('too_heavy'),
  product_scalp_serum_comfort: worked,
  product_shampoo_impact: ['uncleansed_greasy', 'clean', 'overstripped_dry'],
  product_conditioner_impact: ['underconditioned_dry', 'soft_manageable', 'overconditioned_heavy'],
  product_conditioner_antibrass: worked,
  product_conditioner_continue_antibrass: ['yes', 'no'],
  product_dry_shampoo_cleansing: worked,
  product_dry_shampoo_volume: also('too_much'),
  product_hair_oil_nourishment: also('too_heavy'),
  product_hair_oil_frizz: also('not_a_concern'),
  product_curl_cream_definition: also('too_crunchy'),
  product_curl_cream_frizz: also('not_a_concern'),
  product_curl_cream_moisture: also('too_heavy'),
  product_leavein_conditioner_manageable: worked,
  product_leavein_conditioner_tangles: also('not_a_concern'),
  product_leavein_conditioner_frizz: also('not_a_concern'),
  product_leavein_conditioner_moisture: also('too_heavy'),
  product_styling_gel_flexible: also('too_crunchy'),
  product_styling_gel_hold: also('too_much'),
};

/**
 * Every feedback answer field of a category with the values it may hold (null: any text), as KnownFacts for the
 * rules' checker. `fragrances` are the category's scented fragrance slugs (fragrances.yaml), the choices of the
 * new-fragrance questions.
 */
export function feedbackFacts(fragrances: { haircare: readonly string[]; skincare: readonly string[] }): Record<FeedbackCategory, KnownFacts> {
  const facts = (fields: Record<string, Values>): KnownFacts => new Map(Object.entries(fields).map(([name, values]) => [name, { values }]));
  const text = { open_text_public: null, open_text_internal: null };
  return {
    haircare: facts({
      overall_experience: rating,
      scalp_satisfaction: rating,
      scalp_sensitivity: improvement,
      scalp_flakiness: improvement,
      scalp_oiliness: improvement,
      hair_satisfaction: rating,
      hair_dryness: improvement,
      hair_shine: improvement,
      hair_curl_definition: [...improvement, 'too_crunchy'],
      hair_frizziness: improvement,
      hair_tangles: improvement,
      hair_volume: [...improvement, 'too_much'],
      ...Object.fromEntries(haircareFeedbackProducts.map((p) => [`product_${p}_satisfaction`, rating])),
      ...haircareFollowUps,
      fragrance_satisfaction_scalp_serum: rating,
      fragrance_satisfaction_scalp_mask: rating,
      fragrance_satisfaction: rating,
      fragrance_intensity: intensity,
      fragrance_satisfaction_hair_oil: rating,
      fragrance_intensity_hair_oil: intensity,
      new_fragrance: [true, false],
      fragrance_new_choice: [...fragrances.haircare, 'frag_free'],
      fragrance_new_choice_hair_oil: [...fragrances.haircare, 'FRAGRANCE_FREE'],
      ...text,
    }),
    skincare: facts({
      overall_experience: rating,
      skin_satisfaction: rating,
      ...Object.fromEntries(
        ['hydration', 'exfoliation', 'eventone', 'rescue', 'anti_redness', 'anti_shine', 'anti_blemish', 'anti_wrinkles', 'firming'].map((s) => [
          `skin_${s}`,
          improvement,
        ]),
      ),
      ...Object.fromEntries(skincareProducts.map((p) => [`${p}_satisfaction`, rating])),
      cleanser_product_feel: ['too_oily', 'nicely_hydrating', 'little_drying', 'too_drying'],
      serum_product_feel: ['too_sticky', 'ok', 'soft_hydrating'],
      moisturizer_product_feel: ['too_heavy', 'nicely_hydrating', 'not_hydrating_enough'],
      // The textures are the skincare skeletons (spec 000 §3.6), as the consultation's texture questions write them.
      cleanser_texture: ['foaming_gel', 'cleansing_cream'],
      moisturizer_texture: ['light', 'medium', 'rich'],
      ...Object.fromEntries(
        skincareProducts.flatMap((p) => [[`fragrance_${p}_satisfaction`, rating] as const, [`fragrance_${p}_intensity`, intensity] as const]),
      ),
      new_fragrance: [true, false],
      fragrance_new_choice: [...fragrances.skincare, 'frag_free'],
      ...text,
    }),
    supplements: facts({
      product_supplements_usage_duration: ['not_started', 'le_one_month', 'two_months', 'three_months', 'four_months', 'five_months', 'ge_six_months'],
      product_supplements_usage_frequency: ['daily', 'two_three_days', 'once_twice_a_week', 'stopped_use'],
      product_supplements_satisfaction: rating,
      ...Object.fromEntries(
        [
          'overall_improvement',
          'hair_growth',
          'baby_hairs',
          'less_shedding',
          'shine',
          'softness',
          'strength',
          'thickness',
          'scalp_comfort',
          'scalp_flakes',
          'scalp_oil',
        ].map((s) => [`product_supplements_${s}`, supplementImprovement]),
      ),
      supplements_open_text_public: null,
      supplements_open_text_internal: null,
    }),
  };
}
