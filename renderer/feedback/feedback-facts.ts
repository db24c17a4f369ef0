import type { FeedbackSummary, OrderedProduct } from '#engine';
import type { StepFacts } from '../step-props';

/**
 * What the feedback steps show that comes from outside the flow (spec 002 §2.3, §2.6, §2.7), computed by the feedback
 * kind from the order under review, the catalogue and the answers. The engine fills the titles' placeholders from the
 * same facts (engine/runtime/describe-step.ts `feedbackPlaceholders`): {date} from `orderDate`, {product} and
 * {fragrance} on a step with a `product` from `products` and `fragranceNames`, any other from `text`.
 */
export interface FeedbackFacts extends StepFacts {
  /** The order's date as shown ("May 2, 2026"): the Starter Set's transition names it (§2.3). */
  orderDate?: string;
  /** The order's products by product type (the steps' `product`: cleanser, hair_oil, haircare…): name and fragrance slug. */
  products?: Record<string, OrderedProduct>;
  /** Fragrance names by slug (§3.8); a slug missing here is shown by its raw name (§8). */
  fragranceNames?: Record<string, string>;
  /** Slugs of the fragrances sold out now: a new fragrance is never chosen among them (§5.1). */
  soldOutFragrances?: string[];
  /** Other placeholders of the texts ({ingredient}, the supplement's {product}). */
  text?: Record<string, string>;
  /** The results screen's summary (§2.7): the engine's `feedbackSummary(flow, answers, order)`. */
  summary?: FeedbackSummary;
}
