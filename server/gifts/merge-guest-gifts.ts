import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { cartItems, carts, gifts } from '../db/schema';
import { GIFT_LINE_CATEGORY } from './gift-lines';

/**
 * A guest who signs in to an existing account brings the gift cards they bought as a guest (server/identity/
 * merge-guest.ts `mergeGuestInto` calls this after the carts have moved): every gift is now the account's, to list,
 * pay and follow; the guest's unpaid gift, the newest, replaces one the account was about to buy (as a second POST
 * /v1/gifts/ would); and when the guest's universal cart stayed behind (the account has its own), the gift's line
 * moves into the account's universal cart, which goes to checkout. Nothing happens for a guest without gifts.
 */
export async function moveGuestGifts(tx: Database, guestId: number, userId: number, now: Date): Promise<void> {
  const moved = await tx
    .update(gifts)
    .set({ gifterId: userId, updatedAt: now })
    .where(eq(gifts.gifterId, guestId))
    .returning({ id: gifts.id, status: gifts.status });
  const unpaid = moved.filter((g) => g.status === 'awaiting_payment').map((g) => g.id);
  if (unpaid.length === 0) return;
  await tx
    .update(gifts)
    .set({ status: 'replaced', updatedAt: now })
    .where(and(eq(gifts.gifterId, userId), eq(gifts.status, 'awaiting_payment'), notInArray(gifts.id, unpaid)));
  const [guestCart] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.userId, guestId), eq(carts.kind, 'universal')));
  const [accountCart] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.kind, 'universal')))
    .for('update');
  if (!guestCart || !accountCart) return; // the guest's cart moved whole (or there is none): its line came with it
  const lines = await tx
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, guestCart.id), eq(cartItems.category, GIFT_LINE_CATEGORY)));
  if (lines.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.cartId, accountCart.id), eq(cartItems.category, GIFT_LINE_CATEGORY)));
  const [{ last }] = (await tx
    .select({ last: sql<number>`coalesce(max(${cartItems.position}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.cartId, accountCart.id))) as [{ last: number }];
  await tx
    .update(cartItems)
    .set({ cartId: accountCart.id, position: sql`${Number(last)} + 1` })
    .where(
      inArray(
        cartItems.id,
        lines.map((l) => l.id),
      ),
    );
  await tx
    .update(carts)
    .set({ isInCheckout: true, version: sql`${carts.version} + 1`, updatedAt: now })
    .where(eq(carts.id, accountCart.id));
}
