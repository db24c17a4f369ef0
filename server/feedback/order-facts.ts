import type { FeedbackCategory, FeedbackFlowId, Order, OrderItem } from '#api';
import { FEEDBACK_SURVEY_FIELDS } from '#api/shared';
import type { AnswerValue } from '#engine';

/**
 * @module server/feedback/order-facts: what the feedback flows' rules read about an order (spec 002 §3.1, §3.5, §3.6,
 * §5.1-5.3). A pure function of the order, the consultation answers, the shop's clock, the sold-out fragrances and
 * the shopper's other orders; flows/README.md "Feedback" lists every fact. The server sends them with the order
 * (GET /v2/orders/{id}/ `feedback_facts`, ./order-feedback-facts.ts), so the feedback page carries none of this code.
 */

export type { FeedbackCategory, FeedbackFlowId };

export interface FeedbackFactsInput {
  /** GET /v2/orders/{id}/. */
  order: Order;
  /**
   * The consultation answers (GET /v1/account/hair_profile/), or null when the shopper has none; with the account's
   * is_fragrance_soldout (GET /v1/account/) when known.
   */
  profile: Readonly<Record<string, unknown>> | null;
  /** The shop's clock. */
  now: Date | string;
  /** Slugs of the fragrances sold out now. */
  soldOutFragrances?: readonly string[];
  /** The shopper's orders (GET /v2/orders/; the reviewed one may be among them): the supplement months of §3.1. */
  orders?: readonly Order[];
}

export interface FeedbackFacts {
  /** The flow each category of the order leads to; skincare's is the Starter Set's when the order holds minis (§5.2). */
  flows: Partial<Record<FeedbackCategory, FeedbackFlowId>>;
  /** The rules' `order.<name>` facts (the engine's env.order). */
  order: Record<string, AnswerValue>;
  /** The consultation answers of §3.6 as the flows declare them, `consultation.<field>` (the engine's env.context). */
  context: Record<string, AnswerValue>;
  /** Words the flows' texts fill in: {product} (the supplement's name), {date} (the order date). */
  text: Record<string, string>;
  /**
   * Each product the order holds, by the flows' product names (`haircare` for the hair products' shared fragrance):
   * its name and its fragrance's slug, for the fragrance pages' {product} and {fragrance} (engine feedbackPlaceholders).
   */
  products: Record<string, { name: string; fragrance?: string }>;
  /** The names of the order's fragrances by slug ("arcadia" -> "Arcadia"). */
  fragranceNames: Record<string, string>;
}

const DAY_MS = 86_400_000;
/** Spec 002 §9.7: an item with one of these has no fragrance. */
const FRAGRANCE_FREE_CODES = new Set(['fragrance_free', 'no_added_fragrance', 'frag_free']);
/** §5.1: the ingredients that make a conditioner anti-brass, purple_v2 first. */
const ANTIBRASS_SLUGS = ['purple_v2', 'anti_brassines'] as const;
/** §3.6: the consultation answers the feedback reads. */
const CONSULTATION_FIELDS = FEEDBACK_SURVEY_FIELDS;
const NUMERIC_FIELDS = new Set(['goal_curl', 'diag_sensitivity_level', 'diag_dandruff_level']);

/** The products a feedback flow asks about, from an item's product type: trial sizes and minis count as the product, a set as its parts. */
const PRODUCTS_OF_TYPE: Record<string, string[]> = {
  oil: ['hair_oil'],
  trial_shampoo: ['shampoo'],
  trial_conditioner: ['conditioner'],
  hair_density_set: ['shampoo', 'conditioner', 'scalp_serum'],
  cleanser_mini: ['cleanser'],
  serum_mini: ['serum'],
  moisturizer_mini: ['moisturizer'],
};
const HAIR_PRODUCTS = ['shampoo', 'conditioner', 'hair_mask', 'leavein_conditioner', 'curl_cream', 'styling_gel', 'dry_shampoo'];
const HAIRCARE_PRODUCTS = [...HAIR_PRODUCTS, 'scalp_mask', 'scalp_serum', 'hair_oil'];
const SKINCARE_PRODUCTS = ['cleanser', 'serum', 'moisturizer'];
const MINIS = new Set(['cleanser_mini', 'serum_mini', 'moisturizer_mini']);
const SUPPLEMENT = 'supplement_core';
/** Orders that never became a paid order do not count as a month of supplements. */
const UNPAID = new Set<Order['status']>(['pending_payment', 'payment_failed', 'canceled']);

/**
 * The facts the feedback flows' rules read for one order.
 * @example orderFacts({ order, profile, now: new Date() }).order.has_shampoo // true
 */
export function orderFacts(input: FeedbackFactsInput): FeedbackFacts {
  const { order, profile } = input;
  const now = new Date(input.now).getTime();
  const facts: Record<string, AnswerValue> = {};
  const fragrances: Record<string, { slug: string; name: string }> = {};
  const products = new Map<string, OrderItem[]>();
  for (const item of order.items) {
    for (const product of productsOf(item)) products.set(product, [...(products.get(product) ?? []), item]);
  }
  for (const product of [...HAIRCARE_PRODUCTS, ...SKINCARE_PRODUCTS]) facts[`has_${product}`] = products.has(product);
  for (const [product, items] of products) {
    const scent = items.map(fragranceOf).find((f) => f !== undefined);
    if (scent) fragrances[product] = scent;
  }

  // Haircare fragrance (§5.1): the hair products' and the scalp's share one; the hair oil has its own.
  facts.hair_products_fragranced = HAIR_PRODUCTS.some((p) => fragrances[p]);
  facts.scalp_serum_fragranced = fragrances.scalp_serum !== undefined;
  facts.scalp_mask_fragranced = fragrances.scalp_mask !== undefined;
  const hairScent = [...HAIR_PRODUCTS, 'scalp_serum', 'scalp_mask'].map((p) => fragrances[p]).find((f) => f !== undefined);
  if (hairScent) {
    facts.fragrance = hairScent.slug;
    fragrances.haircare = hairScent;
  }
  if (products.has('hair_oil')) facts.hair_oil_fragrance_free = fragrances.hair_oil === undefined;
  if (fragrances.hair_oil) facts.hair_oil_fragrance = fragrances.hair_oil.slug;
  const soldOut = [...new Set((input.soldOutFragrances ?? []).map((s) => s.toLowerCase()))];
  facts.sold_out_fragrances = soldOut;
  facts.fragrance_sold_out = hairScent !== undefined && (soldOut.includes(hairScent.slug) || profileSaysSoldOut(profile, hairScent.slug));

  // Skincare fragrance (§5.2): one for the routine.
  const skinScent = SKINCARE_PRODUCTS.map((p) => fragrances[p]).find((f) => f !== undefined);
  if (skinScent) facts.skin_fragrance = skinScent.slug;

  // Anti-brass (§5.1, §9.1): the newest anti-brass conditioner's age in whole days, and its ingredient.
  const antibrass = (products.get('conditioner') ?? [])
    .map((item) => ({ item, slug: ANTIBRASS_SLUGS.find((s) => ingredientSlugs(item).includes(s)) }))
    .filter((a): a is { item: OrderItem; slug: (typeof ANTIBRASS_SLUGS)[number] } => a.slug !== undefined)
    .map((a) => ({ ...a, days: Math.max(0, Math.floor((now - new Date(a.item.created_at).getTime()) / DAY_MS)) }))
    .sort((a, b) => a.days - b.days)[0];
  if (antibrass) {
    facts.antibrass_conditioner_days = antibrass.days;
    facts.antibrass_ingredient = antibrass.slug;
  }

  // Supplements (§3.1, §9.1): one order holding supplement_core is one month.
  const supplementOrders = uniqueOrders([order, ...(input.orders ?? [])]).filter(
    (o) => (o.pubkey === order.pubkey || !UNPAID.has(o.status)) && o.items.some((i) => i.variant.product.type === SUPPLEMENT),
  );
  const hasSupplement = order.items.some((i) => i.variant.product.type === SUPPLEMENT);
  if (hasSupplement) facts.supplement_months = supplementOrders.filter((o) => Date.parse(o.created_at) <= Date.parse(order.created_at)).length;
  facts.has_multiple_supplement_orders = supplementOrders.length > 1;

  const flows: FeedbackFacts['flows'] = {};
  if (HAIRCARE_PRODUCTS.some((p) => products.has(p))) flows.haircare = 'feedback-haircare';
  if (SKINCARE_PRODUCTS.some((p) => products.has(p)))
    flows.skincare = order.items.some((i) => MINIS.has(i.variant.product.type)) ? 'feedback-skincare-starter' : 'feedback-skincare';
  if (hasSupplement) flows.supplements = 'feedback-supplements';

  const text: Record<string, string> = { date: orderDate(order.created_at) };
  const supplement = order.items.find((i) => i.variant.product.type === SUPPLEMENT);
  if (supplement) text.product = supplement.variant.label;

  const ordered: FeedbackFacts['products'] = {};
  for (const product of [...products.keys(), ...(hairScent ? ['haircare'] : [])]) {
    const scent = fragrances[product];
    ordered[product] = { name: productName(product), ...(scent ? { fragrance: scent.slug } : {}) };
  }
  const fragranceNames = Object.fromEntries(Object.values(fragrances).map((f) => [f.slug, f.name]));
  return { flows, order: facts, context: consultationContext(profile), text, products: ordered, fragranceNames };
}

/** A product as the pages say it: "hair oil", "leave-in conditioner". */
function productName(product: string): string {
  return product === 'leavein_conditioner' ? 'leave-in conditioner' : product.replace(/_/g, ' ');
}

function productsOf(item: OrderItem): string[] {
  const type = item.variant.product.type;
  return PRODUCTS_OF_TYPE[type] ?? [type];
}

/** An item's fragrance, or undefined when it has none (null, FRAGRANCE_FREE, NO_ADDED_FRAGRANCE; §9.7). */
function fragranceOf(item: OrderItem): { slug: string; name: string } | undefined {
  const { fragrance, smells_like } = item.item_object;
  const code = (smells_like ?? fragrance)?.trim();
  if (!code || FRAGRANCE_FREE_CODES.has(code.toLowerCase()) || (fragrance && FRAGRANCE_FREE_CODES.has(fragrance.toLowerCase()))) return undefined;
  const slug = code.toLowerCase();
  // A name written as a code (ARCADIA) is shown as a name; an unknown slug by its raw name (§8).
  const name = fragrance && fragrance !== fragrance.toUpperCase() ? fragrance : slug.charAt(0).toUpperCase() + slug.slice(1);
  return { slug, name };
}

/** The catalogue ids of an item's ingredients (the order's item_object.ingredients[].slug; null on older orders). */
function ingredientSlugs(item: OrderItem): string[] {
  return item.item_object.ingredients.flatMap((i) => (i.slug ? [i.slug] : []));
}

/** The profile flags the chosen fragrance as sold out (is_fragrance_soldout, or is_soldout_fragrance), and it is this one. */
function profileSaysSoldOut(profile: FeedbackFactsInput['profile'], slug: string): boolean {
  if (!profile || (profile.is_fragrance_soldout !== true && profile.is_soldout_fragrance !== true)) return false;
  const chosen = profile.pref_fragrance;
  return typeof chosen !== 'string' || chosen.toLowerCase() === slug;
}

function consultationContext(profile: FeedbackFactsInput['profile']): Record<string, AnswerValue> {
  const context: Record<string, AnswerValue> = {};
  for (const field of CONSULTATION_FIELDS) {
    const value = answerValue(profile?.[field], NUMERIC_FIELDS.has(field));
    if (value !== undefined) context[`consultation.${field}`] = value;
  }
  return context;
}

function answerValue(raw: unknown, numeric: boolean): AnswerValue | undefined {
  if (numeric && typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return raw.filter((v): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v));
  return undefined;
}

function uniqueOrders(orders: readonly Order[]): Order[] {
  const seen = new Map<string, Order>();
  for (const o of orders) if (!seen.has(o.pubkey)) seen.set(o.pubkey, o);
  return [...seen.values()];
}

/** The order date as the Starter Set's transition says it ("March 3, 2025"). */
function orderDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}
