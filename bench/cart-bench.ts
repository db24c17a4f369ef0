import { personas } from '../tests/fixtures/personas';
import { startLoadTarget, type LoadDatabase } from './load-target';

/**
 * Cart updates under load (issue 13): 50 shoppers, each with a profile and a recommendation cart, send PATCH
 * /v1/account/cart/ at once, `rounds` times each (a quantity change, then back), against the real server on the
 * embedded database or PostgreSQL. Each shopper's changes are their own cart's: the row lock is per cart.
 */
export async function cartUpdateBench(
  database: LoadDatabase,
  shoppers = 50,
  rounds = 10,
): Promise<{ median_ms: number; p99_ms: number; requests: number; errors: number }> {
  const target = await startLoadTarget(database);
  try {
    const base = target.url;
    const json = { 'Content-Type': 'application/json' };
    const tokens = await Promise.all(
      Array.from({ length: shoppers }, async (_, i) => {
        const guest = (await (await fetch(`${base}/v1/auth/signup/guest/`, { method: 'POST' })).json()) as { access: string };
        const auth = { Authorization: `Bearer ${guest.access}` };
        await fetch(`${base}/v1/account/hair_profile/`, {
          method: 'PATCH',
          headers: { ...auth, ...json },
          body: JSON.stringify({ ...personas[i % personas.length]!.answers, source: 'website' }),
        });
        await (
          await fetch(`${base}/v1/account/cart/?category=haircare&items=${encodeURIComponent('["shampoo","conditioner"]')}`, { headers: auth })
        ).arrayBuffer();
        return guest.access;
      }),
    );
    const times: number[] = [];
    let errors = 0;
    await Promise.all(
      tokens.map(async (token) => {
        for (let round = 0; round < rounds; round++) {
          const body = { items: [{ category: 'formula', product: 'shampoo', type: 'shampoo', quantity: 1 + (round % 3) }] };
          const t0 = performance.now();
          const response = await fetch(`${base}/v1/account/cart/?category=haircare`, {
            method: 'PATCH',
            headers: { Authorization: `Bearer ${token}`, ...json },
            body: JSON.stringify(body),
          });
          await response.arrayBuffer();
          times.push(performance.now() - t0);
          if (!response.ok) errors++;
        }
      }),
    );
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return { median_ms: at(0.5), p99_ms: at(0.99), requests: times.length, errors };
  } finally {
    await target.stop();
  }
}
