/** A shopper at checkout, as the order tests need one: Rosa's answers, an address, her recommendation cart in checkout. */
import { personas } from '../../fixtures/personas';
import { defaultRateLimits, type RateLimits } from '../../../server/config';
import { signUpCustomer, startGuest, type TestApp } from './test-app';

const rosa = personas.find((p) => p.name === 'Rosa')!;

/**
 * The shop's rate limits for tests whose shoppers all come from one test address: the per-address limits raised (many
 * shoppers sign up, save cards and order from it), each shopper's own limits the shop's.
 */
export const oneAddressLimits: RateLimits = {
  ...defaultRateLimits,
  cardTokensPerIp: { limit: 1000, windowSeconds: 15 * 60 },
  placeOrderPerIp: { limit: 1000, windowSeconds: 15 * 60 },
  declinesPerIp: { limit: 1000, windowSeconds: 60 * 60 },
  savedCardsPerIp: { limit: 1000, windowSeconds: 60 * 60 },
  signupPerIp: { limit: 1000, windowSeconds: 60 * 60 },
};

/** Where Rosa's orders ship (a Texas address: Texas's rate in the tax table). */
export const rosaAddress = { address1: '1100 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US' } as const;

/**
 * A shopper (a customer, or a guest) with Rosa's answers and, unless `address: false`, a primary address (Rosa's, or
 * the one given), whose haircare recommendation cart is in checkout; their access token.
 */
export async function shopperAtCheckout(
  t: Pick<TestApp, 'call'>,
  options: { guest?: boolean; address?: Record<string, string> | false } = {},
): Promise<string> {
  const { access: token } = options.guest ? await startGuest(t) : await signUpCustomer(t);
  if (options.address !== false) {
    const added = await t.call('POST', '/v1/account/addresses', { token, body: { ...(options.address ?? rosaAddress), primary: true } });
    if (added.status !== 201) throw new Error(JSON.stringify(added.body));
  }
  const saved = await t.call('PATCH', '/v1/account/hair_profile/', {
    token,
    body: { ...rosa.answers, consultation_status: { category: 'haircare', status: 'completed' }, source: 'website' },
  });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  const cart = await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token });
  if (cart.status !== 200) throw new Error(JSON.stringify(cart.body));
  const checkout = await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } });
  if (checkout.status !== 200) throw new Error(JSON.stringify(checkout.body));
  return token;
}

/** A card token from the test provider's tokeniser, as the payment step gets it. */
export async function cardToken(t: Pick<TestApp, 'call'>, number: string): Promise<string> {
  const response = await t.call('POST', '/v1/payments/test/tokenize', {
    body: { card: { number, exp_month: 12, exp_year: 2030, cvc: '123', name: 'Rosa Díaz' } },
  });
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  return response.body.token;
}

/** POST /v2/orders/, with an Idempotency-Key when one is given. */
export const placeOrder = (t: Pick<TestApp, 'call'>, token: string, body: unknown, key?: string) =>
  t.call('POST', '/v2/orders/', { token, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
