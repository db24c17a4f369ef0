import { beforeEach, describe, expect, it } from 'vitest';
import { addressWithoutReferralCode, clearReferralCode, keepReferralCode, REFERRAL_KEY, sendKeptReferral, storedReferralCode } from '../../app/referral';

// Spec 001 §3 User ("Client-side: ... referral") and §4 Checkout and payment ("the stored referral code is cleared").
describe('the referral code kept on this device (spec 001 §3 User, §4)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a well-formed ?referral_code= and a later one replaces it', () => {
    keepReferralCode('?utm_source=mail&referral_code=ROSA-10');
    expect(storedReferralCode()).toBe('ROSA-10');
    keepReferralCode('?referral_code=ada_5');
    expect(localStorage.getItem(REFERRAL_KEY)).toBe('ada_5');
  });

  it('ignores a page without one, an empty one and anything that is not a code', () => {
    keepReferralCode('?referral_code=ROSA10');
    for (const search of ['', '?utm_source=x', '?referral_code=', '?referral_code=a%20b', `?referral_code=${'x'.repeat(65)}`, '?referral_code=<script>']) {
      keepReferralCode(search);
      expect(storedReferralCode(), search).toBe('ROSA10');
    }
  });

  it('is cleared after a paid order', () => {
    keepReferralCode('?referral_code=ROSA10');
    clearReferralCode();
    expect(storedReferralCode()).toBeNull();
  });
});

// Spec 001 §3 "Coupon customer" and §7 POST /v1/coupon_customers/ {referral_code, coupon_source}.
describe('the kept code is sent once at sign-up or checkout (spec 001 §3 Coupon customer, §7)', () => {
  beforeEach(() => localStorage.clear());
  const refusal = (status: number) => Object.assign(new Error('refused'), { status });

  it('§7: sends the kept code with coupon_source referral_link and forgets it once accepted', async () => {
    keepReferralCode('?referral_code=7KQ2M-XW9DA');
    const sent: unknown[] = [];
    await sendKeptReferral(async (body) => void sent.push(body));
    expect(sent).toEqual([{ referral_code: '7KQ2M-XW9DA', coupon_source: 'referral_link' }]);
    expect(storedReferralCode()).toBeNull();
    await sendKeptReferral(async (body) => void sent.push(body));
    expect(sent).toHaveLength(1);
  });

  it('§3 Referral visitor status: a code refused for good (self-referral, blocked, not a new customer: 4xx) is forgotten and never rejects', async () => {
    for (const status of [400, 404, 409, 422]) {
      keepReferralCode('?referral_code=7KQ2M-XW9DA');
      await expect(sendKeptReferral(() => Promise.reject(refusal(status)))).resolves.toBeUndefined();
      expect(storedReferralCode(), String(status)).toBeNull();
    }
  });

  it('keeps the code for a later try when the network, the server, the session or the rate limit failed', async () => {
    for (const status of [0, 401, 429, 500, 503]) {
      keepReferralCode('?referral_code=7KQ2M-XW9DA');
      await expect(sendKeptReferral(() => Promise.reject(refusal(status)))).resolves.toBeUndefined();
      expect(storedReferralCode(), String(status)).toBe('7KQ2M-XW9DA');
    }
    await sendKeptReferral(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(storedReferralCode()).toBe('7KQ2M-XW9DA');
  });

  it('two calls at once (sign-up and checkout) send the code once', async () => {
    keepReferralCode('?referral_code=7KQ2M-XW9DA');
    let calls = 0;
    const refer = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await Promise.all([sendKeptReferral(refer), sendKeptReferral(refer)]);
    expect(calls).toBe(1);
  });

  it('sends nothing without a kept code', async () => {
    let calls = 0;
    await sendKeptReferral(async () => void (calls += 1));
    expect(calls).toBe(0);
  });

  it('the code leaves the page’s address once kept (never in a URL analytics may read); other parameters stay', () => {
    expect(addressWithoutReferralCode('https://shop.test/gift?utm_source=mail&referral_code=7KQ2M-XW9DA#faq')).toBe('/gift?utm_source=mail#faq');
    expect(addressWithoutReferralCode('https://shop.test/?referral_code=7KQ2M-XW9DA')).toBe('/');
    expect(addressWithoutReferralCode('https://shop.test/products?x=1')).toBeNull();
  });
});
