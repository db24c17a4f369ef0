import { and, count, eq } from 'drizzle-orm';
import { addresses } from '../db/schema';
import { ApiError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { newPubkey } from '../identity/token-hash';
import { addressView } from './address-view';
import { lockUser } from './lock-user';
import { checkedPlace } from './postal-code';

/** How many addresses one customer may keep. */
export const MAX_ADDRESSES = 20;

/** POST /v1/account/addresses: adds an address; the first one, or one marked primary, becomes the primary. */
export const addAddress = defineOperation(
  'createAddress',
  {
    summary: 'Add an address',
    tag: 'account',
    responses: {
      201: 'The new address',
      400: 'Field errors',
      422: 'too_many_addresses',
    },
  },
  async ({ c, body, auth, services }) => {
    const { zipcode, state } = await checkedPlace(body);
    const now = services.clock.now();
    const row = await services.db.transaction(async (tx) => {
      await lockUser(tx, auth.user.id);
      const [existing] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, auth.user.id));
      const total = existing?.n ?? 0;
      if (total >= MAX_ADDRESSES) throw new ApiError(422, 'too_many_addresses', `You can keep up to ${MAX_ADDRESSES} addresses.`);
      const primary = body.primary ?? total === 0;
      if (primary) {
        await tx
          .update(addresses)
          .set({ isPrimary: false, updatedAt: now })
          .where(and(eq(addresses.userId, auth.user.id), eq(addresses.isPrimary, true)));
      }
      const [created] = await tx
        .insert(addresses)
        .values({
          pubkey: newPubkey(),
          userId: auth.user.id,
          address1: body.address1,
          address2: body.address2 || null,
          city: body.city,
          state,
          zipcode,
          country: body.country,
          isPrimary: primary,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return created!;
    });
    return c.json(addressView(row), 201);
  },
);
