import autocannon from 'autocannon';
import { Agent, request } from 'node:http';
import { personas } from '../tests/fixtures/personas';
import { summarize } from './stats';
import { startLoadTarget, type LoadDatabase } from './load-target';

/** Latency and throughput of one load run. */
export interface LoadFigures {
  median_ms: number;
  p99_ms: number;
  requests: number;
  errors: number;
  rps: number;
}

/**
 * Cart updates under load (issue 13): 50 shoppers, each with a profile and a recommendation cart, each on their own
 * connection, change their cart's shampoo quantity (1, 2, 3, 1, ...) against the real server on the embedded
 * database or PostgreSQL. Each shopper's changes are their own cart's: the row lock is per cart. Two runs:
 * - `paced`: each shopper changes their cart about once a second (a shopper tapping + and - quickly; real ones are
 *   slower), each after their own pause of 0.5 to 1.5 s, as shoppers are not in step: the latency 50 shoppers at once
 *   see;
 * - `flatOut`: each shopper sends the next change as soon as the last is answered: the server's throughput, and the
 *   latency of a queue 50 deep.
 * autocannon sends the requests, as in the catalogue bench, so the client takes little of the machine's two cores; a
 * 3 s warm-up is not counted (the server's code is optimised while it runs, as in a shop that has been up for a
 * while). `nodeArgs` go to the server's node (`--cpu-prof` to see where its time goes).
 */
export async function cartUpdateBench(
  database: LoadDatabase,
  shoppers = 50,
  seconds = 10,
  nodeArgs: string[] = [],
): Promise<{ paced: LoadFigures; flatOut: LoadFigures }> {
  const target = await startLoadTarget(database, nodeArgs);
  try {
    const base = target.url;
    const json = { 'Content-Type': 'application/json' };
    const tokens: string[] = [];
    for (let i = 0; i < shoppers; i++) {
      const guest = (await (await fetch(`${base}/v1/auth/signup/guest/`, { method: 'POST' })).json()) as { access: string };
      const auth = { Authorization: `Bearer ${guest.access}` };
      const profile = await fetch(`${base}/v1/account/hair_profile/`, {
        method: 'PATCH',
        headers: { ...auth, ...json },
        body: JSON.stringify({ ...personas[i % personas.length]!.answers, source: 'website' }),
      });
      const cart = await fetch(`${base}/v1/account/cart/?category=haircare&items=${encodeURIComponent('["shampoo","conditioner"]')}`, { headers: auth });
      await profile.arrayBuffer();
      await cart.arrayBuffer();
      if (!profile.ok || !cart.ok) throw new Error(`Setting up shopper ${i} failed: profile ${profile.status}, cart ${cart.status}`);
      tokens.push(guest.access);
    }
    const load = async (duration: number): Promise<LoadFigures> => {
      let next = 0;
      const result = await autocannon({
        url: base,
        connections: shoppers,
        duration,
        // Each connection is one shopper: their token, and their quantity changes in turn.
        setupClient: (client) => {
          const headers = { Authorization: `Bearer ${tokens[next++ % tokens.length]}`, ...json };
          client.setRequests(
            [1, 2, 3].map((quantity) => ({
              method: 'PATCH',
              path: '/v1/account/cart/?category=haircare',
              headers,
              body: JSON.stringify({ items: [{ category: 'formula', product: 'shampoo', type: 'shampoo', quantity }] }),
            })),
          );
        },
      });
      return {
        median_ms: result.latency.p50,
        p99_ms: result.latency.p99,
        requests: result.requests.total,
        errors: result.errors + result.non2xx + result.timeouts,
        rps: result.requests.average,
      };
    };
    await load(3);
    const flatOut = await load(seconds);
    return { paced: await pacedLoad(base, tokens, seconds), flatOut };
  } finally {
    await target.stop();
  }
}

/** Each shopper, on their own kept-alive connection, waits 0.5 to 1.5 s, changes their cart, and again, for `seconds`. */
async function pacedLoad(base: string, tokens: readonly string[], seconds: number): Promise<LoadFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: tokens.length });
  const url = new URL('/v1/account/cart/?category=haircare', base);
  const times: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1000));
  const change = (token: string, quantity: number) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ items: [{ category: 'formula', product: 'shampoo', type: 'shampoo', quantity }] });
      const sent = request(
        url,
        {
          method: 'PATCH',
          agent,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  try {
    await Promise.all(
      tokens.map(async (token) => {
        for (let round = 0; ; round++) {
          await pause();
          if (performance.now() >= end) return;
          const t0 = performance.now();
          const status = await change(token, 1 + (round % 3));
          times.push(performance.now() - t0);
          if (status !== 200) errors++;
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const { median, p99 } = summarize(times);
  return { median_ms: median, p99_ms: p99, requests: times.length, errors, rps: times.length / seconds };
}
