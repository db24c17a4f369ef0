import { beforeEach, describe, expect, it } from 'vitest';
import { clearReferralCode, keepReferralCode, REFERRAL_KEY, storedReferralCode } from '../../app/referral';

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
