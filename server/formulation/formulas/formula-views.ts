import type { Facts } from '#engine/compiler';
import type { Category, Formula, InciLists, KeyIngredients, ProductVariant, RecommendationSlug } from '#api';
import { productTypes } from '../catalogue/schema';
import type { FormulasTable, Season } from './formulas-table';
import type { FeedbackAdjustments } from '../feedback/adjust-from-feedback';

/** Every formula that would be made for a profile on a date, and the facts they were made from. */
export interface FormulaSet {
  date: string;
  season: Season;
  /** The answers, aggressors, scores and season the rules read. */
  facts: Facts;
  formulas: Formula[];
  /** What the shopper's latest feedback changes, when it changes anything: per product, and the textures it picked. */
  feedback?: { adjustments: FeedbackAdjustments; textures: ReadonlyMap<string, string> };
}

/** A category's formulas: haircare lists the hair supplement too, as its routine does. */
const formulasOf = (set: FormulaSet, category: Category) =>
  set.formulas.filter((f) => (category === 'skincare' ? f.category === 'skincare' : f.category !== 'skincare'));

/**
 * The key actives of a category's formulas (GET …/ingredients; spec 000 §3.7), ranked: an active in more
 * products first, then in the order the formulas chose them (strongest need first).
 */
export function keyIngredientsOf(set: FormulaSet, category: Category): KeyIngredients['ingredients'] {
  const found = new Map<string, { active: Formula['actives'][number]; products: string[]; first: number }>();
  let position = 0;
  for (const formula of formulasOf(set, category)) {
    for (const active of formula.actives) {
      const seen = found.get(active.slug);
      if (seen) seen.products.push(formula.product);
      else found.set(active.slug, { active, products: [formula.product], first: position });
      position += 1;
    }
  }
  return [...found.values()]
    .sort((a, b) => b.products.length - a.products.length || a.first - b.first)
    .map(({ active, products }, i) => ({
      slug: active.slug,
      name: active.name,
      inci: active.inci,
      rank: i + 1,
      need: active.need,
      because: active.because,
      products,
    }));
}

/** Each product's INCI list in descending order (GET …/incis; spec 000 §3.7). */
export function inciListsOf(set: FormulaSet, category: Category): InciLists['incis'] {
  return formulasOf(set, category).map((f) => ({ product: f.product, skeleton_slug: f.skeleton_slug, label: f.label, inci: f.inci }));
}

/** The product types the formulation makes (a smaller version is made from its full size's formula). */
export const formulatedProducts: ReadonlySet<string> = new Set(Object.values(productTypes).flat());

/** The variant made for the shopper (POST …/variant); undefined for a product we do not formulate. */
export function variantOf(table: FormulasTable, set: FormulaSet, product: string): ProductVariant | undefined {
  const formula = set.formulas.find((f) => f.product === product);
  if (!formula) return undefined;
  const special = table.variants.get(product)?.find((v) => v.test(set.facts));
  return {
    slug: special?.slug ?? product,
    type: product,
    label: special?.label ?? formula.label,
    is_formula: true,
    // A skincare product comes in textures: the one made for the shopper is its sub-category.
    product: { type: product, category: formula.category, sub_category: formula.category === 'skincare' ? formula.skeleton_slug : null },
  };
}

/** Which version of a product suits the shopper (POST …/recommendation_slug): its table rule, else its variant. */
export function recommendationSlugOf(table: FormulasTable, set: FormulaSet, product: string): RecommendationSlug | undefined {
  const rules = table.recommendations.get(product);
  if (rules) {
    const picked = rules.rules.find((r) => r.test(set.facts)) ?? rules.otherwise;
    return { product, recommendation_slug: picked.slug, because: picked.because };
  }
  const variant = variantOf(table, set, product);
  return variant
    ? { product, recommendation_slug: variant.slug, because: `made for your ${variant.product.category === 'skincare' ? 'skin' : 'hair'}` }
    : undefined;
}
