import type { SkeletonRecommendations, SkincareTextureProduct } from '#api';
import { anyHolds, type AnswerCondition, type Answers } from './answer-conditions';

/**
 * The interim skincare texture ranking (spec 000 §3.6), as data: oily skin gets the lightest textures first,
 * tight or dry skin the richest, everyone else the foaming gel and the medium cream. TODO(formulation issue):
 * the formulation service replaces these tables with its own ranking; `rankSkeletons` keeps its signature.
 */

/** The three moments the skin type is asked about (spec 000 §3.3). */
const SKINTYPE_FIELDS = ['diag_skintype_morning', 'diag_skintype_shower', 'diag_skintype_afternoon'] as const;

/** Each product's skeletons (textures), best first. */
export type SkeletonOrder = Record<SkincareTextureProduct, readonly string[]>;

/** A skin profile and the order it gets; the first rule whose conditions hold applies. */
export interface SkeletonRule {
  name: string;
  when: readonly AnswerCondition[];
  order: SkeletonOrder;
}

export const skeletonRules: readonly SkeletonRule[] = [
  {
    name: 'oily',
    when: [{ mostly: { fields: SKINTYPE_FIELDS, value: 'oily' } }, { field: 'diag_concerns', includesAny: ['oiliness', 'breakouts'] }],
    order: { CLEANSER: ['foaming_gel', 'cleansing_cream'], MOISTURIZER: ['light', 'medium', 'rich'] },
  },
  {
    name: 'tight or dry',
    when: [{ mostly: { fields: SKINTYPE_FIELDS, value: 'tights' } }, { field: 'diag_concerns', includesAny: ['dryness'] }],
    order: { CLEANSER: ['cleansing_cream', 'foaming_gel'], MOISTURIZER: ['rich', 'medium', 'light'] },
  },
];

/** The order when no rule applies. */
export const defaultSkeletonOrder: SkeletonOrder = { CLEANSER: ['foaming_gel', 'cleansing_cream'], MOISTURIZER: ['medium', 'light', 'rich'] };

/** Cleanser then moisturizer, each with its skeletons ranked 1..n for these answers. */
export function rankSkeletons(answers: Answers): SkeletonRecommendations {
  const order = skeletonRules.find((rule) => anyHolds(rule.when, answers))?.order ?? defaultSkeletonOrder;
  const products: SkincareTextureProduct[] = ['CLEANSER', 'MOISTURIZER'];
  return {
    skeleton_recommendations: products.map((product) => ({
      product_slug: product,
      ranked_skeletons: order[product].map((slug, index) => ({ skeleton_slug: slug, rank: index + 1 })),
    })),
  };
}
