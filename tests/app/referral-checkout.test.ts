/**
 * A signed-in shopper's kept referral code is sent when they give their details at checkout (spec 001 §3 "Coupon
 * customer", §7 POST /v1/coupon_customers/), before the account is saved, once; a refusal never stops the checkout.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import checkout from 'flows/checkout/haircare.yaml';
import { anonymousEnvironment, createFlowRuntime, type SaveRequest } from '#engine';
import { checkoutSaving, type CheckoutDeps } from '../../app/checkout/checkout-adapters';
import { keepReferralCode, storedReferralCode } from '../../app/referral';

const runtime = createFlowRuntime(checkout, anonymousEnvironment({ session: 'authenticated' }));
const step = runtime.steps.find((s) => s.name === 'account-details')!;
const values = { email: 'rosa@example.com', first_name: 'Rosa', last_name: 'Martinez', phone: null, shipping_address: null };
const request: SaveRequest = {
  flowId: checkout.id,
  category: 'haircare',
  step,
  values,
  answers: values,
  mode: step.saveMode,
  env: anonymousEnvironment({ session: 'authenticated' }),
};

function saving(referCouponCustomer: (body: unknown) => Promise<unknown>) {
  const calls: string[] = [];
  const client = {
    referCouponCustomer: vi.fn(async (body: unknown) => {
      calls.push('refer');
      return referCouponCustomer(body);
    }),
    patchAccount: vi.fn(async () => {
      calls.push('patchAccount');
      return { email: 'rosa@example.com' };
    }),
  };
  const deps = {
    category: 'haircare',
    universal: false,
    api: async () => client as never,
    account: { signUp: vi.fn(), userUpdated: vi.fn() },
    here: () => '/checkout/haircare/account-details',
    clearReferralCode: vi.fn(),
    report: vi.fn(),
    accessoriesOnly: false,
    flags: {},
    paymentMethods: [],
  } as unknown as CheckoutDeps;
  return { client, calls, save: () => checkoutSaving(deps).save(request) };
}

describe('the kept referral code at checkout (spec 001 §3 Coupon customer, §7)', () => {
  beforeEach(() => localStorage.clear());

  it('§7: sends the kept code (referral_link) before saving the account, and forgets it once accepted', async () => {
    keepReferralCode('?referral_code=7KQ2M-XW9DA');
    const { client, calls, save } = saving(async () => ({}));
    await save();
    expect(client.referCouponCustomer).toHaveBeenCalledWith({ referral_code: '7KQ2M-XW9DA', coupon_source: 'referral_link' });
    expect(calls).toEqual(['refer', 'patchAccount']);
    expect(storedReferralCode()).toBeNull();
  });

  it('§3 not a new customer: a refusal (422) is forgotten and the details are saved all the same', async () => {
    keepReferralCode('?referral_code=7KQ2M-XW9DA');
    const { calls, save } = saving(() => Promise.reject(Object.assign(new Error('refused'), { status: 422, code: 'not_a_new_customer' })));
    await expect(save()).resolves.toBeDefined();
    expect(calls).toEqual(['refer', 'patchAccount']);
    expect(storedReferralCode()).toBeNull();
  });

  it('sends nothing without a kept code', async () => {
    const { client, save } = saving(async () => ({}));
    await save();
    expect(client.referCouponCustomer).not.toHaveBeenCalled();
  });
});
