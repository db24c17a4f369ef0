import { and, desc, eq, ne } from 'drizzle-orm';
import { gifts } from '../db/schema';
import { notFound } from '../http/api-error';
import { clientIp } from '../http/client-ip';
import { defineOperation } from '../http/operation';
import { hitRateLimit } from '../http/rate-limit';
import { createGift } from './create-gift';
import { REDEEM_LIMITS } from './gift-limits';
import { giftView } from './gift-view';
import { redeemGift } from './redeem-gift';

/** POST /v1/gifts/: a gift card to buy, put in the universal cart, which goes to checkout (create-gift.ts). */
export const createGiftOperation = defineOperation(
  'createGift',
  {
    summary: 'Buy a gift card: record it and put it in the universal cart, in checkout',
    tag: 'gifts',
    responses: {
      201: 'The gift, awaiting its payment: pubkey',
      400: 'validation_error: an amount, occasion, message, name, e-mail or send date (today to a year on, US Eastern) that is not valid; nothing is saved',
      409: 'order_in_progress: an order of the universal cart is waiting for its payment (nothing is saved)',
    },
  },
  async ({ c, body, auth, services }) => c.json({ pubkey: await createGift(services, auth.user, body) }, 201),
);

/** GET /v1/gifts/: the gifts the caller bought, newest first, with their status and send time (never a code). */
export const listGiftsOperation = defineOperation(
  'listGifts',
  { summary: 'The gift cards the caller bought', tag: 'gifts', responses: { 200: 'Their gifts, newest first' } },
  async ({ c, auth, services }) => {
    const rows = await services.db
      .select()
      .from(gifts)
      .where(and(eq(gifts.gifterId, auth.user.id), ne(gifts.status, 'replaced')))
      .orderBy(desc(gifts.createdAt), desc(gifts.id));
    return c.json({ results: rows.map(giftView) }, 200);
  },
);

/** GET /v1/gifts/{pubkey}: one gift the caller bought; anyone else's is 404. */
export const getGiftOperation = defineOperation(
  'getGift',
  { summary: 'A gift card the caller bought', tag: 'gifts', responses: { 200: 'The gift', 404: 'not_found: no such gift among the caller’s' } },
  async ({ c, params, auth, services }) => {
    const [row] = await services.db
      .select()
      .from(gifts)
      .where(and(eq(gifts.pubkey, params.pubkey ?? ''), eq(gifts.gifterId, auth.user.id), ne(gifts.status, 'replaced')));
    if (!row) throw notFound('not_found', 'There is no such gift among yours.');
    return c.json(giftView(row), 200);
  },
);

/** POST /v1/gifts/redeem/: a gift e-mail's code credits the caller's account (redeem-gift.ts). */
export const redeemGiftOperation = defineOperation(
  'redeemGift',
  {
    summary: 'Redeem a gift card’s code: its amount becomes the caller’s shop credit',
    tag: 'gifts',
    responses: {
      200: 'Credited: the amount, its currency and the credit now held in it',
      400: 'validation_error: a body that is not {code}',
      403: 'guest_account: guests sign up or sign in first',
      404: 'no_redeemable_gift: no code, or an unknown or already redeemed one',
      422: 'gift_other_country: the gift was bought in another country than the caller’s',
      429: 'rate_limited: too many attempts from this account or address',
    },
  },
  async ({ c, body, auth, services }) => {
    if (services.config.rateLimits) {
      await hitRateLimit(services, `redeem-gift:user:${auth.user.id}`, REDEEM_LIMITS.perUser);
      await hitRateLimit(services, `redeem-gift:ip:${clientIp(c, services.config.trustProxy)}`, REDEEM_LIMITS.perIp);
    }
    return c.json(await redeemGift(services, auth.user, body.code), 200);
  },
);

export const giftOperations = [createGiftOperation, listGiftsOperation, getGiftOperation, redeemGiftOperation];
