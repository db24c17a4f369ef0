/**
 * @module server/subscriptions/forecast: the next charges of a subscription (spec 001 §3 "Forecast entry", §4
 * "Forecast status"; README.md "Managing it"), worked out by the renewal's own rules on today's data: the renewal
 * runs on the earliest product date (a date already past: at the next run, today); the products due then that are not
 * skipped and still sold make the box, priced by `renewalBasket` (renew.ts: the shopper's current formulas, the
 * subscription's saving, free shipping, the address's taxes); every due product then moves by its own frequency,
 * un-skipped, and a day with only skipped products charges nothing. So what it answers is what the scheduler then
 * does, as long as nothing changes meanwhile (a new formula, a price, a skip).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { addBusinessDays } from '#api/shared';
import type { SubscriptionForecast, SubscriptionForecastEntry, SubscriptionTicket } from '#api';
import { toMoney } from '#api/money';
import { DELIVERY_DAYS } from '../cart/cart-view';
import { hairProfiles, paymentMethods } from '../db/schema';
import { loadFormulaSet } from '../profile/derived-profile';
import type { Services } from '../services';
import { CANCELLATION_FLOW, unusedCoupon } from './coupons';
import { renewalBasket, sellable, type Makings } from './renew';
import { addWeeks, dayOf, productsOf } from './schedule';
import { ownSubscription, type SubscriptionRow } from './subscription-view';
import type { ProductChange } from './update';

type ProductRow = Awaited<ReturnType<typeof productsOf>>[number];

/** How many charges the forecast shows. */
export const FORECAST_CHARGES = 3;

/**
 * `changes`: quantities and frequencies to try instead of the saved ones (a preview, nothing saved); a new frequency
 * keeps the product's date, as a PATCH does.
 */
export async function forecastSubscription(
  services: Services,
  userId: number,
  pubkey: string,
  changes: readonly ProductChange[] = [],
): Promise<SubscriptionForecast> {
  const db = services.db;
  const row = await ownSubscription(db, userId, pubkey);
  const none = (reason: NonNullable<SubscriptionForecast['reason']>): SubscriptionForecast => ({
    status: 'NOT_AVAILABLE',
    reason,
    currency: row.currency,
    forecast: [],
  });
  if (row.status === 'canceled') return none('canceled');
  if (row.status === 'onhold') return none('onhold');
  const [method] =
    row.paymentMethodId === null
      ? []
      : await db
          .select({ id: paymentMethods.id })
          .from(paymentMethods)
          .where(
            and(
              eq(paymentMethods.id, row.paymentMethodId),
              eq(paymentMethods.userId, userId),
              isNull(paymentMethods.deletedAt),
              inArray(paymentMethods.provider, [services.payments.name]),
            ),
          );
  if (!method) return none('no_payment_method');

  const { answers, set } = await loadFormulaSet(services, userId);
  const makings: Makings = {
    entries: await services.catalogue.entries(),
    formulas: new Map(set.formulas.map((f) => [f.product, f])),
    answers,
    // A retention coupon (coupons.ts) lowers the first charge only: the renewal that is paid uses it.
    coupon: await unusedCoupon(db, row.id),
  };
  const [profile] = await db.select({ soldOut: hairProfiles.isFragranceSoldout }).from(hairProfiles).where(eq(hairProfiles.userId, userId));
  const products = (await productsOf(db, row.id)).map((p) => {
    const change = changes.find((c) => c.id === p.id);
    return { ...p, quantity: change?.quantity ?? p.quantity, frequency: change?.frequency ?? p.frequency };
  });
  return forecastCharges(row, products, makings, { today: dayOf(services.clock.now()), fragranceSoldOut: profile?.soldOut ?? false });
}

/**
 * The next charges of a subscription's products as the renewals would make them (see the module's description), from
 * `today`: pure, so a subscription not yet made (POST /v2/subscriptions/preview, an upsell's preview) forecasts by the
 * same rules. `products` are copied, not changed.
 */
export function forecastCharges(
  row: SubscriptionRow,
  schedule: readonly ProductRow[],
  makings: Makings,
  options: { today: string; fragranceSoldOut: boolean },
): SubscriptionForecast {
  const none = (reason: NonNullable<SubscriptionForecast['reason']>): SubscriptionForecast => ({
    status: 'NOT_AVAILABLE',
    reason,
    currency: row.currency,
    forecast: [],
  });
  const today = options.today;
  const products = schedule.map((p) => ({ ...p }));
  const entries: SubscriptionForecastEntry[] = [];
  // Each step is one renewal; a year of steps at most (every product at least every 12 weeks).
  for (let step = 0; step < 60 && entries.length < FORECAST_CHARGES && products.length > 0; step++) {
    const earliest = products.reduce((min, p) => (p.nextStart < min ? p.nextStart : min), products[0]!.nextStart);
    const runDay = earliest < today ? today : earliest;
    const due = products.filter((p) => p.nextStart <= runDay);
    const box = due.filter((p) => !p.skipped && sellable(makings.entries.get(p.type)));
    if (box.length > 0) {
      if (options.fragranceSoldOut && box.some((p) => makings.formulas.get(p.type)?.fragrance)) return none('invalid_fragrance');
      const basket = renewalBasket(row, box, { ...makings, coupon: entries.length === 0 ? makings.coupon : null });
      const days = basket.lines.some((line) => line.isFormula) ? DELIVERY_DAYS.custom : DELIVERY_DAYS.ready;
      entries.push({
        next_charge: runDay,
        discount_rate: row.discountPercentage / 100,
        items: basket.lines.map((line) => ({
          type: line.type,
          label: line.label,
          quantity: line.quantity,
          price: toMoney(line.unitPrice),
          total_price: toMoney(line.totalPrice),
          skeleton_type: line.formula?.skeleton ?? line.type,
        })),
        total_price: toMoney(basket.totals.totalPrice),
        total_discount: toMoney(basket.totals.totalDiscount),
        total_shipping: toMoney(basket.totals.totalShipping),
        total_taxes: toMoney(basket.totals.totalTaxes),
        total_amount: toMoney(basket.totals.totalAmount),
        ...(makings.coupon && basket.offerDiscount > 0
          ? { offer: { label: makings.coupon.label, percent_off: makings.coupon.percentOff, amount: toMoney(basket.offerDiscount) } }
          : {}),
        shipping_estimate: { min_date: addBusinessDays(runDay, days.min), max_date: addBusinessDays(runDay, days.max) },
      });
    }
    for (const p of due) {
      let next = addWeeks(p.nextStart, p.frequency);
      while (next <= runDay) next = addWeeks(next, p.frequency);
      p.nextStart = next;
      p.skipped = false;
    }
  }
  if (entries.length === 0) return none('nothing_to_renew');
  return { status: 'AVAILABLE', reason: null, currency: row.currency, forecast: entries };
}

/**
 * The next charge as a ticket (spec 001 §3 Subscription ticket): its products, the saving as a subscription coupon
 * (a negative total_price: a discount line), its delivery estimate; null when no charge is forecast.
 */
export function ticketOf(forecast: SubscriptionForecast): SubscriptionTicket | null {
  const next = forecast.forecast[0];
  if (!next) return null;
  const offer = next.offer?.amount ?? 0;
  const saving = Math.round((next.total_discount - offer) * 100) / 100;
  return {
    coupons: [
      ...(saving > 0
        ? [
            {
              total_price: -saving,
              property: 'subscription' as const,
              label: `Subscription saving (${Math.round(next.discount_rate * 100)}%)`,
              origin: 'subscription',
            },
          ]
        : []),
      // Spec 001 §4 "Retention-action check": an offer succeeded when the ticket holds a coupon from the cancellation flow.
      ...(next.offer ? [{ total_price: -next.offer.amount, property: 'offer' as const, label: next.offer.label, origin: CANCELLATION_FLOW }] : []),
    ],
    products: next.items.map((item) => ({ slug: item.type, quantity: item.quantity, total_price: item.total_price })),
    shipping_estimate: next.shipping_estimate,
    currency: forecast.currency,
    gwps: [],
  };
}
