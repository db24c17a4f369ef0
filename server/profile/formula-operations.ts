import { validationError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { formulatedProducts, inciListsOf, keyIngredientsOf, recommendationSlugOf, variantOf } from '../formulation/formulas/formula-views';
import { loadFormulaSet } from './derived-profile';

// The formula calls of spec 000 §3.7 and §7: all computed from the shopper's own answers on each request, so
// never stale (§4.3) and never anyone else's (issue 4 point 10). server/formulation/formulas builds them.

const unavailable = { 503: 'formulation_unavailable' };
const badCategory = { 400: 'validation_error: category is not haircare or skincare' };
const badProduct = { 400: 'validation_error: product is not one the formulation makes' };

const checkedProduct = (product: string) => {
  if (!formulatedProducts.has(product))
    throw validationError({ product: [`We don't make a formula for "${product}". Expected one of: ${[...formulatedProducts].join(', ')}.`] });
  return product;
};

/** GET /v1/account/hair_profile/prescription/: every formula that would be made for the shopper today. */
export const getPrescription = defineOperation(
  'getPrescription',
  {
    summary: 'Every formula that would be made for the shopper today',
    tag: 'profile',
    responses: { 200: 'The formulas, haircare, supplement then skincare', ...unavailable },
  },
  async ({ c, auth, services }) => {
    const { set } = await loadFormulaSet(services, auth.user.id);
    return c.json({ date: set.date, formulas: set.formulas }, 200);
  },
);

/** GET /v1/account/hair_profile/ingredients?category=: the key actives of the category's formulas, ranked (haircare by default). */
export const getIngredients = defineOperation(
  'getIngredients',
  {
    summary: 'The key actives chosen for the shopper, by rank, each with why',
    tag: 'profile',
    responses: { 200: 'The actives, by rank', ...badCategory, ...unavailable },
  },
  async ({ c, query, auth, services }) => {
    const chosen = query.category ?? 'haircare';
    const { set } = await loadFormulaSet(services, auth.user.id);
    return c.json({ category: chosen, ingredients: keyIngredientsOf(set, chosen) }, 200);
  },
);

/** GET /v1/account/hair_profile/incis?category=: each product's INCI list, in descending order. */
export const getIncis = defineOperation(
  'getIncis',
  {
    summary: 'Each product’s INCI list, in descending order of concentration',
    tag: 'profile',
    responses: { 200: 'One INCI list per product', ...badCategory, ...unavailable },
  },
  async ({ c, query, auth, services }) => {
    const { set } = await loadFormulaSet(services, auth.user.id);
    return c.json({ category: query.category, incis: inciListsOf(set, query.category) }, 200);
  },
);

/** POST /v1/account/hair_profile/variant {product}: the variant made for the shopper (conditioner_coarse, …). */
export const getProductVariant = defineOperation(
  'getProductVariant',
  {
    summary: 'The product variant made for the shopper',
    tag: 'profile',
    responses: { 200: 'The variant', ...badProduct, ...unavailable },
  },
  async ({ c, body, auth, services }) => {
    const product = checkedProduct(body.product);
    const { set, formulation } = await loadFormulaSet(services, auth.user.id);
    return c.json(variantOf(formulation.formulas, set, product)!, 200);
  },
);

/** POST /v1/account/hair_profile/recommendation_slug {product}: which version of a product suits the shopper. */
export const getRecommendationSlug = defineOperation(
  'getRecommendationSlug',
  {
    summary: 'Which version of a product suits the shopper (the styling gel’s hold, …)',
    tag: 'profile',
    responses: { 200: 'The recommendation slug, with why', ...badProduct, ...unavailable },
  },
  async ({ c, body, auth, services }) => {
    const product = checkedProduct(body.product);
    const { set, formulation } = await loadFormulaSet(services, auth.user.id);
    return c.json(recommendationSlugOf(formulation.formulas, set, product)!, 200);
  },
);

/** GET /v1/account/hair_profile/formula?skeleton=: one skeleton's formula for the shopper (the supplements variant). */
export const getFormula = defineOperation(
  'getFormula',
  {
    summary: 'One skeleton’s formula for the shopper, with its variant (skeleton=supplement_core: the supplements variant)',
    tag: 'profile',
    responses: { 200: 'The formula and its variant', 400: 'validation_error: unknown skeleton', ...unavailable },
  },
  async ({ c, query, auth, services }) => {
    const { set, derived, formulation } = await loadFormulaSet(services, auth.user.id);
    const skeleton = formulation.catalogue.skeletons.get(query.skeleton);
    if (!skeleton)
      throw validationError({ skeleton: [`"${query.skeleton}" is no skeleton. Expected one of: ${[...formulation.catalogue.skeletons.keys()].join(', ')}.`] });
    // A skincare texture the shopper did not choose is still formulated on request.
    const formula = set.formulas.find((f) => f.skeleton_slug === skeleton.slug) ?? formulation.formulateSkeleton(set, derived, skeleton.slug);
    const routine = [...derived.routine.haircare, ...derived.routine.skincare].find((r) => r.product === formula.product);
    const variant = variantOf(formulation.formulas, { ...set, formulas: [formula] }, formula.product)!;
    return c.json(
      { slug: variant.slug, variant, formula, advisable: routine?.section !== 'inadvisable', because: routine?.because ?? 'made for your answers' },
      200,
    );
  },
);

export const formulaOperations = [getPrescription, getIngredients, getIncis, getProductVariant, getRecommendationSlug, getFormula];
