import { z } from 'zod';

/**
 * A card for the embedded test provider (issue 14; DESIGN.md "Payments"). The card goes to the provider's tokeniser
 * and nowhere else; the payment step keeps only the token it answers with.
 */
export const testCard = z
  .object({
    number: z.string().trim().min(1, 'Enter your card number.').max(30),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int().min(0).max(9999),
    cvc: z.string().trim().min(1, 'Enter your card’s security code.').max(4),
    /** The name on the card (spec 001 §5: the card token is created with it). */
    name: z.string().trim().min(1, 'Enter the name on the card.').max(100),
  })
  .strict();
export type TestCard = z.input<typeof testCard>;

/** POST /v1/payments/test/tokenize (API.md): `{card: {number, exp_month, exp_year, cvc, name}}`. */
export const testCardRequest = z.object({ card: testCard }).strict();
export type TestCardRequest = z.input<typeof testCardRequest>;

/** The token, and what the payment step may show of the card. */
export const cardToken = z.object({
  token: z.string(),
  card: z.object({ brand: z.enum(['visa', 'mastercard', 'amex', 'discover']), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }),
});
export type CardToken = z.infer<typeof cardToken>;

/** Payment modes (spec 001 §3 Payment method): all, the card provider's charge and payment-intent modes, the wallet's. */
export const paymentMode = z.enum(['all', 'charge', 'payment_intent', 'wallet']);
const methodMode = z.enum(['charge', 'payment_intent', 'wallet']);

/** A saved payment method (spec 001 §3: id, is_default, status, service), with what a shopper recognises it by. */
export const paymentMethod = z.object({
  id: z.string(),
  is_default: z.boolean(),
  status: z.enum(['active']),
  service: z.enum(['card', 'wallet']),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  /** "Visa •••• 4242", "TestPay wallet". */
  label: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodList = z.array(paymentMethod);
export const paymentMethodsQuery = z.object({ payment_mode: paymentMode.optional() }).strict();
/** POST /v1/account/payments/: a new card's token (or the wallet's nonce) to keep. */
export const newPaymentMethod = z
  .object({ token: z.string().trim().min(1, 'Enter your card details.').max(2000), payment_mode: methodMode.optional() })
  .strict();
export const defaultPaymentMethod = z.object({ payment_id: z.string().min(1).max(100), payment_mode: methodMode }).strict();
export const paymentClientTokenRequest = z.object({ payment_mode: methodMode }).strict();
/**
 * The client token, and who takes a new card in the browser (issue 24): `test`, the embedded test provider's tokeniser
 * (POST /v1/payments/test/tokenize); `stripe`, Stripe's own card element, loaded with the shop's `publishable_key`
 * (never the secret key), so the card number goes to Stripe and never to the shop.
 */
export const paymentClientToken = z.object({
  token: z.string(),
  payment_mode: methodMode,
  provider: z.enum(['test', 'stripe']),
  publishable_key: z.string().optional(),
});
export type PaymentClientToken = z.infer<typeof paymentClientToken>;

/** POST /v1/payments/test/wallet: the test wallet's account approves a payment (spec 001 §4 wallet-type provider). */
export const walletApproval = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email({ message: 'Enter your wallet’s email address.' })),
  })
  .strict();
export const walletNonce = z.object({ nonce: z.string(), email: z.string() });
export type WalletNonce = z.infer<typeof walletNonce>;

/** POST /v1/payments/test/charges/{id}/authenticate: the shopper's answer on the test provider's authentication page. */
export const chargeAuthentication = z.object({ approved: z.boolean() }).strict();
/** `canceled`: a newer attempt at the same order replaced this payment before the bank approved it; nothing is taken. */
export const chargeOutcome = z.object({ status: z.enum(['succeeded', 'requires_action', 'declined', 'canceled']) });
