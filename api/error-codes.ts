// The codes of the API's errors, `{code, detail[, fields]}` (API.md). Zod-free: the browser bundle imports the types.

/** Every code the server answers with; server/http/api-error.ts accepts only these. */
export const serverErrorCodes = [
  // Input (400, 413, 415)
  'validation_error',
  'invalid_json',
  'bad_request',
  'payload_too_large',
  'unsupported_media_type',
  // Identity (401, 403)
  'not_authenticated',
  'token_not_valid',
  'guest_account',
  // Not found, or not the caller's (404)
  'not_found',
  'unknown_user',
  'unknown_stylist',
  'unknown_product',
  'confirmation_not_found',
  'no_zipcode',
  // Conflicts and business rules (409, 422)
  'account_exists',
  'email_taken',
  'invalid_coupon',
  'too_many_addresses',
  'unknown_zipcode',
  'product_available',
  // Orders and payment (spec 001 §8; API.md "Placing an order")
  'cart_not_in_checkout',
  'cart_empty',
  'order_in_progress',
  'cart_already_ordered',
  'idempotency_key_reused',
  'card_declined',
  'payment_refused',
  'wallet_declined',
  // Feedback (spec 002 §7, §8; server/feedback/README.md): answers the flows do not accept; a completed feedback is final
  'invalid_answers',
  'feedback_completed',
  // Subscriptions (spec 001 §5, §8; server/subscriptions/README.md "Managing it"): a canceled one cannot be changed
  // ("Missing subscription to snooze"); a change that would lose another (its next box being prepared right now, or a
  // version sent back that another tab changed since)
  'subscription_not_current',
  'subscription_changed',
  // A subscription's life (server/subscriptions/README.md "Cancel, retention, resubscribe, ship now"): a current one
  // already exists in the category (resubscribe, create), no live payment method to charge, nothing left to ship now
  'subscription_exists',
  'no_payment_method',
  'nothing_to_ship',
  // Upsells (server/subscriptions/README.md "Create and upsells"): an offer's transaction_id already used for other products
  'upsell_used',
  // Gift cards (server/gifts/README.md): §8's "no redeemable gift" (no code, an unknown or a redeemed one); §5: a gift
  // card is redeemable only in its country of purchase
  'no_redeemable_gift',
  'gift_other_country',
  'unknown_referral_code',
  'self_referral',
  'referral_code_blocked',
  'not_a_new_customer',
  'already_referred',
  // Live chat (server/livechat/README.md): a message to a conversation its shopper closed
  'conversation_closed',
  // Limits and failures (429, 5xx)
  'rate_limited',
  'too_many_declines',
  'server_error',
  'database_unavailable',
  'formulation_unavailable',
] as const;

/** A code the server answers with. */
export type ServerErrorCode = (typeof serverErrorCodes)[number];

/**
 * Codes the client produces itself (spec 000 §7, §8): no answer, an answer that is not JSON or breaks the contract,
 * a session that cannot be refreshed, an error body without a code (`http_<status>`), anything else thrown
 * (`unexpected`), and a private consultation step answered before signing in (`sign_in_required`).
 */
export type ClientErrorCode =
  'network_error' | 'timeout' | 'cancelled' | 'not_a_json' | 'cannot_refresh' | 'unexpected_response' | 'unexpected' | 'sign_in_required' | `http_${number}`;

/** Every code an ApiError carries: comparing with a misspelled code fails to compile. */
export type ApiErrorCode = ServerErrorCode | ClientErrorCode;

/** Field errors as the API sends them: `{ "<field>": ["message", ...] }`. */
export type FieldErrors = Record<string, string[]>;

/** The body of every error answer the server sends. */
export interface ServerErrorBody {
  code: ServerErrorCode;
  detail: string;
  fields?: FieldErrors;
}
