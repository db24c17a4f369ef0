import type { Catalogue } from '#api/catalogue-file';
import { loadCatalogue } from '../catalog/load-catalogue';
import { seedCatalogue } from '../catalog/seed-catalogue';
import type { Database } from './database';
import { coupons, stylists } from './schema';

/** The demo stylist every fresh shop has, so /v1/stylists/{public_slug} and linking can be tried at once. */
export const DEMO_STYLIST = {
  pubkey: 'stylist-demo-0001',
  publicSlug: 'demo-stylist',
  publicName: 'Jamie Rivera',
  avatarUrl: null,
  salons: ['Rivera Hair Studio, Brooklyn NY'],
};

/** A coupon to try sign-up with a code. */
export const DEMO_COUPON = { code: 'welcome', description: 'Demo coupon accepted at sign-up.' };

/** Inserts the seed rows that are missing and loads the catalogue file; running it again changes nothing. */
export async function seedDatabase(db: Database, catalogue: Catalogue = loadCatalogue()): Promise<void> {
  await db.insert(stylists).values(DEMO_STYLIST).onConflictDoNothing();
  await db.insert(coupons).values(DEMO_COUPON).onConflictDoNothing();
  await seedCatalogue(db, catalogue);
}
