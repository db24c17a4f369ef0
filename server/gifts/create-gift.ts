/**
 * @module server/gifts/create-gift: POST /v1/gifts/ (spec 001 §3 "Gifts and promotions", §9): a gift card to buy. It
 * is recorded `awaiting_payment` and put as ONE line in the shopper's universal cart (`digital_gift`, category
 * `gift`, the gift's pubkey in the line's customization, priced at the gift's amount by gift-cart.ts), and that cart
 * goes to checkout: the web app then sends the gifter to /checkout/gift?gift=gifter, which orders the universal cart
 * through the one money path. A second gift before the first is paid replaces it: the earlier one becomes `replaced`
 * (never sent) and its line gives way to the new one.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { giftRequest } from '#api';
import { lockUser } from '../account/lock-user';
import { lockCart } from '../cart/cart-store';
import { cartItems, gifts, orders, type CartItemCustomization } from '../db/schema';
import { ApiError, validationError } from '../http/api-error';
import type { UserRow } from '../http/authenticate';
import { newPubkey } from '../identity/token-hash';
import type { Services } from '../services';
import { GIFT_CARD_TYPE, GIFT_LINE_CATEGORY } from './gift-lines';
import { easternToday, isCalendarDay, lastSendDay } from './send-time';
import { shopperCountry } from './shopper-country';

export type GiftInput = z.output<typeof giftRequest>;

/** What a gift line keeps in its customization: the gift it stands for. */
export type GiftLineCustomization = CartItemCustomization & { gift?: string };

/** The send date's problem, or null: a calendar day from today to a year on, US Eastern days (§9). */
export function sendOnProblem(sendOn: string, now: Date): string | null {
  if (!isCalendarDay(sendOn)) return 'Choose the day to send it (YYYY-MM-DD).';
  const today = easternToday(now);
  if (sendOn < today) return 'Choose today or a day after: the gift card cannot be sent in the past.';
  if (sendOn > lastSendDay(today)) return 'Choose a day within a year from today.';
  return null;
}

/** Records the gift and its cart line (see the module's description); its pubkey. */
export async function createGift(services: Services, user: UserRow, input: GiftInput): Promise<string> {
  const now = services.clock.now();
  const problem = sendOnProblem(input.send_on, now);
  if (problem) throw validationError({ send_on: [problem] }, 'Some fields are not valid.');
  // §5: redeemable only in the country of purchase; the amounts are the same numbers in that country's currency.
  const { country, currency } = await shopperCountry(services.db, user.id);
  const pubkey = newPubkey();
  await services.db.transaction(async (tx) => {
    // The customer, then their cart, as every cart change does: one gift waiting for payment at a time.
    await lockUser(tx, user.id);
    const locked = await lockCart(tx, user.id, 'universal', now, { create: { currency }, changes: { isInCheckout: true } });
    // An order of this cart still waiting for its payment (the bank's check) would take the new gift's line with it
    // when paid: the shopper waits for it to end first.
    const [pending] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.cartId, locked!.cart.id), eq(orders.status, 'pending_payment')))
      .limit(1);
    if (pending) throw new ApiError(409, 'order_in_progress', 'Your cart is being paid for right now. Finish or cancel that payment, then buy the gift card.');
    await tx
      .update(gifts)
      .set({ status: 'replaced', updatedAt: now })
      .where(and(eq(gifts.gifterId, user.id), eq(gifts.status, 'awaiting_payment')));
    await tx.insert(gifts).values({
      pubkey,
      gifterId: user.id,
      status: 'awaiting_payment',
      amount: input.amount * 100,
      currency,
      country,
      occasion: input.occasion,
      message: input.message.replace(/\r\n?/g, '\n'),
      recipientName: input.recipient_name,
      recipientEmail: input.recipient_email,
      senderName: input.sender_name,
      sendOn: input.send_on,
      createdAt: now,
      updatedAt: now,
    });
    const cart = locked!.cart;
    await tx.delete(cartItems).where(and(eq(cartItems.cartId, cart.id), eq(cartItems.category, GIFT_LINE_CATEGORY)));
    const customization: GiftLineCustomization = { gift: pubkey };
    await tx.insert(cartItems).values({
      cartId: cart.id,
      category: GIFT_LINE_CATEGORY,
      type: GIFT_CARD_TYPE,
      product: GIFT_CARD_TYPE,
      quantity: 1,
      customization,
      subscriptionActive: false,
      frequency: null,
      section: null,
      position: locked!.items.reduce((max, item) => Math.max(max, item.position), 0) + 1,
      createdAt: now,
    });
  });
  return pubkey;
}
