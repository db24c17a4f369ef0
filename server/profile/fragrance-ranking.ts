import type { Category, FragranceFreeReason, RankedFragrance } from '#api';
import { anyHolds, type AnswerCondition, type Answers } from './answer-conditions';

/**
 * The interim fragrance ranking (spec 000 §3.5), as data: each category's catalogue in its order, and the
 * answers that put fragrance-free first with a reason. TODO(formulation issue): the formulation service
 * replaces these tables with its own ranking; `rankFragrances` keeps its signature.
 */

/** A fragrance of a catalogue: its slug (lowercase, as catalogue data has it) and its name. */
export interface CatalogueFragrance {
  slug: string;
  name: string;
}

/** Each category's fragrances in catalogue order; the fragrance-free entry is named by `fragranceFreeSlug`. */
export const fragranceCatalogues: Record<Category, readonly CatalogueFragrance[]> = {
  haircare: [
    { slug: 'arcadia', name: 'Arcadia' },
    { slug: 'aura', name: 'Aura' },
    { slug: 'botanica', name: 'Botanica' },
    { slug: 'candela', name: 'Candela' },
    { slug: 'corsica', name: 'Corsica' },
    { slug: 'elixir', name: 'Elixir' },
    { slug: 'fete', name: 'Fête' },
    { slug: 'fruitissime', name: 'Fruitissime' },
    { slug: 'ispahan', name: 'Ispahan' },
    { slug: 'meleni', name: 'Meleni' },
    { slug: 'napoli', name: 'Napoli' },
    { slug: 'oasis', name: 'Oasis' },
    { slug: 'palma', name: 'Palma' },
    { slug: 'perle', name: 'Perle' },
    { slug: 'prelude', name: 'Prelude' },
    { slug: 'rituel', name: 'Rituel' },
    { slug: 'signature', name: 'Signature' },
    { slug: 'vitae', name: 'Vitae' },
    { slug: 'paradiso', name: 'Paradiso' },
    { slug: 'solstice', name: 'Solstice' },
    { slug: 'glacia', name: 'Glacia' },
    { slug: 'fragrance_free', name: 'Fragrance-Free' },
  ],
  skincare: [
    { slug: 'pacifica', name: 'Pacifica' },
    { slug: 'blanca', name: 'Blanca' },
    { slug: 'frag_free', name: 'Fragrance-Free' },
  ],
};

/** The slug of each catalogue's fragrance-free entry. */
export const fragranceFreeSlug: Record<Category, string> = { haircare: 'fragrance_free', skincare: 'frag_free' };

/** A reason to recommend fragrance-free: the answers that give it, and the categories it applies to (all when absent). */
export interface FragranceFreeRule {
  reason: FragranceFreeReason;
  categories?: readonly Category[];
  when: readonly AnswerCondition[];
}

/** The reasons in order of precedence: the first that applies is the one given. */
export const fragranceFreeRules: readonly FragranceFreeRule[] = [
  {
    reason: 'fragrance_free_recommender_sensitive_skin_v1',
    categories: ['skincare'],
    when: [
      { field: 'diag_concerns', includesAny: ['sensitivity'] },
      { field: 'profile_backgrounds', includesAny: ['warm_flush', 'itching'] },
    ],
  },
  {
    reason: 'fragrance_free_recommender_pregnant_v2',
    when: [
      { field: 'profile_hormones_skin', includesAny: ['pregnancy'] },
      { field: 'profile_hormones', includesAny: ['pregnant', 'post_pregnant', 'breastfeeding'] },
    ],
  },
  {
    reason: 'fragrance_free_recommender_skin_condition_v1',
    when: [{ field: 'profile_stress_cause', includesAny: ['diagnosed_scalp_disorder'] }],
  },
  {
    reason: 'fragrance_free_recommender_medical_treatment_v1',
    when: [
      { field: 'diag_routine_products', includesAny: ['medical_topicals'] },
      { field: 'profile_stress_cause', includesAny: ['medical_treatment'] },
    ],
  },
];

/** The first reason that applies to these answers in this category, or null. */
export function fragranceFreeReasonFor(category: Category, answers: Answers): FragranceFreeReason | null {
  const rule = fragranceFreeRules.find((r) => (!r.categories || r.categories.includes(category)) && anyHolds(r.when, answers));
  return rule?.reason ?? null;
}

/** The category's fragrances ranked for these answers: catalogue order, with fragrance-free first when a reason applies. */
export function rankFragrances(category: Category, answers: Answers): RankedFragrance[] {
  const reason = fragranceFreeReasonFor(category, answers);
  const free = fragranceFreeSlug[category];
  const catalogue = fragranceCatalogues[category];
  const ordered = reason ? [...catalogue.filter((f) => f.slug === free), ...catalogue.filter((f) => f.slug !== free)] : catalogue;
  return ordered.map((fragrance, index) => ({
    name: fragrance.name,
    slug: fragrance.slug,
    rank: index + 1,
    reason_why_slug: reason && fragrance.slug === free ? reason : null,
  }));
}
