import type { Stylist } from '#api';
import type { stylists } from '../db/schema';

/** A stylist row as the API shows it (spec 000 §3.10). */
export function stylistView(row: typeof stylists.$inferSelect): Stylist {
  return { pubkey: row.pubkey, public_slug: row.publicSlug, avatar_url: row.avatarUrl, salons: row.salons, public_name: row.publicName };
}
