import { errorBody, inciLists, keyIngredients, prescription, productVariant, recommendationSlug, skeletonFormula } from '#api';
import { z } from 'zod';
import { category } from '../../api/schemas/common';
import { validationError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { formulatedProducts, inciListsOf, keyIngredientsOf, recommendationSlugOf, variantOf } from '../formulation/formulas/formula-views';
import { loadFormulaSet } from './derived-profile';

// The formula calls of spec 000 §3.7 and §7: all computed from the shopper's own answers on each request, so
// never stale (§4.3) and never anyone else's (issue 4 point 10). server/formulation/formulas builds them.

const unavailable = { 503: { description: 'formulation_unavailable', schema: errorBody } };
const badCategory = { 400: { description: 'validation_error: category is not haircare or skincare', schema: errorBody } };
const productBody = z.object({ product: z.string().trim().min(1, 'Name a product, e.g. shampoo.').max(60) }).strict();
const badProduct = { 400: { description: 'validation_error: product is not one the formulation makes', schema: errorBody } };

const checkedProduct = (product: string) => {
  if (!formulatedProducts.has(product)) throw validationError({ product: [`We don't make a formula for "${product}". Expected one of: ${[...formulatedProducts].join(', ')}.`] });
  return product;
};

/** GET /v1/account/hair_profile/prescription/: every formula that would be made for the shopper today. */
export const getPrescription = defineOperation(
  {
    method: 'get',
    path: '/v1/account/hair_profile/prescription/',
    summary: 'Every formula that would be made for the shopper today',
    tag: 'profile',
    auth: 'required',
    responses: { 200: { description: 'The formulas, haircare, supplement then skincare', schema: prescription }, ...unavailable },
  },
  async ({ c, auth, services }) => {
    const { set } = await loadFormulaSet(services, auth.user.id);
    return c.json({ date: set.date, formulas: set.formulas }, 200);
  },
);

/** GET /v1/account/hair_profile/ingredients?category=: the key actives of the category's formulas, ranked (haircare by default). */
export const getIngredients = defineOperation(
  {
    method: 'get',
    path: '/v1/account/hair_profile/ingredients',
    summary: 'The key actives chosen for the shopper, by rank, each with why',
    tag: 'profile',
    auth: 'required',
    query: z.object({ category: category.optional() }).strict(),
    responses: { 200: { description: 'The actives, by rank', schema: keyIngredients }, ...badCategory, ...unavailable },
  },
  async ({ c, query, auth, services }) => {
    const chosen = query.category ?? 'haircare';
    const { set } = await loadFormulaSet(services, auth.user.id);
    return c.json({ category: chosen, ingredients: keyIngredientsOf(set, chosen) }, 200);
  },
);

/** GET /v1/account/hair_profile/incis?category=: each product's INCI list, in descending order. */
export const getIncis = defineOperation(
  {
    method: 'get',
    path: '/v1/account/hair_profile/incis',
    summary: 'Each product’s INCI list, in descending order of concentration',
    tag: 'profile',
    auth: 'required',
    query: z.object({ category }).strict(),
    responses: { 200: { description: 'One INCI list per product', schema: inciLists }, ...badCategory, ...unavailable },
  },
  async ({ c, query, auth, services }) => {
    const { set } = await loadFormulaSet(services, auth.user.id);
    return c.json({ category: query.category, incis: inciListsOf(set, query.category) }, 200);
  },
);

/** POST /v1/account/hair_profile/variant {product}: the variant made for the shopper (conditioner_coarse, …). */
export const getProductVariant = defineOperation(
  {
    method: 'post',
    path: '/v1/account/hair_profile/variant',
    summary: 'The product variant made for the shopper',
    tag: 'profile',
    auth: 'required',
    body: productBody,
    responses: { 200: { description: 'The variant', schema: productVariant }, ...badProduct, ...unavailable },
  },
  async ({ c, body, auth, services }) => {
    const product = checkedProduct(body.product);
    const { set, formulation } = await loadFormulaSet(services, auth.user.id);
    return c.json(variantOf(formulation.formulas, set, product)!, 200);
  },
);

/** POST /v1/account/hair_profile/recommendation_slug {product}: which version of a product suits the shopper. */
export const getRecommendationSlug = defineOperation(
  {
    method: 'post',
    path: '/v1/account/hair_profile/recommendation_slug',
    summary: 'Which version of a product suits the shopper (the styling gel’s hold, …)',
    tag: 'profile',
    auth: 'required',
    body: productBody,
    responses: { 200: { description: 'The recommendation slug, with why', schema: recommendationSlug }, ...badProduct, ...unavailable },
  },
  async ({ c, body, auth, services }) => {
    const product = checkedProduct(body.product);
    const { set, formulation } = await loadFormulaSet(services, auth.user.id);
    return c.json(recommendationSlugOf(formulation.formulas, set, product)!, 200);
  },
);

/** GET /v1/account/hair_profile/formula?skeleton=: one skeleton's formula for the shopper (the supplements variant). */
export const getFormula = defineOperation(
  {
    method: 'get',
    path: '/v1/account/hair_profile/formula',
    summary: 'One skeleton’s formula for the shopper, with its variant (skeleton=supplement_core: the supplements variant)',
    tag: 'profile',
    auth: 'required',
    query: z.object({ skeleton: z.string().trim().min(1, 'Name a skeleton, e.g. supplement_core.').max(60) }).strict(),
    responses: { 200: { description: 'The formula and its variant', schema: skeletonFormula }, 400: { description: 'validation_error: unknown skeleton', schema: errorBody }, ...unavailable },
  },
  async ({ c, query, auth, services }) => {
    const { set, derived, formulation } = await loadFormulaSet(services, auth.user.id);
    const skeleton = formulation.catalogue.skeletons.get(query.skeleton);
    if (!skeleton) throw validationError({ skeleton: [`"${query.skeleton}" is no skeleton. Expected one of: ${[...formulation.catalogue.skeletons.keys()].join(', ')}.`] });
    // A skincare texture the shopper did not choose is still formulated on request.
    const formula = set.formulas.find((f) => f.skeleton_slug === skeleton.slug) ?? formulation.formulateSkeleton(set, derived, skeleton.slug);
    const routine = [...derived.routine.haircare, ...derived.routine.skincare].find((r) => r.product === formula.product);
    const variant = variantOf(formulation.formulas, { ...set, formulas: [formula] }, formula.product)!;
    return c.json({ slug: variant.slug, variant, formula, advisable: routine?.section !== 'inadvisable', because: routine?.because ?? 'made for your answers' }, 200);
  },
);

export const formulaOperations = [getPrescription, getIngredients, getIncis, getProductVariant, getRecommendationSlug, getFormula];
