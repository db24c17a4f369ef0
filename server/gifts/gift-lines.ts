/**
 * @module server/gifts/gift-lines: how a gift card shows in a cart or an order, and what that forbids.
 * A gift card's line is the catalogue's `digital_gift` product in category `gift` (server/gifts/README.md).
 */

/** The catalogue type of a gift card's line. */
export const GIFT_CARD_TYPE = 'digital_gift';
/** The cart line category of a gift card (spec 001 §3 cart lines: formula | item | gift | coupon | gwp). */
export const GIFT_LINE_CATEGORY = 'gift';

/** Whether a cart or order line is a gift card. */
export function isGiftCardLine(line: { category?: string | null; type?: string | null; product?: string | null }): boolean {
  return line.category === GIFT_LINE_CATEGORY || line.type === GIFT_CARD_TYPE || line.product === GIFT_CARD_TYPE;
}

/**
 * Spec 001 §5: "A gift card cannot buy other gift cards." A basket holding a gift card line is paid without shop
 * credit: the money path calls this before `spendCredit` and spends nothing when it answers false.
 */
export function basketMayUseCredit(lines: readonly { category?: string | null; type?: string | null; product?: string | null }[]): boolean {
  return !lines.some(isGiftCardLine);
}
