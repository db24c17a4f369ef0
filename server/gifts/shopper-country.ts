import { eq } from 'drizzle-orm';
import { currencyOf, type Country, type Currency } from '#api/money';
import { loadShipmentChoice } from '../cart/shipment-preferences';
import type { Database } from '../db/database';
import { hairProfiles } from '../db/schema';

/**
 * The shop country of a shopper, as their carts price (server/cart/cart-context.ts): the country of the address their
 * orders ship to (the universal cart's preference, else the customer's, else the primary address), else the
 * profile's country; anything else, or none yet, is the US (spec 001 §9 Countries: default USD).
 */
export async function shopperCountry(db: Database, userId: number): Promise<{ country: Country; currency: Currency }> {
  const shipment = await loadShipmentChoice(db, userId, 'universal');
  let country = shipment.address?.country ?? null;
  if (!country) {
    const [profile] = await db.select({ answers: hairProfiles.answers }).from(hairProfiles).where(eq(hairProfiles.userId, userId));
    const answered = profile?.answers.profile_country;
    country = typeof answered === 'string' ? answered : null;
  }
  const currency = currencyOf(country);
  return { country: countryOf(currency), currency };
}

/** The shop country a currency is paid in: CAD in Canada, USD in the US. */
export const countryOf = (currency: Currency): Country => (currency === 'CAD' ? 'CA' : 'US');
