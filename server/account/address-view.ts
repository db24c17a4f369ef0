import type { Address } from '#api';
import type { addresses } from '../db/schema';

/** An address row as the API shows it. */
export function addressView(row: typeof addresses.$inferSelect): Address {
  return {
    pubkey: row.pubkey,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    country: row.country === 'CA' ? 'CA' : 'US',
    primary: row.isPrimary,
  };
}
