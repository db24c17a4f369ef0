/**
 * @module server/gifts/redeem-gift: POST /v1/gifts/redeem/ (spec 001 §2 giftee, §5, §8, §9): the code from a gift
 * e-mail credits the gift's amount to the caller's credit ledger, in the gift's currency, once. A code that is
 * missing, unknown or already redeemed is the same 404 with §8's words, so nothing tells a guess apart from a used
 * code; a gift bought in another country than the caller's shop country is 422 (§5: redeemable only in the country
 * of purchase). Attempts are limited per account and per address before the code is even read (gift-limits.ts).
 */
import { eq } from 'drizzle-orm';
import type { GiftRedeemed } from '#api';
import { toMoney } from '#api/money';
import type { Database } from '../db/database';
import { gifts } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { UserRow } from '../http/authenticate';
import { creditBalance, grantCredit } from '../money/credit-ledger';
import type { Services } from '../services';
import { giftCodeHash, normalizeGiftCode } from './gift-code';
import { shopperCountry } from './shopper-country';

/** Spec 001 §8, word for word. */
export const NO_REDEEMABLE_GIFT = 'Sorry, no redeemable gift is associated to this account';

const COUNTRY_NAMES = { US: 'the United States', CA: 'Canada' } as const;

export async function redeemGift(services: Services, user: UserRow, typed: string | undefined): Promise<GiftRedeemed> {
  if (user.isGuest) throw new ApiError(403, 'guest_account', 'Sign up or sign in to redeem a gift card: its credit stays on your account.');
  const code = typed === undefined ? null : normalizeGiftCode(typed);
  if (code === null) throw new ApiError(404, 'no_redeemable_gift', NO_REDEEMABLE_GIFT);
  const home = await shopperCountry(services.db, user.id);
  const now = services.clock.now();
  return services.db.transaction(async (tx: Database) => {
    const [gift] = await tx
      .select()
      .from(gifts)
      .where(eq(gifts.codeHash, giftCodeHash(code)))
      .for('update');
    if (!gift || gift.status !== 'sent') throw new ApiError(404, 'no_redeemable_gift', NO_REDEEMABLE_GIFT);
    if (gift.country !== home.country)
      throw new ApiError(
        422,
        'gift_other_country',
        `This gift card was bought in ${COUNTRY_NAMES[gift.country]} and can be redeemed only on an account that shops in ${COUNTRY_NAMES[gift.country]}.`,
      );
    await tx.update(gifts).set({ status: 'redeemed', redeemedById: user.id, redeemedAt: now, updatedAt: now }).where(eq(gifts.id, gift.id));
    const granted = await grantCredit(tx, { userId: user.id, currency: gift.currency, cents: gift.amount, kind: 'gift_card', giftId: gift.id });
    if (!granted) throw new ApiError(404, 'no_redeemable_gift', NO_REDEEMABLE_GIFT);
    return { amount: toMoney(gift.amount), currency: gift.currency, balance: toMoney(await creditBalance(tx, user.id, gift.currency)) };
  });
}
