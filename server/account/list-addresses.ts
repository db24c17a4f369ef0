import { asc, desc, eq } from 'drizzle-orm';
import { address } from '#api';
import { addresses } from '../db/schema';
import { defineOperation } from '../http/operation';
import { addressView } from './address-view';

/** GET /v1/account/addresses: the customer's addresses, primary first. */
export const listAddresses = defineOperation(
  {
    method: 'get',
    path: '/v1/account/addresses',
    summary: 'The customer’s addresses',
    tag: 'account',
    auth: 'required',
    responses: { 200: { description: 'Addresses, primary first', schema: address.array() } },
  },
  async ({ c, auth, services }) => {
    const rows = await services.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, auth.user.id))
      .orderBy(desc(addresses.isPrimary), asc(addresses.id));
    return c.json(rows.map(addressView), 200);
  },
);
