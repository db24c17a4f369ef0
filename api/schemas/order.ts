import { z } from 'zod';
import { cartCurrency, money } from './cart';
import { productPicture } from './catalogue';
import { feedbackRecord, orderFeedbackFacts } from './feedback';

// Orders on the wire (spec 001 §3 Order; §7 Orders and payment; API.md "Placing an order"). Money is a decimal in the
// order's currency's units, as carts write it; the server keeps integer cents.

/** A new card's token from the payment step (the test provider's tokeniser, or the card provider's own). */
const cardPayment = z
  .object({
    token: z.string().trim().min(1, 'Enter your card details.').max(500),
    /** Keep the card for later orders (spec 001 §7; the client may send "true" as text, §7 wallet). */
    save_card: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
    payment_mode: z.enum(['charge', 'payment_intent', 'wallet']).optional(),
  })
  .strict();

/** One of the customer's saved payment methods (spec 001 §7 /v1/place_order/ second shape). */
const savedPayment = z
  .object({ payment_mode: z.enum(['charge', 'payment_intent', 'wallet']), saved_payment_method: z.string().min(1, 'Choose a saved payment method.').max(100) })
  .strict();

/** Which of the shopper's carts to order when they have several (API.md): the per-category ones, or the universal one. */
const orderCategory = z.enum(['haircare', 'skincare', 'universal']);

/** POST /v2/orders/ and /v2/cart/place-order/: the cart in checkout, paid with `payment` (none when nothing is to be paid). */
export const placeOrderRequest = z.object({ category: orderCategory.optional(), payment: z.union([cardPayment, savedPayment]).optional() }).strict();
export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;

/**
 * POST /v1/place_order/ in its shapes (spec 001 §7): `{payment: {token, save_card, payment_mode}, card_id, cart_type}`,
 * or `{cart_type}` alone when nothing is to be paid. (Paying with a saved payment method comes with saved methods.)
 */
export const placeOrderV1Request = z
  .object({
    payment: z.union([cardPayment, savedPayment]).optional(),
    card_id: z.string().max(200).nullish(),
    cart_type: z.string().max(40).default('cart'),
    category: orderCategory.optional(),
  })
  .strict();
export type PlaceOrderV1Request = z.input<typeof placeOrderV1Request>;

/** How an order is shown (spec 001 §4 Orders): paid, onhold, processed and packing are all "processing". */
export const orderStatus = z.enum(['pending_payment', 'payment_failed', 'paid', 'onhold', 'processed', 'packing', 'shipped', 'delivered', 'canceled']);
export type OrderStatus = z.infer<typeof orderStatus>;

/** An order line (spec 001 §3 Order items[]), with the formula as ordered for a custom product. */
export const orderItem = z.object({
  pubkey: z.string(),
  quantity: z.number().int().positive(),
  unit_price: money,
  total_price: money,
  created_at: z.string(),
  subscription: z.object({ active: z.boolean(), frequency: z.number().int().nullable() }),
  customization: z.object({ monograms: z.array(z.string()).optional() }).nullable(),
  item_object: z.object({
    occasion: z.string().nullable(),
    gtm_category: z.string(),
    gtm_variant: z.string(),
    ingredients: z.array(
      z.object({
        name: z.string(),
        inci: z.string(),
        percent: z.number(),
        amount: z.string().nullable(),
        /** The catalogue ingredient's id (spec 002 §3.1 item_object.ingredients[].slug); null on orders placed before it was kept. */
        slug: z.string().nullable(),
      }),
    ),
    inci: z.array(z.string()),
    fragrance: z.string().nullable(),
    smells_like: z.string().nullable(),
  }),
  variant: z.object({
    slug: z.string(),
    type: z.string(),
    label: z.string(),
    is_formula: z.boolean(),
    product: z.object({ type: z.string(), category: z.string(), sub_category: z.string().nullable() }),
  }),
  /** The product's picture from the catalogue (the success page and the order page show it); null when it has none. */
  picture: productPicture.nullable(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const order = z.object({
  pubkey: z.string(),
  status: orderStatus,
  /** The words shown for the status (spec 001 §4 Orders). */
  display_status: z.string(),
  serial_no: z.string(),
  currency: cartCurrency,
  total_price: money,
  total_discount: money,
  total_shipping: money,
  total_taxes: money,
  /** What the card paid (or is to pay): the total less the shop credit spent (credit_applied). */
  total_amount: money,
  /**
   * The shop credit (gift cards, referral rewards) the order spent and kept, 0 when none (issue 28): total_price −
   * total_discount + total_shipping + total_taxes − credit_applied = total_amount.
   */
  credit_applied: money,
  is_subscription: z.boolean(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  payment: z.object({ card: z.object({ brand: z.string(), last4: z.string() }).nullable() }),
  formulaset: z.object({ categories: z.array(z.string()), survey: z.record(z.string(), z.unknown()) }),
  /** Where it ships, as ordered; null when nothing in it ships. */
  shipping_address: z
    .object({ address1: z.string(), address2: z.string().nullable(), city: z.string(), state: z.string(), zipcode: z.string(), country: z.enum(['US', 'CA']) })
    .nullable(),
  /** ISO dates (YYYY-MM-DD) between which a paid order that ships is expected to arrive; null before it is paid, or when nothing ships. */
  delivery_estimate: z.object({ min: z.string(), max: z.string() }).nullable(),
  /** What the carrier is told, from the shipment preference when ordered (spec 001 §7); null for none, or nothing ships. */
  delivery_instructions: z.string().nullable(),
  /** The parcel once it has shipped (server/orders/fulfilment.ts): its number, carrier and where to follow it (null for a carrier without a page). */
  tracking: z.object({ number: z.string(), carrier: z.string(), url: z.string().nullable() }).nullable(),
  /** When it shipped and when it was delivered (ISO times); null until then. */
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  items: z.array(orderItem),
  /** Why the payment failed, in words a shopper can act on (spec 001 §8); null unless status is payment_failed. */
  payment_error: z.string().nullable(),
  /** Set while the bank wants the shopper to confirm the payment (202): where they do it. */
  next_action: z.object({ url: z.string() }).nullable(),
  /** The order's haircare, skincare and supplements feedback as saved so far (spec 002 §3.1); null before its first save. */
  feedback: feedbackRecord.nullable(),
  skincare_feedback: feedbackRecord.nullable(),
  supplements_feedback: feedbackRecord.nullable(),
  /**
   * What the feedback flows read about the order (spec 002 §3.1, §3.6, §5.1-5.3), worked out by the server
   * (server/feedback/order-facts.ts): only on GET /v2/orders/{id}/, for an order that takes feedback.
   */
  feedback_facts: orderFeedbackFacts.optional(),
});
export type Order = z.infer<typeof order>;

/** GET /v2/orders/: the shopper's orders, newest first. */
export const orderList = z.object({ results: z.array(order) });
export type OrderList = z.infer<typeof orderList>;
