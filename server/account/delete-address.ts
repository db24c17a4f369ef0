import { and, desc, eq } from 'drizzle-orm';
import { addresses } from '../db/schema';
import { notFound } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { lockUser } from './lock-user';

/** DELETE /v1/account/addresses/{pubkey}: 204; when the primary goes, the newest remaining address becomes primary. */
export const deleteAddress = defineOperation(
  'deleteAddress',
  {
    summary: 'Delete an address',
    tag: 'account',
    responses: { 204: 'Deleted', 404: 'No such address among the customer’s' },
  },
  async ({ c, params, auth, services }) => {
    await services.db.transaction(async (tx) => {
      await lockUser(tx, auth.user.id);
      const [deleted] = await tx
        .delete(addresses)
        .where(and(eq(addresses.pubkey, params.pubkey ?? ''), eq(addresses.userId, auth.user.id)))
        .returning();
      if (!deleted) throw notFound('not_found', 'No such address.');
      if (!deleted.isPrimary) return;
      const [next] = await tx.select().from(addresses).where(eq(addresses.userId, auth.user.id)).orderBy(desc(addresses.id)).limit(1);
      if (next) await tx.update(addresses).set({ isPrimary: true, updatedAt: services.clock.now() }).where(eq(addresses.id, next.id));
    });
    return c.body(null, 204);
  },
);
