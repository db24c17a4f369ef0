/**
 * @module server/cart/shipment-preferences: where the customer's orders ship, and what the carrier is told (spec 001
 * §7 Shipment preferences; api/README.md). The customer's preference is the default for all their carts; a cart's own
 * overrides it for that cart. An address left unset (or deleted) falls back: the cart's, the customer's, the primary.
 */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ShipmentPreference, ShipmentPreferenceInput } from '#api';
import type { Category } from '#api/shared';
import { lockUser } from '../account/lock-user';
import type { Database } from '../db/database';
import { preparedOnce } from '../db/prepared-once';
import { addresses, carts, cartShipmentPreferences, customerShipmentPreferences, users, type CartKind } from '../db/schema';
import { notFound, validationError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import type { Services } from '../services';
import { lockCart } from './cart-store';

type AddressRow = typeof addresses.$inferSelect;

const cartAddress = alias(addresses, 'cart_address');
const customerAddress = alias(addresses, 'customer_address');
const primaryAddress = alias(addresses, 'primary_address');

/**
 * Both preferences and the addresses they may end at, in one round trip (the cart reads it on every call). An address
 * counts only while it is the customer's own. `kind` null reads the customer's alone.
 */
const shipmentRow = preparedOnce((db) =>
  db
    .select({
      cartId: carts.id,
      cartInstructions: cartShipmentPreferences.deliveryInstructions,
      customerInstructions: customerShipmentPreferences.deliveryInstructions,
      cartAddress,
      customerAddress,
      primaryAddress,
    })
    .from(users)
    .leftJoin(carts, and(eq(carts.userId, users.id), eq(carts.kind, sql.placeholder('kind'))))
    .leftJoin(cartShipmentPreferences, eq(cartShipmentPreferences.cartId, carts.id))
    .leftJoin(customerShipmentPreferences, eq(customerShipmentPreferences.userId, users.id))
    .leftJoin(cartAddress, and(eq(cartAddress.id, cartShipmentPreferences.addressId), eq(cartAddress.userId, users.id)))
    .leftJoin(customerAddress, and(eq(customerAddress.id, customerShipmentPreferences.addressId), eq(customerAddress.userId, users.id)))
    .leftJoin(primaryAddress, and(eq(primaryAddress.userId, users.id), eq(primaryAddress.isPrimary, true)))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('shipment_choice'),
);

/** Where a cart (or, without `kind`, the customer's orders) ships: the address row and the instructions ('' for none). */
export interface ShipmentChoice {
  /** The cart of `kind`, when the customer has one. */
  cartId: number | null;
  address: AddressRow | null;
  deliveryInstructions: string;
}

/**
 * The shipment of the customer's cart of `kind` (its own preference, else the customer's, else the primary address),
 * or of the customer's orders with `kind` null. A cart's own preference decides its instructions, even ''.
 */
export async function loadShipmentChoice(db: Database, userId: number, kind: CartKind | null): Promise<ShipmentChoice> {
  const [row] = await shipmentRow(db).execute({ userId, kind });
  if (!row) return { cartId: null, address: null, deliveryInstructions: '' };
  return {
    cartId: row.cartId,
    address: row.cartAddress ?? row.customerAddress ?? row.primaryAddress,
    deliveryInstructions: row.cartInstructions ?? row.customerInstructions ?? '',
  };
}

const preferenceView = (choice: ShipmentChoice): ShipmentPreference => ({
  shipping_address: choice.address?.pubkey ?? null,
  delivery_instructions: choice.deliveryInstructions,
});

/** The id of the address a preference names: one of the customer's own, else 400 (another's is never told apart). */
async function ownAddressId(tx: Database, userId: number, pubkey: string | null): Promise<number | null> {
  if (pubkey === null) return null;
  const [row] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.pubkey, pubkey), eq(addresses.userId, userId)))
    .limit(1);
  if (!row) throw validationError({ shipping_address: ['Choose one of your addresses.'] }, 'There is no such address among yours.');
  return row.id;
}

const cartKindOf = (category: Category | undefined): CartKind => category ?? 'universal';
const noCart = () => notFound('not_found', 'There is no cart yet.');

/** GET /v1/customer_shipment_preference/: the customer's default; never set, the primary address and no instructions. */
export const getCustomerShipmentPreference = defineOperation(
  'getCustomerShipmentPreference',
  { summary: 'The customer’s shipment preference', tag: 'cart', responses: { 200: 'The preference (the primary address when none is set)' } },
  async ({ c, auth, services }) => c.json(preferenceView(await loadShipmentChoice(services.db, auth.user.id, null)), 200),
);

/** PUT /v1/customer_shipment_preference/: replaces the customer's default (both fields); a 400 saves nothing. */
export const setCustomerShipmentPreference = defineOperation(
  'setCustomerShipmentPreference',
  {
    summary: 'Set the customer’s shipment preference',
    tag: 'cart',
    responses: { 200: 'The preference as it now is', 400: 'validation_error: fields.shipping_address (not one of yours) or fields.delivery_instructions' },
  },
  async ({ c, body, auth, services }) => {
    await saveCustomerPreference(services, auth.user.id, body);
    return c.json(preferenceView(await loadShipmentChoice(services.db, auth.user.id, null)), 200);
  },
);

async function saveCustomerPreference(services: Services, userId: number, body: ShipmentPreferenceInput): Promise<void> {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    await lockUser(tx, userId); // an address deleted meanwhile waits, so the one checked is still there
    const addressId = await ownAddressId(tx, userId, body.shipping_address);
    const values = { addressId, deliveryInstructions: body.delivery_instructions, updatedAt: now };
    await tx
      .insert(customerShipmentPreferences)
      .values({ userId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: customerShipmentPreferences.userId, set: values });
  });
}

/** GET /v1/cart_shipment_preference/?category=: the cart's own, else the customer's; 404 when there is no such cart. */
export const getCartShipmentPreference = defineOperation(
  'getCartShipmentPreference',
  {
    summary: 'A cart’s shipment preference',
    tag: 'cart',
    responses: { 200: 'The preference (the customer’s, then the primary address, where the cart has none)', 404: 'not_found: no such cart' },
  },
  async ({ c, query, auth, services }) => {
    const choice = await loadShipmentChoice(services.db, auth.user.id, cartKindOf(query.category));
    if (choice.cartId === null) throw noCart();
    return c.json(preferenceView(choice), 200);
  },
);

/** PUT /v1/cart_shipment_preference/?category=: sets the cart's own (a change of the cart: its version goes up). */
export const setCartShipmentPreference = defineOperation(
  'setCartShipmentPreference',
  {
    summary: 'Set a cart’s shipment preference',
    tag: 'cart',
    responses: {
      200: 'The cart’s preference as it now is',
      400: 'validation_error: fields.shipping_address (not one of yours) or fields.delivery_instructions (nothing saved)',
      404: 'not_found: no such cart',
    },
  },
  async ({ c, query, body, auth, services }) => {
    const kind = cartKindOf(query.category);
    const now = services.clock.now();
    await services.db.transaction(async (tx) => {
      await lockUser(tx, auth.user.id);
      const locked = await lockCart(tx, auth.user.id, kind, now);
      if (!locked) throw noCart();
      const addressId = await ownAddressId(tx, auth.user.id, body.shipping_address);
      const values = { addressId, deliveryInstructions: body.delivery_instructions, updatedAt: now };
      await tx
        .insert(cartShipmentPreferences)
        .values({ cartId: locked.cart.id, ...values, createdAt: now })
        .onConflictDoUpdate({ target: cartShipmentPreferences.cartId, set: values });
    });
    return c.json(preferenceView(await loadShipmentChoice(services.db, auth.user.id, kind)), 200);
  },
);

/** The shipment preference calls, mounted with the cart's. */
export const shipmentPreferenceOperations = [
  getCustomerShipmentPreference,
  setCustomerShipmentPreference,
  getCartShipmentPreference,
  setCartShipmentPreference,
];
