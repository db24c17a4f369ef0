/**
 * @module server/subscriptions/preview-new: what a subscription not made yet would charge (POST /v2/subscriptions/preview,
 * POST /v2/subscriptions/preview-upsell): its products, alone or added to the caller's current subscription, forecast by
 * the renewals' own rules (forecast.ts `forecastCharges`, priced by `renewalBasket` with the shopper's current
 * formulas). Nothing is saved.
 */
import { eq } from 'drizzle-orm';
import type { SubscriptionPreview } from '#api';
import type { Currency } from '#api/money';
import { hairProfiles, type SubscriptionCategory, type SubscriptionSubCategory } from '../db/schema';
import type { ShippingAddress } from '../db/schema/orders';
import { loadFormulaSet } from '../profile/derived-profile';
import type { Services } from '../services';
import { unusedCoupon } from './coupons';
import { forecastCharges, ticketOf } from './forecast';
import { SUBSCRIPTION_DISCOUNT_PERCENT } from './from-order';
import type { NewProduct } from './new-products';
import type { Makings } from './renew';
import { dayOf, type productsOf } from './schedule';
import type { SubscriptionRow } from './subscription-view';

type ProductRow = Awaited<ReturnType<typeof productsOf>>[number];

/** The shopper's makings today (catalogue, current formulas, answers) and whether their fragrance is sold out. */
export async function makingsOf(services: Services, userId: number): Promise<{ makings: Makings; fragranceSoldOut: boolean }> {
  const { answers, set } = await loadFormulaSet(services, userId);
  const entries = await services.catalogue.entries();
  const [profile] = await services.db.select({ soldOut: hairProfiles.isFragranceSoldout }).from(hairProfiles).where(eq(hairProfiles.userId, userId));
  return { makings: { entries, formulas: new Map(set.formulas.map((f) => [f.product, f])), answers }, fragranceSoldOut: profile?.soldOut ?? false };
}

/** What a new subscription (or one with products added) would be: its row as far as pricing reads it, and its products' schedule. */
export interface PlannedSubscription {
  /** The current subscription the products join; null for a new one. */
  existing: { row: SubscriptionRow; products: ProductRow[] } | null;
  category: SubscriptionCategory;
  subCategory: SubscriptionSubCategory;
  currency: Currency;
  address: ShippingAddress | null;
  products: readonly NewProduct[];
  nextStart: string;
}

const NO_ADDRESS: ShippingAddress = { address1: '', address2: null, city: '', state: '', zipcode: '', country: 'US' };

/** The forecast and the first charge's ticket of the planned subscription, and what each product may do (spec 001 §3 "Preview ... responses"). */
export async function previewPlanned(services: Services, userId: number, plan: PlannedSubscription): Promise<SubscriptionPreview> {
  const now = services.clock.now();
  const { makings: own, fragranceSoldOut } = await makingsOf(services, userId);
  // The current subscription's retention coupon lowers its next charge, as its forecast shows (coupons.ts).
  const makings = plan.existing ? { ...own, coupon: await unusedCoupon(services.db, plan.existing.row.id) } : own;
  const row: SubscriptionRow = plan.existing
    ? { ...plan.existing.row, ...(plan.address ? { shippingAddress: plan.address } : {}) }
    : {
        id: 0,
        pubkey: '',
        userId,
        category: plan.category,
        subCategory: plan.subCategory,
        status: 'active',
        statusReason: null,
        // No address: no taxes (the preview says what the products cost before them).
        shippingAddress: plan.address ?? NO_ADDRESS,
        paymentMethodId: null,
        discountPercentage: SUBSCRIPTION_DISCOUNT_PERCENT,
        currency: plan.currency,
        mustHaveJars: true,
        failedCharges: 0,
        version: 1,
        createdAt: now,
        updatedAt: now,
        canceledAt: null,
      };
  const added: ProductRow[] = plan.products.map((p, index) => ({
    id: -1 - index,
    subscriptionId: row.id,
    type: p.type,
    product: p.product,
    quantity: p.quantity,
    frequency: p.frequency,
    nextStart: plan.nextStart,
    skipped: false,
    createdAt: now,
    updatedAt: now,
  }));
  const schedule = [...(plan.existing?.products ?? []), ...added];
  const forecast = forecastCharges(row, schedule, makings, { today: dayOf(now), fragranceSoldOut });
  const first = forecast.forecast[0]?.next_charge ?? null;
  return {
    ticket: ticketOf(forecast),
    gwps: [],
    forecast,
    subscribed_products: schedule.map((p) => ({
      type: p.type,
      can_skip: !p.skipped && first !== null && p.nextStart <= first,
      can_unskip: p.skipped,
    })),
  };
}
