import type { CatalogueEntry } from './catalogue-reader';

/** Accessories that need an account and a completed haircare consultation, from the haircare cart (spec 001 §5). */
const CONSULTATION_ONLY = new Set(['candle', 'hair_towel_wrap']);

/**
 * Whether a product or variant is sold only to a shopper with an account and a completed haircare consultation (spec
 * 001 §5: candles and the Hair Towel Wrap). The cart enforces it; the catalogue tells the product pages, so they
 * explain it instead of offering a button that would be refused.
 */
export function needsHaircareConsultation(entry: Pick<CatalogueEntry, 'type' | 'parentType'>): boolean {
  return CONSULTATION_ONLY.has(entry.parentType ?? entry.type);
}
