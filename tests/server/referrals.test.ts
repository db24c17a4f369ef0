/**
 * Referrals (issue 28 item 6; spec 001 §3 "Coupon customer", "Referral visitor status", §6 "Stylist: a referrer with a
 * public profile", §7 "Gifts, promotions, referrals", §9 "Coupons and referrals"; server/referrals/README.md): each
 * customer's code, the refusals with their reasons, the referee's discount on the first order, the advocate's credit
 * once that order is paid (never for a failed payment, once under races and retries), the tracking service's events,
 * and no code in logs or events.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { creditLedger, orders, referralCodes, referralEvents, referrals, stylists, users } from '../../server/db/schema';
import { creditBalance } from '../../server/money/credit-ledger';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { couponBook } from '../../server/promotions/coupon-book';
import { normalizeReferralCode, setReferralCodeBlocked, stylistReferralCode } from '../../server/referrals/referral-codes';
import { compileReferralTerms, REFERRALS_FILE, referralTerms, replaceReferralTerms } from '../../server/referrals/referral-terms';
import { capturedLog } from './support/captured-log';
import { cardToken, placeOrder, shopperAtCheckout, oneAddressLimits } from './support/checkout-shopper';
import { describeEachDatabase } from './support/databases';
import { untilLockWaiters } from './support/lock-waits';
import { createTestApp, signUpCustomer, startGuest, testClock, type TestApp } from './support/test-app';
import { readFileSync } from 'node:fs';

const flows = loadProfileFlows('flows');
const NOW = new Date('2026-10-20T16:00:00Z');
const limits = oneAddressLimits;

describe('the referral terms file (server/referrals/referrals.yaml)', () => {
  it('the shipped file is valid: its referee coupon is a first-order referral_code coupon, shown as Discount (§9)', () => {
    const terms = referralTerms();
    const coupon = couponBook().get(terms.refereeCoupon)!;
    expect(coupon).toMatchObject({ origin: 'referral_code', firstOrderOnly: true });
    expect(terms.advocateCredit).toEqual({ USD: expect.any(Number), CAD: expect.any(Number) });
  });

  it('every problem is reported at file:line:column', () => {
    const text = 'referee_coupon: WELCOME\nadvocate_credit: { USD: 15.5 }\nmax_referees: 0\n';
    const { problems } = compileReferralTerms(text, 'referrals.yaml', couponBook());
    const located = problems.map((p) => `${p.location.line}:${p.location.column} ${p.message}`);
    expect(located).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^2:\d+ .*whole cents/),
        expect.stringMatching(/^3:\d+ .*1 or more/),
        expect.stringMatching(/^2:\d+ .*every currency/),
      ]),
    );
    const wrongOrigin = compileReferralTerms('referee_coupon: WELCOME\nadvocate_credit: { USD: 1500, CAD: 2000 }\nmax_referees: 5\n', 'r.yaml', couponBook());
    expect(wrongOrigin.problems.map((p) => [p.location.line, p.message])).toEqual([[1, expect.stringContaining('expected referral_code')]]);
    const unknown = compileReferralTerms('referee_coupon: NOPE123\nadvocate_credit: { USD: 1500, CAD: 2000 }\nmax_referees: 5\n', 'r.yaml', couponBook());
    expect(unknown.problems[0]?.message).toContain('no coupon "NOPE123"');
    expect(readFileSync(REFERRALS_FILE, 'utf8')).toContain('referee_coupon');
  });

  it('codes are read in any case, with look-alikes and without the dash', () => {
    expect(normalizeReferralCode('7kq2m-xw9da')).toBe('7KQ2M-XW9DA');
    expect(normalizeReferralCode(' 7KQ2MXW9DA ')).toBe('7KQ2M-XW9DA');
    expect(normalizeReferralCode('OIL00-00000')).toBe('01100-00000');
    expect(normalizeReferralCode('7KQ2M-XW9D')).toBeNull();
    expect(normalizeReferralCode('UUUUU-UUUUU')).toBeNull();
  });
});

describeEachDatabase('referrals (spec 001 §3 Coupon customer, Referral visitor status; §7)', (database) => {
  const db = () => database().db;
  const clock = testClock(NOW);
  const log = capturedLog();
  let t: TestApp;

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    t = createTestApp(db(), { flows, clock, config: { rateLimits: limits, logger: log.logger } });
  });
  afterEach(() => replaceReferralTerms());

  const userIdOf = async (token: string) => {
    const account = await t.call('GET', '/v1/account/', { token });
    return (await db().select({ id: users.id }).from(users).where(eq(users.pubkey, account.body.pubkey)))[0]!.id;
  };
  const advocate = async () => {
    const { access: token } = await signUpCustomer(t);
    const own = await t.call('GET', '/v1/coupon_customers/', { token });
    expect(own.status).toBe(200);
    return { token, code: own.body.referral_code as string, userId: await userIdOf(token) };
  };
  const refer = (token: string, code: string, coupon_source = 'referral_link') =>
    t.call('POST', '/v1/coupon_customers/', { token, body: { referral_code: code, coupon_source } });
  const referralCount = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(referrals)
    )[0]!.n;
  const referralCredits = async (userId: number) =>
    db().select({ amount: creditLedger.amount, source: creditLedger.source }).from(creditLedger).where(eq(creditLedger.userId, userId));
  const pay = async (token: string, card = '4242424242424242', key?: string) => placeOrder(t, token, { payment: { token: await cardToken(t, card) } }, key);

  it('§3 Coupon customer: GET gives the caller their own code, made once (readable, 50 random bits), and no referrer', async () => {
    const { access: token } = await signUpCustomer(t);
    const first = await t.call('GET', '/v1/coupon_customers/', { token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      referral_code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/),
      coupon_source: null,
      referred_by_stylist: null,
      referees: 0,
      rewarded: 0,
    });
    expect((await t.call('GET', '/v1/coupon_customers/', { token })).body.referral_code).toBe(first.body.referral_code);
    const other = await advocate();
    expect(other.code).not.toBe(first.body.referral_code);
  });

  it('§6: a guest has no code of their own to share (guests sign up first); without a token it is 401', async () => {
    const guest = await startGuest(t);
    expect((await t.call('GET', '/v1/coupon_customers/', { token: guest.access })).body).toMatchObject({ referral_code: null });
    expect((await t.call('GET', '/v1/coupon_customers/')).status).toBe(401);
    expect((await t.call('POST', '/v1/coupon_customers/', { body: { referral_code: 'ABCDE-12345', coupon_source: 'referral_link' } })).status).toBe(401);
  });

  it('§3 Coupon customer, §9: a new customer referred with a code gets the referral discount (origin referral_code, "Discount") on their first order; the advocate sees one referee', async () => {
    const a = await advocate();
    const token = await shopperAtCheckout(t);
    const accepted = await refer(token, a.code.toLowerCase());
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body).toMatchObject({ coupon_source: 'referral_link', referred_by_stylist: null });
    const cart = await t.call('GET', '/v1/account/cart/?category=haircare', { token });
    const coupon = couponBook().get(referralTerms().refereeCoupon)!;
    expect(cart.body.display_coupons).toEqual([{ code: coupon.code, label: 'Discount', amount: expect.any(Number) }]);
    expect(cart.body.display_coupons[0].amount).toBeGreaterThan(0);
    expect((await t.call('GET', '/v1/coupon_customers/', { token: a.token })).body).toMatchObject({ referees: 1, rewarded: 0 });
    // The same code again is the same referral.
    expect((await refer(token, a.code)).status).toBe(200);
    expect(
      await db()
        .select()
        .from(referrals)
        .where(eq(referrals.refereeId, await userIdOf(token))),
    ).toHaveLength(1);
  });

  it('§3 Referral visitor status isSelfReferral: one’s own code is 422 self_referral with the reason, nothing saved', async () => {
    const a = await advocate();
    const before = await referralCount();
    const refused = await refer(a.token, a.code);
    expect(refused).toMatchObject({ status: 422, body: { code: 'self_referral', fields: { referral_code: [expect.stringContaining('your own')] } } });
    expect(await referralCount()).toBe(before);
  });

  it('§3 isSelfReferral: two accounts referring each other are refused (the second is 422 self_referral)', async () => {
    const a = await advocate();
    const b = await advocate();
    expect((await refer(b.token, a.code)).status).toBe(201);
    expect(await refer(a.token, b.code)).toMatchObject({ status: 422, body: { code: 'self_referral' } });
  });

  it('§3 Referral visitor status referralCodeBlocked: a code an operator blocked is 422 referral_code_blocked, nothing saved', async () => {
    const a = await advocate();
    expect(await setReferralCodeBlocked(db(), a.code, true, NOW)).toBe(true);
    const { access } = await signUpCustomer(t);
    const before = await referralCount();
    expect(await refer(access, a.code)).toMatchObject({
      status: 422,
      body: { code: 'referral_code_blocked', fields: { referral_code: [expect.any(String)] } },
    });
    expect(await referralCount()).toBe(before);
    await setReferralCodeBlocked(db(), a.code, false, NOW);
    expect((await refer(access, a.code)).status).toBe(201);
  });

  it('§3 referralCodeBlocked: a code that referred max_referees shoppers refers no more', async () => {
    replaceReferralTerms({ ...referralTerms(), maxReferees: 1 });
    const a = await advocate();
    expect((await refer((await signUpCustomer(t)).access, a.code)).status).toBe(201);
    expect(await refer((await signUpCustomer(t)).access, a.code)).toMatchObject({ status: 422, body: { code: 'referral_code_blocked' } });
  });

  it('§3: referrals are for new customers: an account with an order is 422 not_a_new_customer; one already referred is 422 already_referred', async () => {
    const a = await advocate();
    const b = await advocate();
    const token = await shopperAtCheckout(t);
    expect((await pay(token)).status).toBe(201);
    expect(await refer(token, a.code)).toMatchObject({ status: 422, body: { code: 'not_a_new_customer' } });
    const { access } = await signUpCustomer(t);
    expect((await refer(access, a.code)).status).toBe(201);
    expect(await refer(access, b.code)).toMatchObject({ status: 422, body: { code: 'already_referred' } });
  });

  it('bad input is a 4xx {code, detail, fields} and saves nothing: an unknown code 422, a malformed body 400', async () => {
    const { access: token } = await signUpCustomer(t);
    const before = await referralCount();
    expect(await refer(token, 'ZZZZZ-ZZZZZ')).toMatchObject({
      status: 422,
      body: { code: 'unknown_referral_code', detail: expect.any(String), fields: { referral_code: [expect.any(String)] } },
    });
    for (const body of [
      {},
      { referral_code: 'ABCDE-12345' },
      { referral_code: 'ABCDE-12345', coupon_source: 'email' },
      { referral_code: '', coupon_source: 'referral_link' },
      { referral_code: 'has space', coupon_source: 'referral_link' },
      { referral_code: 'x'.repeat(65), coupon_source: 'referral_link' },
      { referral_code: 42, coupon_source: 'referral_link' },
      { referral_code: 'ABCDE-12345', coupon_source: 'referral_link', discount: 100 },
    ]) {
      const response = await t.call('POST', '/v1/coupon_customers/', { token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error', detail: expect.any(String), fields: expect.any(Object) });
    }
    expect(await referralCount()).toBe(before);
    expect(
      await db()
        .select({ c: users.signupCoupon })
        .from(users)
        .where(eq(users.id, await userIdOf(token))),
    ).toEqual([{ c: null }]);
  });

  it('no enumerating codes: an account trying more than 10 codes in an hour gets 429, saving nothing', async () => {
    const { access: token } = await signUpCustomer(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await refer(token, `ZZZZZ-ZZZZ${i % 10}`)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(422), 429]);
    expect(
      await db()
        .select()
        .from(referrals)
        .where(eq(referrals.refereeId, await userIdOf(token))),
    ).toEqual([]);
  });

  it('owner checks: each account reads only its own referral side; nothing of another’s referral or code is shown', async () => {
    const a = await advocate();
    const { access: referee } = await signUpCustomer(t);
    expect((await refer(referee, a.code)).status).toBe(201);
    const { access: stranger } = await signUpCustomer(t);
    const theirs = await t.call('GET', '/v1/coupon_customers/', { token: stranger });
    expect(theirs.body).toMatchObject({ coupon_source: null, referees: 0 });
    expect(JSON.stringify(theirs.body)).not.toContain(a.code);
    // The referee is not shown the advocate's identity either.
    const mine = await t.call('GET', '/v1/coupon_customers/', { token: referee });
    expect(mine.body).toMatchObject({ coupon_source: 'referral_link', referred_by_stylist: null });
    expect(JSON.stringify(mine.body)).not.toContain(a.code);
  });

  it('§6 Stylist: a stylist’s code refers with their public profile, links the stylist to the referee, and credits no account', async () => {
    const [stylist] = await db()
      .insert(stylists)
      .values({
        pubkey: `sty_${Math.random().toString(36).slice(2)}`,
        publicSlug: `jane-${Math.random().toString(36).slice(2)}`,
        publicName: 'Jane',
        salons: ['Salon A'],
      })
      .returning();
    const code = await stylistReferralCode(db(), stylist!.id);
    expect((await stylistReferralCode(db(), stylist!.id)).code).toBe(code.code);
    const token = await shopperAtCheckout(t);
    const accepted = await refer(token, code.code, 'stylist');
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({
      coupon_source: 'stylist',
      referred_by_stylist: { public_slug: stylist!.publicSlug, public_name: 'Jane', salons: ['Salon A'] },
    });
    expect((await t.call('GET', '/v1/account/', { token })).body.stylist).toMatchObject({ public_slug: stylist!.publicSlug });
    expect((await pay(token)).status).toBe(201);
    const [row] = await db()
      .select()
      .from(referrals)
      .where(eq(referrals.refereeId, await userIdOf(token)));
    expect(row).toMatchObject({ rewardCents: 0, rewardedOrderId: expect.any(Number) });
  });

  it('§6 Stylist: with coupon_source stylist, the stylist’s public slug (their public profile) refers as their code does', async () => {
    const slug = `salon-${Math.random().toString(36).slice(2)}`;
    const [stylist] = await db()
      .insert(stylists)
      .values({ pubkey: `sty_${Math.random().toString(36).slice(2)}`, publicSlug: slug, publicName: 'Mia', salons: [] })
      .returning();
    const { access: token } = await signUpCustomer(t);
    // A slug is a code only with coupon_source stylist.
    expect(await refer(token, slug, 'referral_link')).toMatchObject({ status: 422, body: { code: 'unknown_referral_code' } });
    const accepted = await refer(token, slug.toUpperCase(), 'stylist');
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ coupon_source: 'stylist', referred_by_stylist: { public_slug: slug, public_name: 'Mia' } });
    const [row] = await db()
      .select()
      .from(referrals)
      .where(eq(referrals.refereeId, await userIdOf(token)));
    expect(row!.codeId).toBe((await stylistReferralCode(db(), stylist!.id)).id);
  });

  it('§7 referral-tracking service: a sign-up sends customer track and sign_up (pubkey, email, first_name, last_name, username); the visitor-status check is recorded; no code in any event or log line', async () => {
    const a = await advocate();
    const signed = await signUpCustomer(t, { first_name: 'Grace', last_name: 'Hopper' });
    const userId = await userIdOf(signed.access);
    const account = await t.call('GET', '/v1/account/', { token: signed.access });
    const events = await db().select().from(referralEvents).where(eq(referralEvents.userId, userId));
    const customer = { pubkey: account.body.pubkey, email: signed.email, first_name: 'Grace', last_name: 'Hopper', username: signed.email };
    expect(events.map((e) => [e.kind, e.data])).toEqual([
      ['customer', customer],
      ['sign_up', customer],
    ]);
    await t.call('GET', `/v1/account/?referral_code=${a.code}`, { token: signed.access });
    expect((await refer(signed.access, a.code)).status).toBe(201);
    const status = await db().select().from(referralEvents).where(eq(referralEvents.kind, 'visitor_status'));
    expect(status.filter((e) => e.userId === userId).map((e) => e.data)).toEqual([{ referralCodeBlocked: false, isSelfReferral: false }]);
    const all = await db().select({ data: referralEvents.data }).from(referralEvents);
    expect(JSON.stringify(all)).not.toContain(a.code);
    expect(log.text()).not.toContain(a.code);
    expect(log.text()).not.toContain(a.code.toLowerCase());
  });

  it('a guest referred before signing up keeps the referral discount on the account they sign up as', async () => {
    const a = await advocate();
    const guest = await startGuest(t);
    expect((await refer(guest.access, a.code)).status).toBe(201);
    const signed = await t.call('POST', '/v1/auth/signup/', { token: guest.access, body: { email: `g.${Date.now()}@example.com`, has_accepted_terms: true } });
    expect(signed.status).toBe(201);
    const [row] = await db()
      .select({ c: users.signupCoupon })
      .from(users)
      .where(eq(users.id, await userIdOf(signed.body.access)));
    expect(row!.c).toBe(referralTerms().refereeCoupon);
  });

  describe('the advocate’s reward (§3 Coupon customer, §7; the credit ledger)', () => {
    it('the referee’s first paid order credits the advocate once (kind referral, source referral:<order>), in the advocate’s currency; a second order credits nothing more', async () => {
      const a = await advocate();
      const token = await shopperAtCheckout(t);
      expect((await refer(token, a.code)).status).toBe(201);
      const placed = await pay(token);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const usd = referralTerms().advocateCredit.USD;
      expect(await referralCredits(a.userId)).toEqual([{ amount: usd, source: `referral:${placed.body.pubkey}` }]);
      expect(await creditBalance(db(), a.userId, 'USD')).toBe(usd);
      expect((await t.call('GET', '/v1/coupon_customers/', { token: a.token })).body).toMatchObject({ referees: 1, rewarded: 1 });
      // The referral discount was on that order.
      const [order] = await db().select().from(orders).where(eq(orders.pubkey, placed.body.pubkey));
      expect(order!.totalDiscount).toBeGreaterThan(0);
      // A later order of the referee rewards nothing more.
      await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } });
      await t.call('POST', '/v2/cart/', { token, body: { items: [{ category: 'item', product: 'brush', type: 'brush_mixed', quantity: 1 }] } });
      await t.call('PATCH', '/v2/cart/', { token, body: { is_in_checkout: true } });
      const second = await t.call('POST', '/v2/cart/place-order/', { token, body: { payment: { token: await cardToken(t, '4242424242424242') } } });
      expect(second.status, JSON.stringify(second.body)).toBe(201);
      expect(await referralCredits(a.userId)).toHaveLength(1);
    });

    it('a declined payment rewards nothing; the paid retry rewards once', async () => {
      const a = await advocate();
      const token = await shopperAtCheckout(t);
      expect((await refer(token, a.code)).status).toBe(201);
      expect((await pay(token, '4000000000000002')).status).toBe(402);
      expect(await referralCredits(a.userId)).toEqual([]);
      expect((await pay(token)).status).toBe(201);
      expect(await referralCredits(a.userId)).toHaveLength(1);
    });

    it('a code blocked before the referee’s order is paid rewards nothing', async () => {
      const a = await advocate();
      const token = await shopperAtCheckout(t);
      expect((await refer(token, a.code)).status).toBe(201);
      await setReferralCodeBlocked(db(), a.code, true, NOW);
      expect((await pay(token)).status).toBe(201);
      expect(await referralCredits(a.userId)).toEqual([]);
    });

    it('race: two referees’ first orders paid at once each reward the advocate once (forced interleaving on PostgreSQL: both wait for the advocate’s row)', async () => {
      const a = await advocate();
      const [r1, r2] = [await shopperAtCheckout(t), await shopperAtCheckout(t)];
      expect((await refer(r1, a.code)).status).toBe(201);
      expect((await refer(r2, a.code)).status).toBe(201);
      const [c1, c2] = [await cardToken(t, '4242424242424242'), await cardToken(t, '4242424242424242')];
      const race = () => [placeOrder(t, r1, { payment: { token: c1 } }), placeOrder(t, r2, { payment: { token: c2 } })];
      let results: { status: number; body: any }[] = [];
      if (database().driver === 'postgres') {
        await db().transaction(async (tx) => {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, a.userId)).for('update');
          const racing = race();
          await untilLockWaiters(db(), 2);
          setTimeout(() => void Promise.all(racing).then((r) => (results = r)), 0);
        });
        await expect.poll(() => results.length, { timeout: 20_000 }).toBe(2);
      } else {
        results = await Promise.all(race());
      }
      expect(results.map((r) => r.status)).toEqual([201, 201]);
      const credits = await referralCredits(a.userId);
      expect(credits.map((c) => c.source).sort()).toEqual([`referral:${results[0]!.body.pubkey}`, `referral:${results[1]!.body.pubkey}`].sort());
      expect(await creditBalance(db(), a.userId, 'USD')).toBe(2 * referralTerms().advocateCredit.USD);
    });

    it('race: one referee’s order sent twice at once (a retry with the same key) is one order and rewards once', async () => {
      const a = await advocate();
      const token = await shopperAtCheckout(t);
      expect((await refer(token, a.code)).status).toBe(201);
      const card = await cardToken(t, '4242424242424242');
      const key = `retry-${Math.random()}`;
      const results = await Promise.all([0, 1, 2].map(() => placeOrder(t, token, { payment: { token: card } }, key)));
      const paid = results.filter((r) => r.status === 201);
      expect(paid.length).toBeGreaterThan(0);
      expect(new Set(paid.map((r) => r.body.pubkey)).size).toBe(1);
      expect(await referralCredits(a.userId)).toEqual([{ amount: referralTerms().advocateCredit.USD, source: `referral:${paid[0]!.body.pubkey}` }]);
      expect(await db().select().from(referralCodes).where(eq(referralCodes.userId, a.userId))).toHaveLength(1);
    });
  });
});
