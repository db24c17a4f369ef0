import { personas } from '../tests/fixtures/personas';
import { summarize } from './stats';
import { startLoadTarget, type LoadDatabase } from './load-target';

/**
 * Placing orders under load (issue 14): 50 shoppers, each with a profile, place an order at the same moment, `rounds`
 * times (each round makes their recommendation cart again, takes it to checkout and tokenises a new test card, untimed).
 * Every order is sent twice at once under the same Idempotency-Key, as a client retrying after a lost reply would:
 * both answers must name the same order, and each shopper must end with exactly `rounds` paid orders.
 * `spreadSeconds`: 0 sends every shopper's order in the same instant (a burst of 100 requests); more spreads each
 * round's orders at random over that many seconds, as shoppers reaching the button in the same few seconds do.
 */
export async function orderPlacementBench(
  database: LoadDatabase,
  shoppers = 50,
  rounds = 4,
  spreadSeconds = 0,
): Promise<{ median_ms: number; p99_ms: number; orders: number; duplicates: number; errors: number }> {
  const target = await startLoadTarget(database);
  try {
    const base = target.url;
    const json = { 'Content-Type': 'application/json' };
    const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
      const { token, ...rest } = init;
      const response = await fetch(`${base}${path}`, {
        ...rest,
        headers: { ...json, ...(token ? { Authorization: `Bearer ${token}` } : {}), ...rest.headers },
      });
      const body = response.headers.get('content-type')?.includes('json') ? await response.json() : await response.text();
      return { status: response.status, body: body as Record<string, unknown> };
    };
    const tokens: string[] = [];
    for (let i = 0; i < shoppers; i++) {
      const guest = await call('/v1/auth/signup/guest/', { method: 'POST' });
      const token = guest.body.access as string;
      await call('/v1/account/hair_profile/', {
        method: 'PATCH',
        token,
        body: JSON.stringify({ ...personas[i % personas.length]!.answers, source: 'website' }),
      });
      // A physical order ships somewhere: the cart ships to the shopper's primary address.
      const address = await call('/v1/account/addresses', {
        method: 'POST',
        token,
        body: JSON.stringify({ address1: '1100 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US', primary: true }),
      });
      if (address.status !== 201) throw new Error(`Adding a bench shopper's address: ${address.status} ${JSON.stringify(address.body)}`);
      tokens.push(token);
    }
    const times: number[] = [];
    let errors = 0;
    let duplicates = 0;
    let firstError: string | undefined;
    for (let round = 0; round < rounds; round++) {
      const ready = await Promise.all(
        tokens.map(async (token) => {
          await call('/v1/account/cart/?category=haircare&origin=results', { token });
          await call('/v1/account/cart/?category=haircare', { method: 'PATCH', token, body: JSON.stringify({ is_in_checkout: true }) });
          const card = await call('/v1/payments/test/tokenize', {
            method: 'POST',
            body: JSON.stringify({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Load Shopper' } }),
          });
          return { token, card: card.body.token as string };
        }),
      );
      await Promise.all(
        ready.map(async ({ token, card }, i) => {
          const key = `bench-${round}-${i}`;
          if (spreadSeconds > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * spreadSeconds * 1000));
          const send = async () => {
            const t0 = performance.now();
            const placed = await call('/v2/orders/', {
              method: 'POST',
              token,
              headers: { 'Idempotency-Key': key },
              body: JSON.stringify({ category: 'haircare', payment: { token: card } }),
            });
            times.push(performance.now() - t0);
            if (placed.status !== 201) {
              errors++;
              firstError ??= `${placed.status} ${JSON.stringify(placed.body)}`;
            }
            return placed.body.pubkey;
          };
          const [a, b] = await Promise.all([send(), send()]);
          if (a !== b) duplicates++;
        }),
      );
    }
    let orders = 0;
    for (const token of tokens) {
      const list = await call('/v2/orders/', { token });
      const paid = (list.body.results as { status: string }[]).filter((o) => o.status === 'paid').length;
      orders += paid;
      if (paid > rounds) duplicates += paid - rounds;
    }
    // A bench whose orders fail measures nothing: say why.
    if (firstError) console.warn(`Orders refused in the bench (${errors} of ${times.length}); the first: ${firstError}`);
    const { median, p99 } = summarize(times);
    return { median_ms: median, p99_ms: p99, orders, duplicates, errors };
  } finally {
    await target.stop();
  }
}
