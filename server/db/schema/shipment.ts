/**
 * @module server/db/schema/shipment: where and how a customer's orders ship (spec 001 §7 Shipment preferences): the
 * customer's default for all their carts, and one cart's own override. A preference names one of the customer's
 * addresses, or none (the primary then); deleting the address clears it, so the preference falls back.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';
import { addresses } from './account';
import { carts } from './carts';

/** A backstop for the API's own limit on delivery instructions (api/schemas/shipment.ts, 250 characters). */
const instructionsFit = (column: unknown) => sql`char_length(${column}) <= 250`;

/** The customer's default shipment preference, one per customer (none: the primary address, no instructions). */
export const customerShipmentPreferences = pgTable(
  'customer_shipment_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** Trimmed; '' for none. */
    deliveryInstructions: text('delivery_instructions').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_shipment_preferences_address_idx').on(t.addressId),
    check('customer_shipment_preferences_instructions_check', instructionsFit(t.deliveryInstructions)),
  ],
);

/** One cart's own shipment preference, over the customer's (its address null: the customer's, then the primary). */
export const cartShipmentPreferences = pgTable(
  'cart_shipment_preferences',
  {
    cartId: integer('cart_id')
      .primaryKey()
      .references(() => carts.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** Trimmed; '' for none (this cart's, even when the customer's default has some). */
    deliveryInstructions: text('delivery_instructions').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cart_shipment_preferences_address_idx').on(t.addressId),
    check('cart_shipment_preferences_instructions_check', instructionsFit(t.deliveryInstructions)),
  ],
);
