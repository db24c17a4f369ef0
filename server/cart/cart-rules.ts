import type { z } from 'zod';
import { DEFAULT_FREQUENCY, MINI_FREQUENCY, QUANTITY_RANGES, offersFrequency } from '#api/shared';
import type { cartItemUpdate } from '#api';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import { needsHaircareConsultation } from '../catalog/consultation-only';
import type { CartKind } from '../db/schema';

type Update = z.output<typeof cartItemUpdate>;

/** What the rules need to know of the shopper (spec 001 §5). */
export interface ShopperFacts {
  isGuest: boolean;
  /** The haircare consultation is completed (consultation_statuses.haircare); read only when a line needs it. */
  haircareCompleted: boolean;
}

/** Whether any of these lines needs the shopper's haircare consultation to be checked (candles and the towel). */
export function needsConsultationCheck(lines: readonly { type: string; quantity: number }[], entries: ReadonlyMap<string, CatalogueEntry>): boolean {
  return lines.some((line) => {
    const entry = entries.get(line.type);
    return line.quantity > 0 && entry !== undefined && needsHaircareConsultation(entry);
  });
}

/** A line the rules accepted, ready to store; undefined parts leave a stored line's as they are. */
export interface CheckedLine {
  category: Update['category'];
  type: string;
  product: string;
  quantity: number;
  monograms: string[] | undefined;
  subscription: { active: boolean; frequency: number | null } | undefined;
  /** The frequency a new line starts with. */
  defaultFrequency: number | null;
}

/** The product a catalogue entry belongs to: itself, or for a variant its parent. */
export const productOf = (entry: CatalogueEntry): string => entry.parentType ?? entry.type;

/** Supplements are priced and labelled in days (spec 001 §9): they offer one frequency. */
export const isSupplement = (entry: CatalogueEntry): boolean => entry.subCategory === 'supplements';

/** Minis (the Starter Set) come every 8 weeks by default; everything else every 4 (spec 001 §9). */
export function recommendedFrequency(entry: CatalogueEntry): number {
  return entry.type.endsWith('_mini') ? MINI_FREQUENCY : DEFAULT_FREQUENCY;
}

/** Which carts may hold an entry: custom products their category's cart (supplements with haircare), accessories the haircare cart; the universal cart holds all. */
function allowedIn(kind: CartKind, entry: CatalogueEntry, category: Update['category']): string | null {
  if (category === 'formula' && !entry.isCustom) return `${entry.label} is not made to order: add it as an item.`;
  if (category === 'item' && entry.isCustom) return `${entry.label} is made to order: add it as a formula.`;
  if (category !== 'formula' && category !== 'item') return 'Gifts, coupons and gifts with purchase are added by the shop, not to a cart line.';
  if (kind === 'universal') return null;
  const home = entry.category === 'others' ? 'haircare' : entry.category;
  return home === kind ? null : `${entry.label} is sold from the ${home} cart.`;
}

/**
 * Checks one requested line against the catalogue and the shopper (spec 001 §3 Cart item, §5, §9): the product
 * exists and is sold, the type belongs to the product, the cart may hold it, the quantity is in its range, a
 * subscription only where the product offers one and at a frequency it offers, monograms only on a brush, and
 * candles and the towel only with an account and a completed haircare consultation. Each problem is a message for
 * the field it is about.
 */
export function checkLine(
  update: Update,
  entries: ReadonlyMap<string, CatalogueEntry>,
  kind: CartKind,
  shopper: ShopperFacts,
): { line: CheckedLine } | { problems: Record<string, string> } {
  const entry = entries.get(update.type);
  if (!entry || entry.retired) return { problems: { type: `There is no product "${update.type}".` } };
  if (productOf(entry) !== update.product) return { problems: { product: `"${update.type}" belongs to "${productOf(entry)}", not "${update.product}".` } };
  if ([...entries.values()].some((e) => e.parentType === entry.type && !e.retired)) {
    return { problems: { type: `Choose one of ${entry.label}'s variants.` } };
  }
  const problems: Record<string, string> = {};
  const place = allowedIn(kind, entry, update.category);
  if (place) problems.category = place;
  if (update.quantity > 0 && (entry.soldOut || (entry.parentType && entries.get(entry.parentType)?.soldOut))) {
    problems.type = `${entry.label} is sold out.`;
  }
  const range = update.category === 'item' ? QUANTITY_RANGES.accessory : QUANTITY_RANGES.cartLine;
  if (update.quantity > range.max) problems.quantity = `Choose at most ${range.max}.`;
  const subscription = update.subscription;
  if (subscription?.active && !entry.isSubscribable) problems['subscription.active'] = `${entry.label} cannot be subscribed to.`;
  const frequency = subscription?.frequency ?? null;
  if (frequency !== null && entry.isSubscribable && !offersFrequency({ supplements: isSupplement(entry) }, frequency)) {
    problems['subscription.frequency'] = isSupplement(entry) ? 'Supplements come every 25 days (4 weeks).' : 'Choose every 4, 8 or 12 weeks.';
  }
  const monograms = update.customization?.monograms;
  if (monograms && productOf(entry) !== 'brush') problems['customization.monograms'] = 'Only a brush can carry a monogram.';
  if (update.quantity > 0 && needsHaircareConsultation(entry) && (shopper.isGuest || !shopper.haircareCompleted)) {
    problems.type = `${entry.label} is sold to shoppers with an account who have completed the haircare consultation.`;
  }
  if (Object.keys(problems).length > 0) return { problems };
  return {
    line: {
      category: update.category,
      type: update.type,
      product: update.product,
      quantity: update.quantity,
      monograms,
      subscription: subscription && { active: subscription.active, frequency: entry.isSubscribable ? (frequency ?? recommendedFrequency(entry)) : null },
      defaultFrequency: entry.isSubscribable ? recommendedFrequency(entry) : null,
    },
  };
}
