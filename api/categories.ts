/**
 * @module api/categories: the shop's categories, the one place they are spelled (zod-free: the browser, the server
 * and the formulation import them). Consultation categories have a consultation, results and fragrances; formula
 * categories add the supplement, which has formulas but no consultation of its own (spec 000 §3.8).
 */

/** The consultations (spec 000 §1): each has its flow, its status, its fragrances and its results. */
export const consultationCategories = ['haircare', 'skincare'] as const;
export type Category = (typeof consultationCategories)[number];

/** What formulas are made for (spec 000 §3.8 formula category). */
export const formulaCategories = [...consultationCategories, 'supplement'] as const;
export type FormulaCategory = (typeof formulaCategories)[number];

/** The catalogue's product categories (spec 001 §9): the consultations' products, and the others (accessories, gifts). */
export const productCategories = [...consultationCategories, 'others'] as const;
export type ProductCategory = (typeof productCategories)[number];

/** The carts a shopper has (spec 001 §3 Cart): one per consultation category, and the universal cart. */
export const cartKinds = [...consultationCategories, 'universal'] as const;
export type CartKind = (typeof cartKinds)[number];

/** Whether a value names a consultation category. */
export function isCategory(value: unknown): value is Category {
  return (consultationCategories as readonly unknown[]).includes(value);
}

/**
 * The consultation category something belongs to: skincare is skincare; anything else (haircare, the supplement,
 * an unknown value) counts as haircare, as product recommendations read it (spec 000 §7).
 */
export function categoryOf(value: unknown): Category {
  return value === 'skincare' ? 'skincare' : 'haircare';
}
