/**
 * The feedback's step pages as a shopper first opens them (issue 26 targets: at most 120 KB of JS and CSS gzipped, like
 * a consultation step, and Lighthouse mobile performance at least 95): a signed-in shopper with a paid haircare order,
 * placed through the API with the test provider, opens the first question of its feedback.
 */
import { signedInShopper } from './formulation-bench';

/** The first question page of a haircare feedback (spec 002 §2.1 overall_experience), for the order `pubkey`. */
export const feedbackPage = (pubkey: string) => `/feedback/haircare/overall_experience?order=${encodeURIComponent(pubkey)}&origin=account`;

/**
 * The subscription pages of the same shopper (issue 27 targets: at most 130 KB, Lighthouse at least 95): their paid
 * order's subscription lines made a haircare subscription, which the account's subscription pages show and edit.
 */
export const subscriptionPages = ['/account/subscription/home', '/account/subscription/haircare'];

/** Whether `path` is a feedback page (its limit is a step page's: 120 KB). */
export const isFeedbackPage = (path: string) => path.startsWith('/feedback/');

/**
 * A shopper with a paid haircare order: their session (localStorage entries) and the order's pubkey. The order is the
 * recommendation cart of a finished consultation, shipped to a saved address and paid with the test card
 * 4242 4242 4242 4242 (POST /v2/orders/, as the checkout places it).
 */
export async function shopperWithOrder(baseUrl: string): Promise<{ storage: Record<string, string>; order: string }> {
  const storage = await signedInShopper(baseUrl, 'haircare');
  const { access } = JSON.parse(storage['shop.tokens.user']!) as { access: string };
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  await call('POST', '/v1/account/addresses', { address1: '1100 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US', primary: true });
  await call('GET', '/v1/account/cart/?category=haircare&origin=results');
  await call('PATCH', '/v1/account/cart/?category=haircare', { is_in_checkout: true });
  const card = await call('POST', '/v1/payments/test/tokenize', {
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Bench Shopper' },
  });
  const placed = await call(
    'POST',
    '/v2/orders/',
    { category: 'haircare', payment: { token: card.token } },
    { 'Idempotency-Key': `bench-feedback-${Date.now()}` },
  );
  if (placed.status !== 'paid') throw new Error(`The bench order is ${String(placed.status)}, not paid.`);
  return { storage, order: String(placed.pubkey) };
}
