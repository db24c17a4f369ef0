import { z } from 'zod';
import { baseStep, slug } from '../step-parts.ts';

// Checkout steps (spec 001 §2 Cart and checkout, §4 Checkout and payment). Each writes the fields under `fields` (a role
// each, named as the checkout's answers are), and its flow kind's adapter decides what saving them does.
const field = (name: string, role: string) => slug.default(name).describe(`The answer field ${role} is written to.`);
export const accountDetailsStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('account-details'),
    fields: z
      .strictObject({
        email: field('email', 'the e-mail'),
        first_name: field('first_name', 'the first name'),
        last_name: field('last_name', 'the last name'),
        phone: field('phone', 'the phone number'),
        shipping_address: field('shipping_address', 'the chosen saved address (its pubkey)'),
      })
      .default({ email: 'email', first_name: 'first_name', last_name: 'last_name', phone: 'phone', shipping_address: 'shipping_address' }),
    signIn: z.string().default('Already have an account? Sign in').describe('The link that sends a sign-in link back to this step.'),
  })
  .describe('Who orders: e-mail and names (an account is made for a guest), phone, and which saved address to ship to.');
export const addressStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('address'),
    fields: z
      .strictObject({
        address: field('shipping_address', 'the new address (its pubkey, which its save brings back)'),
        line1: field('address_line1', 'the street address'),
        line2: field('address_line2', 'the apartment or suite'),
        city: field('address_city', 'the city'),
        state: field('address_state', 'the state or province'),
        zipcode: field('address_zipcode', 'the ZIP or postal code'),
        country: field('address_country', 'the country'),
      })
      .default({
        address: 'shipping_address',
        line1: 'address_line1',
        line2: 'address_line2',
        city: 'address_city',
        state: 'address_state',
        zipcode: 'address_zipcode',
        country: 'address_country',
      }),
    countries: z
      .array(z.enum(['US', 'CA']))
      .min(1)
      .default(['US', 'CA'])
      .describe('Countries offered, first is the default (spec 001 §9 Countries).'),
  })
  .describe('The shipping address form (spec 001 §5: regions, the Canadian postal code and phone rules).');
export const paymentStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('payment'),
    fields: z
      .strictObject({
        method: field('payment_method', 'the chosen method: a saved card’s id, newCard or wallet'),
        token: field('payment_token', 'the new card’s token or the wallet’s nonce'),
        save_card: field('save_card', 'whether to keep the new card'),
        label: field('payment_label', 'what the review shows of the method'),
      })
      .default({ method: 'payment_method', token: 'payment_token', save_card: 'save_card', label: 'payment_label' }),
    wallet: z.boolean().default(true).describe('Offer the wallet-type provider besides cards.'),
  })
  .describe('How to pay: a saved card, a new card (tokenised by the provider with the name on the card), or the wallet.');
export const reviewStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('review'),
    fields: z
      .strictObject({ order: field('order', 'the placed order’s pubkey'), status: field('order_status', 'the placed order’s status') })
      .default({ order: 'order', status: 'order_status' }),
  })
  .describe('The order as it will be placed, with its totals from the server; its button places the order.');
export const waitPaymentStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('wait-payment'),
    fields: z
      .strictObject({ order: field('order', 'the order’s pubkey'), status: field('order_status', 'the order’s status') })
      .default({ order: 'order', status: 'order_status' }),
  })
  .describe('An order waiting for the bank: the shopper confirms the payment, then the order is paid or refused.');

/** The checkout family's step schemas (its components: shop/checkout/checkout-steps.ts). */
export const checkoutSteps = [accountDetailsStepSchema, addressStepSchema, paymentStepSchema, reviewStepSchema, waitPaymentStepSchema] as const;
export type CheckoutStepKind = z.infer<(typeof checkoutSteps)[number]>['kind'];
