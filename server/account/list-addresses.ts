import { asc, desc, eq } from 'drizzle-orm';
import { addresses } from '../db/schema';
import { defineOperation } from '../http/operation';
import { addressView } from './address-view';

/** GET /v1/account/addresses: the customer's addresses, primary first. */
export const listAddresses = defineOperation(
  'getAddresses',
  {
    summary: 'The customer’s addresses',
    tag: 'account',
    responses: { 200: 'Addresses, primary first' },
  },
  async ({ c, auth, services }) => {
    const rows = await services.db.select().from(addresses).where(eq(addresses.userId, auth.user.id)).orderBy(desc(addresses.isPrimary), asc(addresses.id));
    return c.json(rows.map(addressView), 200);
  },
);
