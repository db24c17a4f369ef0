import { describe, expect, it, vi } from 'vitest';
import checkout from 'flows/checkout/haircare.yaml';
import { anonymousEnvironment, createFlowRuntime, type Answers, type SaveRequest, type SessionStatus } from '#engine';
import { ApiError } from '#api/shared';
import { cartContext, checkoutFacts, checkoutSaving, type CheckoutDeps } from '../../app/checkout/checkout-adapters';
import { refusalOf } from '../../shop/checkout/checkout-facts';
import { forgetFlags } from '../../app/flags';

/**
 * Issue 24 "one save path": the checkout's adapters are plain functions, run here without a page. Every form step
 * saves through them (the flow machine's save actor); a refusal comes back as the form's own (spec 001 §4-§6).
 */
const runtime = createFlowRuntime(checkout, anonymousEnvironment({ session: 'authenticated' }));
const step = (name: string) => runtime.steps.find((s) => s.name === name)!;

function deps(api: { createAddress?: () => Promise<unknown> } = {}, signUp?: CheckoutDeps['account']['signUp'], more: Partial<CheckoutDeps> = {}) {
  const client = {
    patchAccount: vi.fn(async () => ({ email: 'rosa@example.com' })),
    patchAddress: vi.fn(async () => ({})),
    getAddresses: vi.fn(async () => [{ pubkey: 'adr_1' }]),
    createAddress: vi.fn(async () => ({ pubkey: 'adr_new' })),
    placeOrder: vi.fn(async () => ({ pubkey: 'ord_1', status: 'paid', next_action: null })),
    placeAccessoriesOrder: vi.fn(async () => ({ pubkey: 'ord_2', status: 'paid', next_action: null })),
    getAccount: vi.fn(async () => ({ email: 'rosa@example.com' })),
    ...api,
  };
  const given: CheckoutDeps = {
    category: 'haircare',
    universal: false,
    api: async () => client as never,
    account: { signUp: signUp ?? vi.fn(async () => ({ kind: 'signed-up' as const })), userUpdated: vi.fn() },
    here: () => '/checkout/haircare/account-details',
    clearReferralCode: vi.fn(),
    report: vi.fn(),
    accessoriesOnly: false,
    flags: {},
    paymentMethods: [],
    ...more,
  };
  return { client, given, saving: checkoutSaving(given) };
}

const request = (name: string, values: Answers, session: SessionStatus = 'authenticated', answers: Answers = values): SaveRequest => ({
  flowId: checkout.id,
  category: 'haircare',
  step: step(name),
  values,
  answers,
  mode: step(name).saveMode,
  env: anonymousEnvironment({ session }),
});

const account = { email: 'rosa@example.com', first_name: 'Rosa', last_name: 'Martinez', phone: null, shipping_address: 'adr_1' };

describe('the checkout’s save adapter (spec 001 §4-§6)', () => {
  it('§6 a guest’s account details sign up (origin checkout_cartv2); a known e-mail is a refusal the form words', async () => {
    const signUp = vi.fn(async () => ({ kind: 'signed-up' as const }));
    await deps({}, signUp).saving.save(request('account-details', account, 'guest'));
    expect(signUp).toHaveBeenCalledWith(expect.objectContaining({ email: 'rosa@example.com', firstName: 'Rosa', origin: 'checkout_cartv2' }));

    const known = deps({}, async () => ({ kind: 'magic-link-sent' as const }));
    const refused = await known.saving.save(request('account-details', account, 'guest')).catch((error: unknown) => error);
    expect(refusalOf(refused)).toEqual({ kind: 'magic-link-sent' });
  });

  it('a customer’s names are saved and the chosen address becomes the primary one; the addresses come back as facts', async () => {
    const { client, given, saving } = deps();
    const result = await saving.save(request('account-details', account));
    expect(client.patchAccount).toHaveBeenCalledWith({ first_name: 'Rosa', last_name: 'Martinez' });
    expect(client.patchAddress).toHaveBeenCalledWith('adr_1', { primary: true });
    expect(given.account.userUpdated).toHaveBeenCalled();
    expect(result).toEqual({ facts: { addresses: [{ pubkey: 'adr_1' }] } });
  });

  it('§5 the address step’s form is saved as the primary address; its pubkey comes back as the step’s answer', async () => {
    const { client, saving } = deps();
    const values = {
      shipping_address: null,
      address_line1: '1 Main St',
      address_line2: null,
      address_city: 'Toronto',
      address_state: 'ON',
      address_zipcode: 'M5H 2N2',
      address_country: 'CA',
    };
    const result = await saving.save(request('shipping-address', values));
    expect(client.createAddress).toHaveBeenCalledWith({
      address1: '1 Main St',
      address2: null,
      city: 'Toronto',
      state: 'ON',
      zipcode: 'M5H 2N2',
      country: 'CA',
      primary: true,
    });
    expect(result).toMatchObject({ answers: { shipping_address: 'adr_new' } });
  });

  it('the server’s field messages become the form’s; any other failure is reported and refused as one', async () => {
    const fields = deps({
      createAddress: vi.fn(async () =>
        Promise.reject(new ApiError({ status: 400, code: 'validation_error', detail: 'Invalid', fields: { zipcode: ['Not in ON.'] } })),
      ),
    });
    const refused = await fields.saving.save(request('shipping-address', { address_zipcode: '10001' })).catch((error: unknown) => error);
    expect(refusalOf(refused)).toEqual({ kind: 'field-errors', fields: { zipcode: 'Not in ON.' } });

    const down = deps({ createAddress: vi.fn(async () => Promise.reject(new Error('offline'))) });
    const failed = await down.saving.save(request('shipping-address', { address_zipcode: '10001' })).catch((error: unknown) => error);
    expect(refusalOf(failed)).toEqual({ kind: 'error' });
    expect(down.given.report).toHaveBeenCalledWith('saving the shipping address', expect.any(Error));
  });

  it('§4 the review places the order with the payment chosen earlier, one key per payment; the order comes back as a fact', async () => {
    const { client, saving } = deps();
    const answers = { payment_method: 'newCard', payment_token: 'tok_1', save_card: true };
    const result = await saving.save(request('confirmation', {}, 'authenticated', answers));
    await saving.save(request('confirmation', {}, 'authenticated', answers));
    expect(client.placeOrder).toHaveBeenCalledWith({ category: 'haircare', payment: { token: 'tok_1', save_card: true } }, expect.any(String));
    const [first, second] = client.placeOrder.mock.calls.map((call) => (call as unknown[])[1]);
    expect(first).toBe(second);
    expect(result).toEqual({ answers: { order: 'ord_1', order_status: 'paid' }, facts: { order: { pubkey: 'ord_1', status: 'paid', next_action: null } } });
  });

  it('spec 001 §7: a saved card is paid with in the payment-intent mode while that flag is on, else the charge mode; a wallet in its own', async () => {
    const methods = [
      { id: 'pm_card', service: 'card' as const },
      { id: 'pm_wallet', service: 'wallet' as const },
    ];
    for (const [flag, id, mode] of [
      [true, 'pm_card', 'payment_intent'],
      [false, 'pm_card', 'charge'],
      [true, 'pm_wallet', 'wallet'],
    ] as const) {
      const { client, saving } = deps({}, undefined, { flags: { 'payment-intent': flag }, paymentMethods: methods });
      await saving.save(request('confirmation', {}, 'authenticated', { payment_method: id }));
      expect(client.placeOrder).toHaveBeenCalledWith({ category: 'haircare', payment: { payment_mode: mode, saved_payment_method: id } }, expect.any(String));
    }
  });

  it('spec 001 §7: a universal cart of accessories alone is ordered through /v2/cart/place-order/, the wallet too', async () => {
    const { client, saving } = deps({}, undefined, { universal: true, accessoriesOnly: true });
    const result = await saving.save(request('confirmation', {}, 'authenticated', { payment_method: 'wallet', payment_token: 'nonce_1' }));
    expect(client.placeAccessoriesOrder).toHaveBeenCalledWith({ payment: { token: 'nonce_1', save_card: 'true', payment_mode: 'wallet' } }, expect.any(String));
    expect(client.placeOrder).not.toHaveBeenCalled();
    expect(result).toMatchObject({ answers: { order: 'ord_2' } });
  });

  it('§8 a refused order is the review’s own refusal: a payment refused, a cart ordered already (another tab), or a failure, reported', async () => {
    const refusedWith = async (error: unknown) => {
      const { given, saving } = deps({}, undefined, {});
      const client = await given.api();
      vi.mocked(client.placeOrder).mockRejectedValueOnce(error);
      const thrown = await saving
        .save(request('confirmation', {}, 'authenticated', { payment_method: 'newCard', payment_token: 'tok_1' }))
        .catch((e: unknown) => e);
      return { outcome: refusalOf(thrown), report: given.report };
    };
    const declined = await refusedWith(new ApiError({ status: 402, code: 'card_declined', detail: 'Your card was declined.' }));
    expect(declined.outcome).toEqual({ kind: 'order-refused', reason: 'payment', message: 'Your card was declined.' });
    for (const [status, code] of [
      [422, 'cart_not_in_checkout'],
      [409, 'cart_already_ordered'],
      [409, 'order_in_progress'],
    ] as const) {
      const ordered = await refusedWith(new ApiError({ status, code, detail: 'Already ordered.' }));
      expect(ordered.outcome).toEqual({ kind: 'order-refused', reason: 'already-ordered', message: 'Already ordered.' });
      expect(ordered.report).not.toHaveBeenCalled();
    }
    const down = await refusedWith(new Error('offline'));
    expect(down.outcome).toMatchObject({ kind: 'order-refused', reason: 'other' });
    expect(down.report).toHaveBeenCalledWith('placing the order', expect.any(Error));
  });

  it('completing reads the account again and clears the referral code', async () => {
    const { given, saving } = deps();
    await saving.complete({ flowId: checkout.id, category: 'haircare', values: {}, env: anonymousEnvironment({ session: 'authenticated' }) });
    expect(given.clearReferralCode).toHaveBeenCalled();
    expect(given.account.userUpdated).toHaveBeenCalledWith({ email: 'rosa@example.com' });
  });
});

describe('the checkout’s facts, from where its flow stands', () => {
  const cart = { payment_from_customer: 4300 } as never;
  const facts = (answers: Answers, saved = {}) =>
    checkoutFacts({
      state: { runtime, step: step('confirmation'), answers, env: runtime.env, facts: saved },
      category: 'haircare',
      cart,
      session: { status: 'authenticated', user: { email: 'rosa@example.com', first_name: 'Rosa', is_guest: false } as never, addresses: [] },
      paymentMethods: [],
      search: '?gift=gifter&order=ord_0',
      go: vi.fn(),
      services: () => ({ sendSignInLink: vi.fn(), tokenizeCard: vi.fn(), cardProvider: vi.fn(), payWithWallet: vi.fn() }),
    });

  it('links between steps keep the query but the order; the placed order is the one the machine kept', () => {
    const placed = { pubkey: 'ord_1' } as never;
    const shown = facts({}, { order: placed });
    expect(shown.routeTo('payment')).toBe('/checkout/haircare/payment?gift=gifter');
    expect(shown.routeTo('wait-payment-confirmation', { order: 'ord_1' })).toBe('/checkout/haircare/wait-payment-confirmation?gift=gifter&order=ord_1');
    expect(shown.order).toBe(placed);
    expect(facts({}).order).toBeNull();
    expect(shown).toMatchObject({ session: 'authenticated', accountEmail: 'rosa@example.com', firstName: 'Rosa' });
  });

  it('spec 001 §9 Feature flags: the wallet is offered unless the page’s wallet-provider flag is off', () => {
    expect(facts({}).walletOffered).toBe(true);
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: 'shop-flags', textContent: '{"wallet-provider":false}' });
    document.head.append(block);
    forgetFlags();
    try {
      expect(facts({}).walletOffered).toBe(false);
    } finally {
      block.remove();
      forgetFlags();
    }
  });
});

describe('the cart’s facts the checkout’s rules read (flows/checkout/*.yaml context)', () => {
  const cart = { need_address: true, payment_from_customer: 0, items: [] } as never;
  it('issue 24: express checkout follows the express-checkout flag; ?express=true alone is no express checkout (spec 001 §4)', () => {
    const express = new URLSearchParams('express=true');
    expect(cartContext(cart, express, { 'express-checkout': true })['checkout.express']).toBe(true);
    expect(cartContext(cart, express, { 'express-checkout': false })['checkout.express']).toBe(false);
    expect(cartContext(cart, express)['checkout.express']).toBe(false);
    expect(cartContext(cart, new URLSearchParams(), { 'express-checkout': true })['checkout.express']).toBe(false);
  });
});
