/**
 * @module server/promotions/gwp-offers: the gifts with purchase running now for a shopper (spec 001 §3 "Promotional
 * gift", §5, §7 GET /v1/promotional_gift; README.md "Gifts with purchase"): with the data-driven-promotions flag on,
 * the file's promotions whose window holds the shop's clock, and none for a shopper with both a haircare and a
 * skincare subscription in any state (§5); with the flag off, none at all. The cart (server/cart/cart-context.ts) and the banner's
 * call read the same list.
 */
import { eq } from 'drizzle-orm';
import type { PromotionalGift } from '#api';
import { toMoney, type Currency } from '#api/money';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import type { Database } from '../db/database';
import { subscriptions } from '../db/schema';
import { defineOperation } from '../http/operation';
import type { Services } from '../services';
import { shopperCountry } from '../gifts/shopper-country';
import { promotionBook, type Promotion } from './gwp-book';
import { giftItem, isRunning } from './gwp-rules';

/** The feature flag (spec 001 §9 Feature flags) that runs the gifts with purchase of gifts-with-purchase.yaml. */
export const DATA_DRIVEN_FLAG = 'data-driven-promotions';

/** §5: "disabled for users with both haircare and skincare subscriptions in any state". */
export async function gwpExcluded(db: Database, userId: number): Promise<boolean> {
  const rows = await db.selectDistinct({ category: subscriptions.category }).from(subscriptions).where(eq(subscriptions.userId, userId));
  const categories = new Set(rows.map((r) => r.category));
  return categories.has('haircare') && categories.has('skincare');
}

/** The promotions running at the shop clock's now for the shopper (null: an anonymous visitor), in the file's order. */
export async function livePromotions(services: Services, userId: number | null): Promise<Promotion[]> {
  const now = services.clock.now();
  const dataDriven = services.config.flags[DATA_DRIVEN_FLAG] === true || services.config.flags[DATA_DRIVEN_FLAG] === '1';
  if (!dataDriven) return [];
  const running = promotionBook().filter((p) => isRunning(p, now));
  if (running.length === 0 || userId === null) return running;
  return (await gwpExcluded(services.db, userId)) ? [] : running;
}

/** A promotion as GET /v1/promotional_gift answers it, in the shopper's currency. */
export function promotionalGiftView(promotion: Promotion, currency: Currency, entries: ReadonlyMap<string, CatalogueEntry>): PromotionalGift {
  const item = giftItem(promotion, entries);
  const minimum = promotion.minimum === null ? null : (promotion.minimum[currency] ?? null);
  return {
    should_show_banner: promotion.showBanner,
    offered_variant_type: promotion.variant,
    banner: promotion.banner,
    item: { label: item.label, picture: item.picture },
    category: promotion.category,
    minimum: minimum === null ? null : toMoney(minimum),
    currency,
    subscription_only: promotion.subscriptionOnly,
    ends: promotion.ends?.toISOString() ?? null,
  };
}

/**
 * GET /v1/promotional_gift: the gifts with purchase running now for the caller, in the file's order (the first one a
 * cart qualifies for is the one it gets). A promotion with a minimum in another currency only is left out.
 */
export const getPromotionalGiftsOperation = defineOperation(
  'getPromotionalGifts',
  {
    summary: 'The gifts with purchase running now for the caller (spec 001 §7)',
    tag: 'promotions',
    responses: {
      200: 'A list of {should_show_banner, offered_variant_type, banner, item, category, minimum, currency, subscription_only, ends}; empty with both a haircare and a skincare subscription (§5)',
    },
  },
  async ({ c, auth, services }) => {
    const userId = auth?.user.id ?? null;
    const currency: Currency = userId === null ? 'USD' : (await shopperCountry(services.db, userId)).currency;
    const entries = await services.catalogue.entries();
    const promotions = (await livePromotions(services, userId)).filter((p) => p.minimum === null || p.minimum[currency] !== undefined);
    return c.json(
      promotions.map((p) => promotionalGiftView(p, currency, entries)),
      200,
    );
  },
);

export const promotionOperations = [getPromotionalGiftsOperation];

// The gifts-with-purchase file is checked when the server loads its operations: a broken one stops the start.
promotionBook();
