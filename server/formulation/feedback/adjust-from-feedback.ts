import type { Facts } from '#engine/compiler';
import { smallerVersions } from '../catalogue/schema';
import { feedbackCategories, type FeedbackCategory } from './feedback-answers';
import type { FeedbackRule, FeedbackRules } from './feedback-rules';

/** One product of the order a feedback is about, as far as it is known: its type, skeleton, fragrance and actives. */
export interface OrderedItem {
  /** The product type as ordered (trial sizes and minis count as their full size: trial_shampoo is a shampoo). */
  type: string;
  skeleton?: string | null;
  fragrance?: string | null;
  /** The catalogue ids of its actives (the order's item_object.ingredients). */
  actives?: readonly string[];
}

/** A shopper's latest completed feedback of one category (server/feedback/read-feedback.ts reads it). */
export interface CompletedFeedback {
  answers: Readonly<Record<string, unknown>>;
  /** The order it is about, to tell one feedback from the next (the formulas kept for the day follow it). */
  orderPubkey?: string;
  completedAt?: string;
  items?: readonly OrderedItem[];
}

/** The latest completed feedback of each category a shopper has given. */
export type ShopperFeedback = Partial<Record<FeedbackCategory, CompletedFeedback | null>>;

/** A change the feedback made to one product, in the shopper's words (the API's feedback_changes). */
export interface FeedbackChange {
  product: string;
  rule: string;
  change: string;
  because: string;
  /** The rule picks the product's texture (shown when the texture really changed). */
  texture: boolean;
}

/** Everything the feedback changes in one product's next formula (README.md: where each applies). */
export interface ProductAdjustment {
  product: string;
  /** A keep rule held: the formula is made as if there were no feedback, and says why. */
  kept: boolean;
  /** Points added to the product's scores, each with the sentence its actives then give. */
  scores: { dimension: string; points: number; because: string }[];
  /** Base ingredient function -> factor (several rules multiply). */
  base: Record<string, number>;
  /** Steps along the texture list from the texture ordered (negative: lighter), or the texture picked. */
  textureStep: number;
  texture?: string;
  /** A new fragrance (a slug), or none at all, and why. */
  scent?: { slug: string; because: string } | { free: true; because: string };
  /** The perfume's dose factor (1: unchanged). */
  strength: number;
  nextBest: boolean;
  prefer: ReadonlySet<string>;
  avoid: ReadonlySet<string>;
  /** The rules that held, in order, each with the adjustment as it stood after it (to show only those that changed something). */
  steps: { change: FeedbackChange; after: ProductAdjustment }[];
  /** What the order held of this product, when the feedback says. */
  ordered?: OrderedItem;
}

/** Each product a shopper's feedback changes, by product type. */
export type FeedbackAdjustments = ReadonlyMap<string, ProductAdjustment>;

const fullSizeOf = new Map<string, string>([...Object.entries(smallerVersions).map(([full, small]) => [small, full] as const), ['oil', 'hair_oil']]);

/**
 * What a shopper's latest completed feedback changes in each of their next formulas (issue 26 item 5): the rules
 * of feedback-rules.yaml that hold for each category's answers, in the order written, gathered per product.
 * Pure: the same feedback always gives the same adjustments.
 * @example adjustFromFeedback(rules, { haircare: { answers: { product_shampoo_impact: 'uncleansed_greasy' } } }).get('shampoo')?.changes[0]?.because
 * // "you told us your shampoo left your hair greasy"
 */
export function adjustFromFeedback(rules: FeedbackRules, feedback: ShopperFeedback): FeedbackAdjustments {
  const adjustments = new Map<string, ProductAdjustment>();
  for (const category of feedbackCategories) {
    const given = feedback[category];
    if (!given) continue;
    const answers = given.answers as Facts;
    const ordered = new Map((given.items ?? []).map((item) => [fullSizeOf.get(item.type) ?? item.type, item]));
    const kept = new Set<string>();
    for (const rule of rules.rules[category]) {
      if (!rule.test(answers)) continue;
      for (const product of rule.products) {
        if (kept.has(product)) continue;
        const start = rule.keep ? undefined : adjustments.get(product);
        // A keep rule holds whatever the category's other rules say: the product is made as without feedback.
        if (rule.keep) kept.add(product);
        adjustments.set(product, applied(rule, answers, rules, start ?? blank(product, ordered.get(product))));
      }
    }
  }
  return adjustments;
}

function blank(product: string, ordered: OrderedItem | undefined): ProductAdjustment {
  return {
    product,
    kept: false,
    scores: [],
    base: {},
    textureStep: 0,
    strength: 1,
    nextBest: false,
    prefer: new Set(),
    avoid: new Set(),
    steps: [],
    ...(ordered ? { ordered } : {}),
  };
}

/** The adjustment after one more rule (a new object: each step keeps the one before it). */
function applied(rule: FeedbackRule, answers: Facts, rules: FeedbackRules, before: ProductAdjustment): ProductAdjustment {
  // A texture or fragrance read from an answer: a cleared one (null, spec 002 §4.4) picks nothing.
  const picked = (field: string | undefined) => (field !== undefined && typeof answers[field] === 'string' ? (answers[field] as string) : undefined);
  const chosen = picked(rule.scent?.from);
  const fragranceName =
    chosen === undefined ? '' : rules.fragranceFree.has(chosen) ? 'Fragrance-free' : (rules.fragranceNames.get(chosen.toLowerCase()) ?? chosen);
  const words = (text: string) => text.replaceAll('{fragrance}', fragranceName);
  const change = { product: before.product, rule: rule.rule, change: words(rule.change), because: words(rule.because), texture: rule.texture !== undefined };
  const after: ProductAdjustment = {
    ...before,
    kept: before.kept || rule.keep,
    scores: [...before.scores, ...Object.entries(rule.scores).map(([dimension, points]) => ({ dimension, points, because: words(rule.because) }))],
    base: { ...before.base },
    textureStep: before.textureStep + (rule.texture && 'step' in rule.texture ? rule.texture.step : 0),
    strength: before.strength * (rule.scent?.strength ?? 1),
    nextBest: before.nextBest || rule.nextBest,
    prefer: new Set([...before.prefer, ...rule.prefer]),
    avoid: new Set([...before.avoid, ...rule.avoid]),
  };
  for (const [fn, factor] of Object.entries(rule.base)) after.base[fn] = (after.base[fn] ?? 1) * factor;
  const texture = rule.texture && 'from' in rule.texture ? picked(rule.texture.from) : undefined;
  if (texture !== undefined) after.texture = texture;
  if (chosen !== undefined)
    after.scent = rules.fragranceFree.has(chosen)
      ? { free: true, because: words(rule.because) }
      : { slug: chosen.toLowerCase(), because: 'the scent you chose in your feedback' };
  after.steps = [...before.steps, { change, after }];
  return after;
}

/**
 * The texture (skeleton) a product's feedback leads to: the one the shopper picked, else `textureStep` steps from
 * the one ordered (else `current`, the one the formulation would choose now) along the product's texture list.
 */
export function textureFromFeedback(rules: FeedbackRules, adjustment: ProductAdjustment | undefined, current: string): string {
  if (!adjustment || adjustment.kept) return current;
  if (adjustment.texture) return adjustment.texture;
  const ladder = rules.textures.get(adjustment.product);
  if (!ladder || adjustment.textureStep === 0) return current;
  const from = adjustment.ordered?.skeleton && ladder.includes(adjustment.ordered.skeleton) ? adjustment.ordered.skeleton : current;
  const stepped = Math.min(ladder.length - 1, Math.max(0, ladder.indexOf(from) + adjustment.textureStep));
  // Never heavier than today's choice when asked for lighter, nor lighter when asked for richer.
  const now = ladder.indexOf(current);
  return ladder[now < 0 ? stepped : adjustment.textureStep < 0 ? Math.min(stepped, now) : Math.max(stepped, now)]!;
}
