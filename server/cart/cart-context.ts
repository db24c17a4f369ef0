import { eq } from 'drizzle-orm';
import type { Formula } from '#api';
import { addressView } from '../account/address-view';
import { currencyOf, type Currency } from '#api/money';
import { inRoutine } from '#api/commerce';
import type { CartKind } from '#api/shared';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import { cartItems } from '../db/schema';
import type { UserRow } from '../http/authenticate';
import { loadFormulaSet } from '../profile/derived-profile';
import { locateZipcode } from '../profile/locate-zipcode';
import { loadTaxTable, taxRate } from '../pricing/sales-tax';
import type { Services } from '../services';
import { adoptCartCoupon, couponOfUserCart, loadCartCoupon, type CartCoupon } from '../promotions/coupon-store';
import { couponProblem } from '../promotions/coupon-rules';
import { couponLines } from './price-cart';
import { creditBalance } from '../money/credit-ledger';
import type { CartContext } from './cart-view';
import { giftPricedEntries } from '../gifts/gift-cart';
import { loadShipmentChoice } from './shipment-preferences';
import { livePromotions } from '../promotions/gwp-offers';

/** The routine's sections a cart offers, and how: preselected and main products with a quantity, the rest as upsells. */
const OFFERED_SECTIONS = { preselect: 'main', main: 'main', upsale: 'upsale', featured: 'upsale', optional: 'upsale' } as const;

/** Accessories the haircare cart offers (spec 001 §1): the brushes and candles by variant, and the towel. */
function accessories(entries: ReadonlyMap<string, CatalogueEntry>): CartContext['offered'] {
  const sellable = [...entries.values()].filter((e) => !e.retired && e.category === 'others' && e.type !== 'digital_gift' && !e.isCustom);
  const hasVariants = new Set(sellable.map((e) => e.parentType).filter(Boolean));
  return sellable
    .filter((e) => !hasVariants.has(e.type) && (e.parentType !== null || e.listed))
    .map((e) => ({ type: e.type, category: 'item' as const, section: 'upsale' as const, quantity: null }));
}

/**
 * Everything a cart of `kind` is drawn from for this shopper, and their currency. It ships where the cart's shipment
 * preference says, else the customer's, else to the primary address (shipment-preferences.ts, one query), with the
 * preference's delivery instructions ('' for none). `coupon: 'after the change'` leaves the cart's coupon out (null):
 * a change reads it once it is made (cart-operations.ts changeCart), and reading it before too was a statement more
 * on every cart change.
 */
export async function loadCartContext(
  services: Services,
  user: UserRow,
  kind: CartKind,
  options: { coupon?: 'after the change' } = {},
): Promise<{
  context: CartContext;
  currency: Currency;
  /** The routine's products (ROUTINE_SECTIONS), which the recommendation cart holds. */
  routine: string[];
  deliveryInstructions: string;
}> {
  // The gift card line costs the shopper's gift's amount, and no one adds one as an item (server/gifts/gift-cart.ts).
  const entries = await giftPricedEntries(services.db, user.id, kind, await services.catalogue.entries());
  const { answers, derived, set } = await loadFormulaSet(services, user.id);
  const shipment = await loadShipmentChoice(services.db, user.id, kind);
  // The universal cart holds both categories' routines (and the accessories).
  const routines = kind === 'universal' ? [...derived.routine.haircare, ...derived.routine.skincare] : derived.routine[kind];
  const routine = routines.filter((r) => entries.has(r.product) && !entries.get(r.product)!.retired);
  const offered: CartContext['offered'] = routine
    .filter((r) => r.section in OFFERED_SECTIONS)
    .map((r) => {
      const section = OFFERED_SECTIONS[r.section as keyof typeof OFFERED_SECTIONS];
      return { type: r.product, category: 'formula' as const, section, quantity: section === 'main' ? 1 : null };
    });
  const country = typeof answers.profile_country === 'string' ? answers.profile_country : undefined;
  // Taxes are for the shipping address's state or province; until there is one, estimated for the profile's zip code.
  const shippingAddress = shipment.address ? addressView(shipment.address) : null;
  const place = shippingAddress
    ? { country: shippingAddress.country, region: shippingAddress.state }
    : typeof answers.profile_zipcode === 'string'
      ? await locateZipcode(answers.profile_zipcode, country === 'CA' ? 'CA' : country === 'US' ? 'US' : null)
      : null;
  const rate = place ? taxRate(loadTaxTable(), place.country, place.region) : null;
  // Spec 001 §9 Countries: CA pays in CAD; any other country, or none yet, in USD. The shipping address's country
  // decides once there is one (a cart made while the profile said US ships to Toronto in CAD), else the profile's.
  const currency = currencyOf(shippingAddress?.country ?? country);
  const [coupon, credit, promotions] = await Promise.all([
    options.coupon === 'after the change' ? null : cartCoupon(services, user, kind, currency, entries),
    creditBalance(services.db, user.id, currency),
    livePromotions(services, user.id),
  ]);
  return {
    context: {
      entries,
      formulas: new Map<string, Formula>(set.formulas.map((f) => [f.product, f])),
      firstName: user.firstName,
      answers,
      sectionTitles: services.catalogue.cartSections(),
      offered: kind === 'skincare' ? offered : [...offered, ...accessories(entries)],
      today: set.date,
      tax: place && rate !== null ? { region: place.region, rate } : null,
      shippingAddress,
      currency,
      coupon,
      credit,
      promotions,
    },
    currency,
    // The routine the results page lists under "Your routine" (one rule: ROUTINE_SECTIONS).
    routine: routine.filter((r) => inRoutine(r.section)).map((r) => r.product),
    deliveryInstructions: shipment.deliveryInstructions,
  };
}

/**
 * The coupon the shopper's cart of `kind` carries, with its facts. A cart that never had one chosen takes the account's
 * sign-up coupon (POST /v1/auth/signup/ `coupon`, kept on the account) the first time it applies to the cart's lines:
 * from then on it is the cart's, shown, checked and removed like one the shopper typed (server/promotions/README.md).
 */
export async function cartCoupon(
  services: Services,
  user: UserRow,
  kind: CartKind,
  currency: Currency,
  entries: ReadonlyMap<string, CatalogueEntry>,
): Promise<CartCoupon | null> {
  const now = services.clock.now();
  const carried = await couponOfUserCart(services.db, user.id, kind);
  if (carried.chosen || carried.cartId === null || !user.signupCoupon) return loadCartCoupon(services.db, user.id, carried.code, currency, now);
  const offered = await loadCartCoupon(services.db, user.id, user.signupCoupon, currency, now);
  if (!offered) return null;
  const items = await services.db.select().from(cartItems).where(eq(cartItems.cartId, carried.cartId));
  const lines = items
    .filter((i) => entries.has(i.type))
    .map((i) => ({ entry: entries.get(i.type)!, quantity: i.quantity, subscriptionActive: i.subscriptionActive, category: i.category }));
  if (couponProblem(offered.coupon, couponLines(lines, currency), offered.facts) !== null) return null;
  await adoptCartCoupon(services.db, carried.cartId, offered.coupon.key, now);
  return offered;
}
