/**
 * The checkout's step pages as a shopper first opens them (issue 14 targets: at most 130 KB of JS and CSS gzipped,
 * Lighthouse mobile performance at least 95): a signed-in shopper whose haircare cart is in checkout and ships to a
 * saved address, so each step draws its form, not a redirect to the cart.
 */
import { signedInShopper } from './formulation-bench';

export const checkoutPages = [
  '/checkout/haircare/account-details',
  '/checkout/haircare/shipping-address',
  '/checkout/haircare/payment',
  '/checkout/haircare/confirmation',
];

/** The session (localStorage entries) of a shopper at checkout: their recommendation cart in checkout, with a shipping address. */
export async function shopperAtCheckout(baseUrl: string): Promise<Record<string, string>> {
  const storage = await signedInShopper(baseUrl, 'haircare');
  const { access } = JSON.parse(storage['shop.tokens.user']!) as { access: string };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  };
  await call('GET', '/v1/account/cart/?category=haircare&origin=results');
  await call('PATCH', '/v1/account/cart/?category=haircare', { is_in_checkout: true });
  return storage;
}
