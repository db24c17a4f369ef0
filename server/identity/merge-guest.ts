import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { addresses, carts, customerShipmentPreferences, users } from '../db/schema';
import { moveGuestGifts } from '../gifts/merge-guest-gifts';
import { mergeGuestProfile } from '../profile/merge-guest-profile';
import type { Services } from '../services';
import { revokeUserSessions } from './revoke-sessions';

/**
 * Joins a guest to the account they signed in to: answers, addresses, stylist, carts (each with its shipment
 * preference), gift cards and the shipment preference move over (a cart only where the account has none of that kind, the
 * preference only where it has none: the account's own is the one it kept); the guest can no longer sign in.
 */
export async function mergeGuestInto(tx: Database, services: Services, guestId: number, userId: number): Promise<void> {
  const now = services.clock.now();
  const [guest] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, guestId), eq(users.isGuest, true), isNull(users.mergedIntoId)))
    .for('update');
  if (!guest) return; // already merged, or signed up since: nothing left to move
  await mergeGuestProfile(tx, guestId, userId, now);
  const hasPrimary = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isPrimary, true)))
    .limit(1);
  await tx
    .update(addresses)
    .set(hasPrimary.length > 0 ? { userId, isPrimary: false, updatedAt: now } : { userId, updatedAt: now })
    .where(eq(addresses.userId, guestId));
  if (guest.stylistId !== null) {
    await tx
      .update(users)
      .set({ stylistId: guest.stylistId, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.stylistId)));
  }
  const accountCarts = await tx.select({ kind: carts.kind }).from(carts).where(eq(carts.userId, userId));
  const taken = accountCarts.map((c) => c.kind);
  await tx
    .update(carts)
    .set({ userId, updatedAt: now })
    .where(taken.length > 0 ? and(eq(carts.userId, guestId), notInArray(carts.kind, taken)) : eq(carts.userId, guestId));
  const accountPreference = await tx
    .select({ userId: customerShipmentPreferences.userId })
    .from(customerShipmentPreferences)
    .where(eq(customerShipmentPreferences.userId, userId));
  if (accountPreference.length === 0) {
    // Its address (if any) is one of the guest's, which moved to the account above.
    await tx.update(customerShipmentPreferences).set({ userId, updatedAt: now }).where(eq(customerShipmentPreferences.userId, guestId));
  }
  // The gift cards bought as a guest, and the unpaid one's cart line (server/gifts/README.md).
  await moveGuestGifts(tx, guestId, userId, now);
  await tx.update(users).set({ mergedIntoId: userId, updatedAt: now }).where(eq(users.id, guestId));
  await revokeUserSessions(tx, services, guestId, 'guest_merged');
}
