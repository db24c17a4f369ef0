import { z } from 'zod';
import type { Category as ConsultationCategory } from '#api';
import { formulaCategories } from '#api';

/** What an ingredient does in a formula; a skeleton's active slots name the functions they accept. */
export const ingredientFunctions = [
  // cleansing and conditioning
  'cleansing',
  'foaming',
  'conditioning',
  'antistatic',
  'detangling',
  'smoothing',
  'shine',
  'volumizing',
  'strengthening',
  // moisture
  'humectant',
  'emollient',
  'occlusive',
  'film_forming',
  'barrier_repair',
  // styling
  'hold',
  'curl_defining',
  'heat_protection',
  // scalp and skin actives
  'anti_dandruff',
  'soothing',
  'cooling',
  'sebum_regulating',
  'absorbent',
  'exfoliating',
  'antioxidant',
  'uv_filter',
  'hair_growth_support',
  'brightening',
  'anti_aging',
  'anti_acne',
  // formula helpers
  'preservative',
  'chelating',
  'ph_adjuster',
  'thickener',
  'emulsifier',
  'solubilizer',
  'solvent',
  'opacifier',
  'colorant',
  // scent
  'fragrance',
  'fragrance_allergen',
  // the hair supplement
  'supplement_nutrient',
  'capsule_shell',
  'filler',
  'anti_caking',
] as const;
export type IngredientFunction = (typeof ingredientFunctions)[number];

export const origins = ['plant', 'mineral', 'biotech', 'synthetic', 'animal_derived'] as const;
/** The catalogues an ingredient can be in: the formula categories (api/categories.ts). */
export const categories = formulaCategories;
export type Category = (typeof categories)[number];

/** The product types of spec 000 §1 and spec 001's product list, by category. */
export const productTypes = {
  haircare: ['shampoo', 'conditioner', 'hair_mask', 'leavein_conditioner', 'curl_cream', 'dry_shampoo', 'hair_oil', 'scalp_mask', 'scalp_serum', 'styling_gel'],
  skincare: ['cleanser', 'serum', 'moisturizer'],
  supplement: ['supplement_core'],
} as const;

/** The trial sizes and Starter Set minis (spec 001), each made from the full-size base of one product type. */
export const smallerVersions = {
  shampoo: 'trial_shampoo',
  conditioner: 'trial_conditioner',
  cleanser: 'cleanser_mini',
  serum: 'serum_mini',
  moisturizer: 'moisturizer_mini',
} as const;

const shown = (input: unknown) => (input === undefined ? 'nothing' : JSON.stringify(input));
/** Zod's message for a value: what was expected and what was found. */
const expected = (what: string) => ({ error: (issue: { input?: unknown }) => `Expected ${what}; found ${shown(issue.input)}.` });
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, expected(`one of ${values.join(', ')}`));

const slug = z.string(expected('a snake_case name')).regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, expected('a snake_case name such as sodium_cocoyl_isethionate'));
const text = (what: string) => z.string(expected(what)).min(2, expected(what));
const percent = z.number(expected('a percentage')).min(0, expected('a percentage from 0 to 100')).max(100, expected('a percentage from 0 to 100'));
const count = z.number(expected('a whole number')).int(expected('a whole number')).min(1, expected('a whole number of 1 or more'));
const flag = (byDefault: boolean) => z.boolean(expected('true or false')).default(byDefault);
const list = <T extends z.ZodType>(item: T, what: string) => z.array(item, expected(`a list of ${what}`)).min(1, expected(`at least one of ${what}`));

export const ingredientSchema = z.strictObject({
  id: slug,
  /** The INCI name as CosIng spells it (the Supplement Facts name for a nutrient). */
  inci: text('the INCI name'),
  functions: list(oneOf(ingredientFunctions), 'functions'),
  origin: oneOf(origins),
  vegan: flag(true),
  silicone: flag(false),
  /** Parfum or an essential oil used for its scent. */
  fragrance: flag(false),
  /** One of the 26 fragrance allergens EU Regulation 1223/2009 Annex III makes labels name. */
  allergen: flag(false),
  pregnancy_safe: flag(true),
  /** Likely to irritate or sensitise a sensitive scalp or skin. */
  irritant: flag(false),
  /** Typical highest use level in a finished product: rinse-off, leave-on, or % of a capsule. */
  max_percent: z
    .strictObject(
      { rinse_off: percent.optional(), leave_on: percent.optional(), capsule: percent.optional() },
      expected('a mapping of rinse_off, leave_on or capsule to a percentage'),
    )
    .optional(),
  /** A supplement nutrient's highest amount per daily serving. */
  daily_max: z
    .strictObject(
      { amount: z.number(expected('an amount')).positive(expected('an amount above 0')), unit: oneOf(['mg', 'mcg']) },
      expected('a mapping with amount and unit'),
    )
    .optional(),
  note: text('a short note'),
});
export const ingredientsFileSchema = z.strictObject({ ingredients: list(ingredientSchema, 'ingredients') }, expected('a mapping with the key ingredients'));

const baseIngredientSchema = z.strictObject({
  ingredient: slug,
  /** % w/w; `qs` is the balance to 100. */
  percent: z.union([percent, z.literal('qs')], expected('a percentage or qs')),
});

const slotSchema = z.strictObject({ need: slug, functions: list(oneOf(ingredientFunctions), 'functions'), max_count: count });

export const skeletonSchema = z.strictObject({
  slug,
  category: oneOf(categories),
  product_type: oneOf([...productTypes.haircare, ...productTypes.skincare, ...productTypes.supplement]),
  label: text('a label'),
  rinse_off: z.boolean(expected('true or false')),
  /** Whether the shopper picks a scent (spec 001 §9: the scalp mask has no fragrance choice). */
  fragrance_choice: z.boolean(expected('true or false')),
  smaller_versions: z.array(oneOf(Object.values(smallerVersions) as [string, ...string[]]), expected('a list of trial or mini product types')).default([]),
  texture: list(text('a texture word'), 'texture words'),
  base: list(baseIngredientSchema, 'base ingredients'),
  actives: z.strictObject(
    { max_count: count, max_total_percent: percent, slots: list(slotSchema, 'need slots') },
    expected('a mapping with max_count, max_total_percent and slots'),
  ),
});
export const skeletonsFileSchema = z.strictObject({ skeletons: list(skeletonSchema, 'skeletons') }, expected('a mapping with the key skeletons'));

/** One ingredient, and which catalogues (files) list it. */
export type Ingredient = z.infer<typeof ingredientSchema> & { catalogues: ConsultationCategory[] };
export type Skeleton = z.infer<typeof skeletonSchema>;

/** The catalogue flags a hard rule of the formulas can exclude (formulas.yaml hardRules). */
export const exclusionFlags = ['animal_derived', 'silicone', 'fragrance', 'allergen', 'pregnancy_unsafe', 'irritant'] as const;
export type ExclusionFlag = (typeof exclusionFlags)[number];

/** Every one of those flags an ingredient carries. */
export function exclusionFlagsOf(ingredient: Ingredient): ExclusionFlag[] {
  return exclusionFlags.filter((flag) =>
    flag === 'animal_derived' ? !ingredient.vegan : flag === 'pregnancy_unsafe' ? !ingredient.pregnancy_safe : ingredient[flag],
  );
}
