/**
 * @module server/subscriptions/renewal-guard: a change that would stop a renewal (a cancel, a card removed) waits for
 * a renewal being charged right now, so a renewal never charges a subscription canceled, or a card removed, a second
 * before (issue 27 "Security"; README.md "Renewals"). A renewal checks the subscription and its method under the
 * customer's and the subscription's locks, records its order and renewal row (pending), then charges outside any
 * transaction: the change takes the same locks and goes ahead only when none of the subscriptions it touches has a
 * pending renewal; else it lets go of the locks and looks again, and after PENDING_RENEWAL_WAIT_MS answers 409
 * subscription_changed (try again). A renewal that starts after the change sees it under the locks.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { lockUser } from '../account/lock-user';
import type { Database } from '../db/database';
import { subscriptionRenewals } from '../db/schema';
import { ApiError } from '../http/api-error';

/** How long a cancel or a card removal waits for a renewal being charged before answering 409. */
export const PENDING_RENEWAL_WAIT_MS = 3_000;
const LOOK_AGAIN_MS = 50;

class RenewalPending extends Error {}

/**
 * Runs `work` in one transaction with the customer locked, then the subscriptions `lock` locks (it answers their ids),
 * once none of them has a renewal pending. `work` gets the transaction and those ids.
 */
export async function withNoRenewalPending<T>(
  db: Database,
  userId: number,
  lock: (tx: Database) => Promise<number[]>,
  work: (tx: Database, subscriptionIds: number[]) => Promise<T>,
  waitMs = PENDING_RENEWAL_WAIT_MS,
): Promise<T> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const ids = await lock(tx);
        if (ids.length > 0) {
          const [pending] = await tx
            .select({ id: subscriptionRenewals.id })
            .from(subscriptionRenewals)
            .where(and(inArray(subscriptionRenewals.subscriptionId, ids), eq(subscriptionRenewals.status, 'pending')))
            .limit(1);
          if (pending) throw new RenewalPending();
        }
        return work(tx, ids);
      });
    } catch (error) {
      if (!(error instanceof RenewalPending)) throw error;
      if (Date.now() >= until) throw new ApiError(409, 'subscription_changed', 'Your next box is being prepared right now. Please try again in a few minutes.');
      await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
    }
  }
}
