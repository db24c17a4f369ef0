/**
 * @module server/gifts/gift-paid: what a paid order does to the gift cards it bought. Called by the money path in the
 * transaction that writes an order's paid outcome (server/money/settle-payment.ts `recordOutcome`, beside
 * `subscribeFromPaidOrder`), so it happens exactly once, whichever request or reconciliation writes it.
 * Each gift line of the order (category `gift`, the gift's pubkey in its customization) makes its gift `scheduled`:
 * paid, worth what its line was paid in the order's currency and redeemable in that currency's country (§5), its
 * e-mail job scheduled for 10 AM US Eastern on its day, or now when that day is today or past (§9; send-time.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { gifts, orderItems } from '../db/schema';
import { scheduleJob } from '../jobs/schedule';
import type { OrderRow } from '../orders/order-view';
import type { GiftLineCustomization } from './create-gift';
import { GIFT_LINE_CATEGORY } from './gift-lines';
import { giftSendAt } from './send-time';
import { countryOf } from './shopper-country';

/** The job that writes a gift's e-mail (server/gifts/gift-jobs.ts defines it). */
export const GIFT_MAIL_JOB = 'send-gift-mail';
export interface GiftMailJob {
  giftId: number;
}
/** The scheduled job's key: one per gift. */
export const giftMailKey = (giftId: number) => `gift:${giftId}`;

/**
 * Marks the gifts a paid order bought as paid and schedules their e-mails (see the module's description); returns how
 * many it scheduled now (0 for an order without gift lines, or when they were already scheduled).
 */
export async function onGiftOrderPaid(tx: Database, services: { clock: Pick<Clock, 'now'> }, order: OrderRow): Promise<number> {
  // Gift cards are bought from the universal cart only: any other order (a renewal, a category cart) has none.
  if (order.cartKind !== 'universal') return 0;
  const lines = await tx
    .select({ customization: orderItems.customization, unitPrice: orderItems.unitPrice })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.category, GIFT_LINE_CATEGORY)));
  const paidFor = new Map<string, number>();
  for (const line of lines) {
    const pubkey = (line.customization as GiftLineCustomization | null)?.gift;
    if (pubkey) paidFor.set(pubkey, line.unitPrice);
  }
  if (paidFor.size === 0) return 0;
  const now = services.clock.now();
  const found = await tx
    .select()
    .from(gifts)
    .where(and(inArray(gifts.pubkey, [...paidFor.keys()]), eq(gifts.gifterId, order.userId)))
    .for('update');
  let scheduled = 0;
  for (const gift of found) {
    // A gift replaced by a newer one while its order waited for the bank was still paid for: it is sent all the same.
    if (gift.status !== 'awaiting_payment' && gift.status !== 'replaced') continue;
    const sendAt = giftSendAt(gift.sendOn, now);
    await tx
      .update(gifts)
      .set({
        status: 'scheduled',
        orderId: order.id,
        paidAt: now,
        sendAt,
        // Worth what was paid for it, in the currency paid: never more credit than money taken.
        amount: paidFor.get(gift.pubkey)!,
        currency: order.currency,
        country: countryOf(order.currency),
        updatedAt: now,
      })
      .where(eq(gifts.id, gift.id));
    await scheduleJob(tx, { name: GIFT_MAIL_JOB, key: giftMailKey(gift.id), at: sendAt, data: { giftId: gift.id } satisfies GiftMailJob });
    scheduled += 1;
  }
  return scheduled;
}
