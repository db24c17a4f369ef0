import { z } from 'zod';
import { consultationCategories } from '../categories';

// Shipment preferences (spec 001 §7 Shipment preferences; api/README.md "Shipment preferences"): where the customer's
// orders ship and what the carrier is told, as the customer's default and as one cart's own.

/** The most characters delivery instructions may have. */
export const MAX_DELIVERY_INSTRUCTIONS = 250;

/** Control characters (newlines and tabs too) and lone surrogates: never kept in what a carrier's label prints. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;

/** What the carrier is told, trimmed; '' for none. */
export const deliveryInstructions = z
  .string()
  .trim()
  .refine((text) => [...text].length <= MAX_DELIVERY_INSTRUCTIONS, `Keep delivery instructions to ${MAX_DELIVERY_INSTRUCTIONS} characters.`)
  .refine((text) => !UNPRINTABLE.test(text), 'Write delivery instructions on one line, without control characters.');

/**
 * A shipment preference as answered: the address orders ship to (the pubkey of one of the customer's addresses; null
 * when they have none) and the delivery instructions ('' for none).
 */
export const shipmentPreference = z.object({ shipping_address: z.string().nullable(), delivery_instructions: z.string() });
export type ShipmentPreference = z.infer<typeof shipmentPreference>;

/**
 * PUT /v1/customer_shipment_preference/ and /v1/cart_shipment_preference/: both fields, replacing the preference.
 * `shipping_address`: one of the customer's own addresses, or null for the default (the customer's, then the primary).
 */
export const shipmentPreferenceInput = z
  .object({ shipping_address: z.string().min(1, 'Choose one of your addresses.').max(100).nullable(), delivery_instructions: deliveryInstructions })
  .strict();
export type ShipmentPreferenceInput = z.input<typeof shipmentPreferenceInput>;

/** /v1/cart_shipment_preference/?category=: the per-category cart; none, the universal cart. */
export const shipmentCartQuery = z.object({ category: z.enum(consultationCategories).optional() }).strict();
export type ShipmentCartQuery = z.input<typeof shipmentCartQuery>;
