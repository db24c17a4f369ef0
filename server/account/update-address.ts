import { and, eq, ne } from 'drizzle-orm';
import { addresses } from '../db/schema';
import { notFound } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { addressView } from './address-view';
import { lockUser } from './lock-user';
import { checkedPlace } from './postal-code';

/** PATCH /v1/account/addresses/{pubkey}: changes some fields; another customer's address is 404. */
export const updateAddress = defineOperation(
  'patchAddress',
  {
    summary: 'Change an address',
    tag: 'account',
    responses: {
      200: 'The updated address',
      400: 'Field errors',
      404: 'No such address among the customer’s',
    },
  },
  async ({ c, body, params, auth, services }) => {
    const now = services.clock.now();
    const row = await services.db.transaction(async (tx) => {
      await lockUser(tx, auth.user.id);
      const [current] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.pubkey, params.pubkey ?? ''), eq(addresses.userId, auth.user.id)))
        .limit(1);
      if (!current) throw notFound('not_found', 'No such address.');
      const country = body.country ?? (current.country === 'CA' ? 'CA' : 'US');
      const { zipcode, state } = await checkedPlace({ zipcode: body.zipcode ?? current.zipcode, state: body.state ?? current.state, country });
      if (body.primary === true) {
        await tx
          .update(addresses)
          .set({ isPrimary: false, updatedAt: now })
          .where(and(eq(addresses.userId, auth.user.id), ne(addresses.id, current.id)));
      }
      const [updated] = await tx
        .update(addresses)
        .set({
          address1: body.address1 ?? current.address1,
          address2: body.address2 === undefined ? current.address2 : body.address2 || null,
          city: body.city ?? current.city,
          state,
          zipcode,
          country,
          isPrimary: body.primary ?? current.isPrimary,
          updatedAt: now,
        })
        .where(eq(addresses.id, current.id))
        .returning();
      return updated!;
    });
    return c.json(addressView(row), 200);
  },
);
