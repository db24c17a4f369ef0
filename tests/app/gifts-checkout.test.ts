import { describe, expect, it, vi } from 'vitest';
import checkout from 'flows/checkout/haircare.yaml';
import { anonymousEnvironment, createFlowRuntime, type SaveRequest } from '#engine';
import { checkoutSaving, type CheckoutDeps } from '../../app/checkout/checkout-adapters';
import { giftersCheckout } from '../../app/checkout/checkout-data';
import { GIFTER_FIRST_STEP } from '../../app/checkout/cart-route';

/**
 * The gifter's checkout (issue 28 item 2; spec 001 §2 "Giftee and gifter variants", §6, §9 Tracking): /gift sends the
 * gifter to /checkout/gift?gift=gifter, the checkout's steps with ?gift=gifter kept, ordering the universal cart where
 * POST /v1/gifts/ put the gift card.
 */
const runtime = createFlowRuntime(checkout, anonymousEnvironment({ session: 'authenticated', query: { gift: 'gifter' } }));
const step = (name: string) => runtime.steps.find((s) => s.name === name)!;
const account = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', phone: null, shipping_address: '' };

function saving(more: Partial<CheckoutDeps> = {}) {
  const client = {
    patchAccount: vi.fn(async () => ({ email: 'ada@example.com' })),
    placeOrder: vi.fn(async () => ({ pubkey: 'ord_1', status: 'paid', next_action: null })),
    placeAccessoriesOrder: vi.fn(async () => ({ pubkey: 'ord_2', status: 'paid', next_action: null })),
    getAccount: vi.fn(async () => ({ email: 'ada@example.com' })),
  };
  const signUp = vi.fn(async () => ({ kind: 'signed-up' as const }));
  const deps: CheckoutDeps = {
    category: 'haircare',
    universal: true,
    accessoriesOnly: true,
    api: async () => client as never,
    account: { signUp, userUpdated: vi.fn() },
    here: () => '/checkout/haircare/account-details',
    clearReferralCode: vi.fn(),
    report: vi.fn(),
    flags: {},
    paymentMethods: [],
    ...more,
  };
  return { client, signUp, saves: checkoutSaving(deps) };
}

const request = (name: string, values: Record<string, unknown>, query: Record<string, string>): SaveRequest => ({
  flowId: checkout.id,
  category: 'haircare',
  step: step(name),
  values: values as never,
  answers: values as never,
  mode: step(name).saveMode,
  env: anonymousEnvironment({ session: 'guest', query }),
});

describe('the gifter’s checkout (spec 001 §2, §6, §9 Tracking)', () => {
  it('§9 Tracking: an account made at the gifter’s checkout comes from gift_card_gifter, and its sign-in link leads back to it', async () => {
    const { signUp, saves } = saving();
    await saves.save(request('account-details', account, { gift: 'gifter' }));
    expect(signUp).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ada@example.com', origin: 'gift_card_gifter', next: '/checkout/haircare/account-details?gift=gifter' }),
    );
    const plain = saving();
    await plain.saves.save(request('account-details', account, {}));
    expect(plain.signUp).toHaveBeenCalledWith(expect.objectContaining({ origin: 'checkout_cartv2', next: '/checkout/haircare/account-details' }));
  });

  it('?gift=gifter orders the universal cart; /checkout/gift starts at the checkout’s first step', () => {
    expect(giftersCheckout('?gift=gifter')).toBe(true);
    expect(giftersCheckout('?gift=giftee')).toBe(false);
    expect(giftersCheckout('')).toBe(false);
    expect(GIFTER_FIRST_STEP).toBe(runtime.steps[0]!.route);
  });
});
