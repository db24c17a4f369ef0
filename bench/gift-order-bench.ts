import pg from 'pg';
import { personas } from '../tests/fixtures/personas';
import { summarize } from './stats';
import { startLoadTarget, type LoadDatabase } from './load-target';

/**
 * Orders paid with a coupon and a gift card under load (issue 28 targets): a gifter buys `giftCards` $50 gift cards
 * through the gifter's checkout (each order paid by a test card) for today, and the shop's jobs mail them; then
 * `shoppers` customers (each with a consultation, an address and a haircare cart carrying the HAIRCARE15 coupon) all
 * try at the same moment to redeem one of the codes (each code handed to shoppers / giftCards of them), then place
 * their order, reaching the button at random within `spreadSeconds` (as the order bench's shoppers do), each from two
 * tabs at the same instant (two Idempotency-Keys racing for one cart and one credit: one paid order). The order calls
 * are timed. Then the database's own rows are checked: each code credited once, no balance below zero,
 * no credit spent twice (per account: spent ≤ credited; per order: one spend), one paid order per shopper, and every
 * paid order adds up: lines − discount (subscription savings and coupon) + shipping + tax is exactly what the credit
 * and the card (the order's total_amount) paid.
 */
export interface GiftOrderFigures {
  database: string;
  shoppers: number;
  gift_cards: number;
  median_ms: number;
  p99_ms: number;
  paid_orders: number;
  redeemed: number;
  /** Paid orders that gift card credit paid part of (one per code redeemed, the $50 credit paying part of the box). */
  paid_with_credit: number;
  /** Codes credited more than once, accounts that spent more than they were credited, orders spending twice: must be 0. */
  double_spends: number;
  /** Paid orders whose totals do not add up, or shoppers without exactly one paid order: must be 0. */
  inconsistencies: number;
  errors: number;
}

export async function giftOrderBench(database: LoadDatabase = 'postgres', shoppers = 50, giftCards = 10, spreadSeconds = 10): Promise<GiftOrderFigures> {
  const target = await startLoadTarget(database);
  try {
    const base = target.url;
    const call = async (path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
      const { token, json, ...rest } = init;
      const response = await fetch(`${base}${path}`, {
        ...rest,
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...rest.headers },
      });
      const body = response.headers.get('content-type')?.includes('json') ? await response.json() : await response.text();
      return { status: response.status, body: body as Record<string, unknown> };
    };
    const cardToken = async () =>
      (
        await call('/v1/payments/test/tokenize', {
          method: 'POST',
          json: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Bench Shopper' } },
        })
      ).body.token as string;
    const expect = (what: string, result: { status: number; body: unknown }, status: number) => {
      if (result.status !== status) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
    };
    const run = Date.now().toString(36);

    // The gifter buys the gift cards, one checkout each, for today (mailed at once by the shop's jobs).
    const gifter = (await call('/v1/auth/signup/guest/', { method: 'POST' })).body.access as string;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    for (let i = 0; i < giftCards; i++) {
      const gift = await call('/v1/gifts/', {
        method: 'POST',
        token: gifter,
        json: {
          amount: 50,
          occasion: 'birthday',
          message: 'Happy birthday!',
          recipient_name: `Friend ${i}`,
          recipient_email: `friend.${run}.${i}@example.com`,
          sender_name: 'Bench Gifter',
          send_on: today,
        },
      });
      expect('Buying a gift card', gift, 201);
      const paid = await call('/v2/cart/place-order/', { method: 'POST', token: gifter, json: { payment: { token: await cardToken() } } });
      expect('Paying for a gift card', paid, 201);
    }
    // The shop's clock runs the due jobs (the gift e-mails) now; the mails carry the codes in their links.
    expect('Running the due jobs', await call('/dev/clock', { method: 'POST', json: { now: new Date(Date.now() + 1000).toISOString() } }), 200);
    const codes = new Set<string>();
    const deadline = Date.now() + 120_000;
    while (codes.size < giftCards && Date.now() < deadline) {
      const mails = (await call('/dev/outbox.json')).body as unknown as { links: string[] }[];
      for (const mail of mails) for (const link of mail.links) if (link.includes('/gift/redeem#code=')) codes.add(decodeURIComponent(link.split('#code=')[1]!));
      if (codes.size < giftCards) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (codes.size < giftCards) throw new Error(`Only ${codes.size} of ${giftCards} gift e-mails were sent.`);
    const codeList = [...codes];

    // The shoppers: an account each, a consultation, an address, a haircare cart with the coupon, in checkout.
    const tokens: string[] = [];
    for (let i = 0; i < shoppers; i++) {
      const signedUp = await call('/v1/auth/signup/', {
        method: 'POST',
        json: { email: `shopper.${run}.${i}@example.com`, first_name: 'Bench', last_name: `Shopper ${i}`, has_accepted_terms: true },
      });
      expect('Signing up a shopper', signedUp, 201);
      const token = signedUp.body.access as string;
      await call('/v1/account/hair_profile/', { method: 'PATCH', token, json: { ...personas[i % personas.length]!.answers, source: 'website' } });
      expect(
        'Adding an address',
        await call('/v1/account/addresses', {
          method: 'POST',
          token,
          json: { address1: '1100 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US', primary: true },
        }),
        201,
      );
      await call('/v1/account/cart/?category=haircare&origin=results', { token });
      expect('Applying the coupon', await call('/v1/account/cart/?category=haircare', { method: 'PATCH', token, json: { coupon: 'HAIRCARE15' } }), 200);
      await call('/v1/account/cart/?category=haircare', { method: 'PATCH', token, json: { is_in_checkout: true } });
      tokens.push(token);
    }

    // Every shopper tries to redeem a code at the same moment: each code is handed to several of them.
    const redeems = await Promise.all(
      tokens.map((token, i) => call('/v1/gifts/redeem/', { method: 'POST', token, json: { code: codeList[i % codeList.length] } })),
    );
    const redeemed = redeems.filter((r) => r.status === 200 || r.status === 201).length;

    // Every shopper places their order at the same moment, from two tabs (two keys), a new card in each.
    const cards = await Promise.all(tokens.map(() => Promise.all([cardToken(), cardToken()])));
    const times: number[] = [];
    let errors = 0;
    let firstError: string | undefined;
    await Promise.all(
      tokens.map(async (token, i) => {
        if (spreadSeconds > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * spreadSeconds * 1000));
        await Promise.all(
          cards[i]!.map(async (card, tab) => {
            const t0 = performance.now();
            const placed = await call('/v2/orders/', {
              method: 'POST',
              token,
              headers: { 'Idempotency-Key': `gift-bench-${run}-${i}-${tab}` },
              json: { category: 'haircare', payment: { token: card } },
            });
            times.push(performance.now() - t0);
            // The second tab's answer: the cart is being ordered or is ordered (409); anything else is an error.
            if (placed.status !== 201 && placed.status !== 409) {
              errors++;
              firstError ??= `${placed.status} ${JSON.stringify(placed.body)}`;
            }
          }),
        );
      }),
    );
    if (firstError) console.warn(`Orders refused in the gift bench (${errors} of ${times.length}); the first: ${firstError}`);

    const checks = await checkLedger(target.databaseUrl);
    const { median, p99 } = summarize(times);
    return {
      database: database === 'postgres' ? 'PostgreSQL' : 'embedded database',
      shoppers,
      gift_cards: giftCards,
      median_ms: median,
      p99_ms: p99,
      paid_orders: checks.paidOrders,
      redeemed,
      paid_with_credit: checks.paidWithCredit,
      double_spends: checks.doubleSpends + Math.max(0, redeemed - giftCards),
      inconsistencies: checks.inconsistencies + Math.abs(checks.paidOrders - shoppers),
      errors,
    };
  } finally {
    await target.stop();
  }
}

/** The database's own account of the run (PostgreSQL): double spends and totals that do not add up. */
async function checkLedger(
  databaseUrl: string | undefined,
): Promise<{ paidOrders: number; paidWithCredit: number; doubleSpends: number; inconsistencies: number }> {
  if (!databaseUrl) throw new Error('The gift bench checks its rows on PostgreSQL.');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (text: string) => Number((await client.query<{ n: string }>(text)).rows[0]!.n);
    const paidOrders = await one(`select count(*) as n from orders where status = 'paid' and cart_kind = 'haircare'`);
    const paidWithCredit = await one(`select count(distinct l.order_id) as n from credit_ledger l
      join orders o on o.id = l.order_id where l.kind = 'order_spent' and o.status = 'paid'`);
    const doubleSpends =
      // A gift credited twice, an account spending more than it was given, a balance below zero, an order spending twice.
      (await one(`select count(*) as n from (select gift_id from credit_ledger where kind = 'gift_card' group by gift_id having count(*) > 1) d`)) +
      (await one(`select count(*) as n from (select user_id from credit_ledger group by user_id, currency having sum(amount) < 0) d`)) +
      (await one(`select count(*) as n from (select order_id from credit_ledger where kind = 'order_spent' group by order_id having count(*) > 1) d`));
    // Every paid order adds up: the card (total_amount) and the credit it spent pay exactly what it costs.
    const inconsistencies = await one(`select count(*) as n from orders o
      where o.status = 'paid' and o.cart_kind = 'haircare' and (
        o.total_amount + coalesce((select -sum(l.amount) from credit_ledger l where l.order_id = o.id and l.kind = 'order_spent'), 0)
          <> o.total_price - o.total_discount + o.total_shipping + o.total_taxes
        or o.total_amount < 0)`);
    return { paidOrders, paidWithCredit, doubleSpends, inconsistencies };
  } finally {
    await client.end();
  }
}
