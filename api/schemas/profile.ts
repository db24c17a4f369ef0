import { z } from 'zod';
import { category, consultationStatus } from './common';
import { categoryOf, formulaCategories, type Category } from '../categories';

const answerValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number(), z.boolean()]))]);

/** GET /v1/account/hair_profile/: the stored answers plus the profile's own fields (spec 000 §3.2-3.4). */
export const hairProfile = z
  .object({
    status: z.string().nullable(),
    source: z.string().nullable(),
    privacy_policies: z.boolean(),
    terms_conditions: z.boolean(),
    consultation_statuses: z.object({ haircare: consultationStatus, skincare: consultationStatus }),
    has_answered_supplements_questions: z.boolean(),
    has_answered_styling_gel_questions: z.boolean(),
    has_answered_haircare_questions: z.boolean(),
  })
  .catchall(answerValue);
export type HairProfile = z.infer<typeof hairProfile>;

/**
 * PATCH /v1/account/hair_profile/: answer fields (checked against the flows' options on the server),
 * plus `source`, the accepted policies, the consultation status of a category, and the profile's own `status`
 * ("completed" when a consultation is finished: spec 000 §3.4, §4.1, §4.4).
 */
export const hairProfilePatch = z
  .object({
    status: z.literal('completed', { message: 'The profile status can only be set to "completed".' }).optional(),
    source: z.literal('website').optional(),
    privacy_policies: z.boolean().optional(),
    terms_conditions: z.boolean().optional(),
    consultation_status: z.object({ category: category, status: consultationStatus }).strict().optional(),
  })
  .catchall(answerValue);
export type HairProfilePatch = z.infer<typeof hairProfilePatch>;

/** One answer of a server question (spec 000 §3.1). */
export const questionAnswer = z.object({ value: z.union([z.string(), z.number()]), title: z.string(), excerpt: z.string().nullable() });

/** GET /v1/question_sets?category=: one question (spec 000 §3.1). */
export const question = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  url_path: z.string(),
  section: z.string(),
  question_type: z.string(),
  answer_type: z.enum(['str', 'int', 'bool']),
  answers: z.array(questionAnswer),
  /** A matrix question (the skincare diet): the fields it answers, each with one of `answers`. */
  rows: z.array(z.object({ field: z.string(), title: z.string() })).optional(),
});
export const questionSets = z.record(z.string(), z.array(question));
export type Question = z.infer<typeof question>;

/** GET /v1/account/hair_profile/aggressors: the shopper's place and what affects them there. */
export const aggressors = z.object({
  zipcode: z.string(),
  country: z.enum(['US', 'CA']),
  city: z.string(),
  region: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  aggressors: z.array(z.object({ slug: z.string(), label: z.string(), level: z.enum(['low', 'moderate', 'high']), detail: z.string() })),
});
export type Aggressors = z.infer<typeof aggressors>;

/** GET /v1/question_sets?category= */
export const questionSetsQuery = z.object({ category: z.string().trim().min(1).max(50).optional() }).strict();

/** Why fragrance-free is recommended first (spec 000 §3.5); the flow words each one. */
export const fragranceFreeReason = z.enum([
  'fragrance_free_recommender_sensitive_skin_v1',
  'fragrance_free_recommender_pregnant_v2',
  'fragrance_free_recommender_skin_condition_v1',
  'fragrance_free_recommender_medical_treatment_v1',
]);
export type FragranceFreeReason = z.infer<typeof fragranceFreeReason>;

/** GET /v1/account/hair_profile/fragrances?category=haircare|skincare */
export const fragrancesQuery = z.object({ category }).strict();

/** A fragrance's group (spec 002 §3.8 fragrance_group): the products it scents. */
export const fragranceGroup = z.enum(['haircare', 'hairoil', 'skincare']);

/**
 * A fragrance (spec 000 §3.5, spec 002 §3.8): name, slug, description ("Citrusy + Woody"), ingredients (its
 * notes), image url (null until the shop has its artwork), label (what a choice shows), fragrance_group, and
 * whether it is a limited edition. server/formulation/fragrances/fragrances.yaml holds them.
 */
export const fragrance = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  ingredients: z.array(z.string()),
  image_url: z.string().nullable(),
  label: z.string(),
  fragrance_group: fragranceGroup,
  limited: z.boolean(),
});
export type Fragrance = z.infer<typeof fragrance>;

/** One fragrance, ranked for the shopper (rank 1 = best); `slug` is a catalogue slug the client may not know yet (spec 000 §8). */
export const rankedFragrance = fragrance.extend({
  rank: z.number().int().min(1),
  reason_why_slug: fragranceFreeReason.nullable(),
});
export type RankedFragrance = z.infer<typeof rankedFragrance>;

/** GET /v1/account/hair_profile/fragrances: every fragrance of the category, ordered by rank (spec 000 §3.5, §3.7). */
export const rankedFragrances = z.object({ fragrances: z.array(rankedFragrance) });
export type RankedFragrances = z.infer<typeof rankedFragrances>;

/** ?category= where the category may be left out (haircare then): scoring and ingredients (spec 000 §7). */
export const optionalCategoryQuery = z.object({ category: category.optional() }).strict();
/** ?category=haircare|skincare: INCI lists. */
export const categoryQuery = z.object({ category }).strict();

/**
 * GET /v1/account/product_recommendations?category=: any category other than skincare is haircare (spec 000 §7),
 * a missing one too.
 */
export const productRecommendationsQuery = z
  .object({
    category: z
      .string()
      .optional()
      .transform((value): Category => categoryOf(value)),
  })
  .strict();

/** POST …/variant and …/recommendation_slug: the product asked about (shampoo, styling_gel, …). */
export const productRequest = z.object({ product: z.string().trim().min(1, 'Name a product, e.g. shampoo.').max(60) }).strict();

/** GET …/formula?skeleton=: the skeleton whose formula is asked for (supplement_core: the supplements variant). */
export const formulaQuery = z.object({ skeleton: z.string().trim().min(1, 'Name a skeleton, e.g. supplement_core.').max(60) }).strict();

/** GET /v1/account/hair_profile/skeleton_recommendations?category=skincare (only skincare has textures). */
export const skeletonRecommendationsQuery = z
  .object({ category: z.literal('skincare', { message: 'Only skincare has texture recommendations: use category=skincare.' }) })
  .strict();

/** The skincare products whose textures are ranked (spec 000 §3.3 pref_texture_cleanser, pref_texture_moisturizer). */
export const skincareTextureProduct = z.enum(['CLEANSER', 'MOISTURIZER']);
export type SkincareTextureProduct = z.infer<typeof skincareTextureProduct>;

/** GET /v1/account/hair_profile/skeleton_recommendations: each product's textures (skeletons), ordered by rank (spec 000 §3.6). */
export const skeletonRecommendations = z.object({
  skeleton_recommendations: z.array(
    z.object({
      product_slug: skincareTextureProduct,
      ranked_skeletons: z.array(z.object({ skeleton_slug: z.string(), rank: z.number().int().min(1) })),
    }),
  ),
});
export type SkeletonRecommendations = z.infer<typeof skeletonRecommendations>;

/** One need of the profile, 0-100, and the answers or places that moved it (largest first). */
export const profileScore = z.object({
  dimension: z.string(),
  label: z.string(),
  score: z.number().int().min(0).max(100),
  level: z.enum(['low', 'moderate', 'high']),
  reasons: z.array(z.object({ because: z.string(), points: z.number().int(), source: z.enum(['answers', 'place']) })),
});
export type ProfileScore = z.infer<typeof profileScore>;

/** GET /v1/account/hair_profile/scoring?category=: the profile's needs (haircare unless category=skincare; spec 000 §3.7). */
export const profileScoring = z.object({ category: category, scores: z.array(profileScore) });
export type ProfileScoring = z.infer<typeof profileScoring>;

/** Where a product stands in a shopper's routine (spec 001 recommendation sections). */
export const recommendationSection = z.enum(['preselect', 'main', 'upsale', 'featured', 'optional', 'inadvisable', 'preview']);
export type RecommendationSection = z.infer<typeof recommendationSection>;

/** One product of the routine: its section and why (spec 000 §3.7; server/formulation/recommendations). */
export const productRecommendation = z.object({
  product: z.string(),
  label: z.string(),
  section: recommendationSection,
  because: z.string(),
  rank: z.number().int().min(1),
});
export type ProductRecommendation = z.infer<typeof productRecommendation>;

/** GET /v1/account/product_recommendations?category=: the routine, by section then rank. */
export const productRecommendations = z.object({ category: category, recommendations: z.array(productRecommendation) });
export type ProductRecommendations = z.infer<typeof productRecommendations>;

/** A formula's category: the hair supplement is formulated apart from the topical haircare. */
export const formulaCategory = z.enum(formulaCategories);
export type { FormulaCategory } from '../categories';

/** One active chosen for the shopper: what it is, how much, the need it serves and why, in the shopper's terms. */
export const formulaActive = z.object({
  slug: z.string(),
  /** A plain name (green tea leaf extract) next to the label name. */
  name: z.string(),
  inci: z.string(),
  /** % w/w of the finished product (of the capsule fill for the supplement). */
  percent: z.number().min(0).max(100),
  /** The supplement's amount per daily serving; null for a topical product. */
  amount: z.object({ value: z.number().positive(), unit: z.enum(['mg', 'mcg']) }).nullable(),
  need: z.string(),
  because: z.string(),
});
export type FormulaActive = z.infer<typeof formulaActive>;

/**
 * What the shopper's latest feedback changed in a product's next formula (issue 26 item 5), in their words: "a
 * deeper clean", because "you told us your shampoo left your hair greasy" (server/formulation/feedback).
 */
export const feedbackChange = z.object({ product: z.string(), change: z.string(), because: z.string() });
export type FeedbackChange = z.infer<typeof feedbackChange>;

/**
 * One product made for the shopper now (issue 4 point 4): the skeleton (base) plus the actives chosen for
 * their needs, the fragrance (null when fragrance-free or the product has none), the INCI list in descending
 * order of concentration (spec 000 §3.7), and what the formula leaves out at the shopper's request or for them.
 */
export const formula = z.object({
  product: z.string(),
  skeleton_slug: z.string(),
  label: z.string(),
  category: formulaCategory,
  /** The season and place it was made for: the same answers on the same date give the same formula. */
  made_for: z.object({ date: z.string(), season: z.enum(['winter', 'spring', 'summer', 'autumn']) }),
  fragrance: z.object({ slug: z.string(), name: z.string(), because: z.string() }).nullable(),
  /** Why there is no fragrance, when the product could have one. */
  fragrance_free_because: z.string().nullable(),
  actives: z.array(formulaActive),
  inci: z.array(z.string()).min(1),
  /** What was kept out, in the shopper's terms ("silicones: you asked for silicone-free formulas"). */
  free_of: z.array(z.object({ rule: z.string(), label: z.string(), because: z.string() })),
  /** Present when the shopper's latest completed feedback changed this formula: what changed and why. */
  feedback_changes: z.array(feedbackChange).optional(),
});
export type Formula = z.infer<typeof formula>;

/** GET /v1/account/hair_profile/prescription/: every formula that would be made for the shopper today. */
export const prescription = z.object({ date: z.string(), formulas: z.array(formula) });
export type Prescription = z.infer<typeof prescription>;

/** GET /v1/account/hair_profile/ingredients?category=: the key actives of the category's formulas, by rank. */
export const keyIngredients = z.object({
  category: category,
  ingredients: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      inci: z.string(),
      rank: z.number().int().min(1),
      need: z.string(),
      because: z.string(),
      products: z.array(z.string()),
    }),
  ),
});
export type KeyIngredients = z.infer<typeof keyIngredients>;

/** GET /v1/account/hair_profile/incis?category=: each product's INCI list, in descending order (spec 000 §3.7). */
export const inciLists = z.object({
  category: category,
  incis: z.array(z.object({ product: z.string(), skeleton_slug: z.string(), label: z.string(), inci: z.array(z.string()).min(1) })),
});
export type InciLists = z.infer<typeof inciLists>;

/** The product variant made for the shopper (spec 001 item `variant`): POST /v1/account/hair_profile/variant. */
export const productVariant = z.object({
  slug: z.string(),
  type: z.string(),
  label: z.string(),
  is_formula: z.boolean(),
  product: z.object({ type: z.string(), category: formulaCategory, sub_category: z.string().nullable() }),
});
export type ProductVariant = z.infer<typeof productVariant>;

/** POST /v1/account/hair_profile/recommendation_slug: which version of a product suits the shopper (the styling gel's hold, …). */
export const recommendationSlug = z.object({ product: z.string(), recommendation_slug: z.string(), because: z.string() });
export type RecommendationSlug = z.infer<typeof recommendationSlug>;

/** GET /v1/account/hair_profile/formula?skeleton=supplement_core: the supplements variant and its formula. */
export const skeletonFormula = z.object({
  slug: z.string(),
  variant: productVariant,
  formula: formula,
  /** False when the routine advises against the product now (with why); the formula is still shown. */
  advisable: z.boolean(),
  because: z.string(),
});
export type SkeletonFormula = z.infer<typeof skeletonFormula>;
