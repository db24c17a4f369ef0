/**
 * Gifts with purchase on the server (issue 28 item 4; spec 001 §3 "Promotional gift", Cart item category gwp and
 * offered_variant_type, §4 "Gifts and promotions", §5, §7 GET /v1/promotional_gift, §9 "Gift-with-purchase variants"
 * and Feature flags data-driven-promotions; server/promotions/README.md "Gifts with purchase").
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GWP_VARIANTS, type Cart, type PromotionalGift } from '#api';
import { toCents } from '#api/money';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { hairProfiles, orderItems, orders, subscriptions, users } from '../../server/db/schema';
import { loadAllFlags } from '../../server/flags/load-flags';
import { outboxOnlyMailer } from '../../server/mail/mailer';
import { createTestProvider } from '../../server/payments/test-provider';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { compilePromotions, promotionBook, replacePromotionBook, type Promotion } from '../../server/promotions/gwp-book';
import { giftForCart, isRunning, qualifies, type GwpLine } from '../../server/promotions/gwp-rules';
import { adoptPaidOrders } from '../../server/subscriptions/from-order';
import { shipNow } from '../../server/subscriptions/ship-now';
import { personas } from '../fixtures/personas';
import { describeEachDatabase } from './support/databases';
import { cardToken, placeOrder, shopperAtCheckout, oneAddressLimits } from './support/checkout-shopper';
import { insertSavedMethod, paidSubscriptionOrder, PUBLIC_URL, shopServices } from './support/subscribers';
import { createTestApp, signUpCustomer, testClock, TEST_SECRET, type TestApp } from './support/test-app';

const flows = loadProfileFlows('flows');
/** Black Friday 2026, noon UTC: the shipped file's Black Friday gift runs. */
const NOW = new Date('2026-11-28T12:00:00Z');
const limits = oneAddressLimits;
const FLAG_ON = { ...loadAllFlags(), 'data-driven-promotions': true };

/** §9's 14 variants, as the spec lists them. */
const SPEC_VARIANTS =
  'evergreen, comb-gwp, travel-pouches-gwp, weekender-pouch-gwp, summer-sale-gwp, toiletry-and-comb-gwp, heatless-curl-set-black-friday-set-gwp, heatless-curl-set-gwp, collapsible-water-bottle-gwp, petit-tote-gwp, wide-tooth-comb-gwp, toiletry-bag-gwp, claw-clipper-gwp, cabana-beach-towel-gwp';

const promotion = (fields: Partial<Promotion> = {}): Promotion => ({
  variant: 'comb-gwp',
  label: 'Comb',
  banner: 'A free comb',
  showBanner: true,
  starts: null,
  ends: null,
  category: 'any',
  minimum: null,
  subscriptionOnly: false,
  item: { picture: '/media/card-brush.svg' },
  ...fields,
});

const line = (category: 'haircare' | 'skincare' | 'others', usd: number, fields: Partial<GwpLine> = {}): GwpLine => ({
  entry: { type: `${category}_thing`, category, isSubscribable: true, price: { USD: usd, CAD: usd }, subscribedPrice: { USD: usd - 100, CAD: usd - 100 } },
  quantity: 1,
  subscriptionActive: false,
  category: 'formula',
  ...fields,
});

describe('the gifts-with-purchase file (spec 001 §9 Gift-with-purchase variants)', () => {
  it('§9: the contract knows exactly the 14 variants; the shipped file is sound, has the evergreen gift and a holiday one, and each picture is on the site', () => {
    expect(GWP_VARIANTS.join(', ')).toBe(SPEC_VARIANTS);
    replacePromotionBook();
    const book = promotionBook();
    expect(book.map((p) => p.variant)).toContain('evergreen');
    expect(book.find((p) => p.variant === 'evergreen')).toMatchObject({ starts: null, ends: null });
    expect(book.some((p) => p.starts !== null && p.ends !== null && p.variant !== 'evergreen')).toBe(true);
    for (const p of book) if ('picture' in p.item) expect(existsSync(path.join('public', p.item.picture)), p.item.picture).toBe(true);
    const catalogue = new Set(loadCatalogue().products.map((product) => product.type));
    for (const p of book) if ('product' in p.item) expect(catalogue.has(p.item.product), p.item.product).toBe(true);
  });

  it('a broken file names each problem at file:line:column; nothing is loaded', () => {
    const broken = compilePromotions(
      [
        '- offered_variant_type: free-hat-gwp',
        '  label: Hat',
        '  banner: A hat',
        '  item: { picture: /media/card-brush.svg }',
        '- offered_variant_type: comb-gwp',
        '  label: Comb',
        '  banner: A comb',
        '  minimum: { USD: 65.5 }',
        '  item: { picture: card-brush.svg }',
        '',
      ].join('\n'),
      'gifts-with-purchase.yaml',
    );
    expect(broken.table).toBeUndefined();
    expect(broken.problems.map((p) => [p.location.file, p.location.line, p.message.slice(0, 40)])).toEqual([
      ['gifts-with-purchase.yaml', 1, "Expected one of §9's variants: evergreen"],
      ['gifts-with-purchase.yaml', 8, 'Expected whole cents, such as 6500 for $'],
      ['gifts-with-purchase.yaml', 9, 'Expected a picture such as /media/card-b'],
    ]);
    const twice = compilePromotions(
      [
        '- offered_variant_type: comb-gwp',
        '  label: Comb',
        '  banner: A comb',
        '  item: { product: brush }',
        '- offered_variant_type: comb-gwp',
        '  label: Comb again',
        '  banner: A comb',
        "  starts: '2026-12-01T00:00:00Z'",
        "  ends: '2026-11-01T00:00:00Z'",
        '  item: { product: brush }',
        '',
      ].join('\n'),
      'gifts-with-purchase.yaml',
    );
    expect(twice.problems.map((p) => [p.location.line, p.message])).toEqual([
      [5, 'The variant "comb-gwp" is used twice.'],
      [9, 'Expected ends after starts.'],
    ]);
  });

  it('the window: from starts (included) to ends (excluded)', () => {
    const p = promotion({ starts: new Date('2026-11-27T05:00:00Z'), ends: new Date('2026-12-01T08:00:00Z') });
    expect(isRunning(p, new Date('2026-11-27T04:59:59.999Z'))).toBe(false);
    expect(isRunning(p, new Date('2026-11-27T05:00:00Z'))).toBe(true);
    expect(isRunning(p, new Date('2026-12-01T07:59:59.999Z'))).toBe(true);
    expect(isRunning(p, new Date('2026-12-01T08:00:00Z'))).toBe(false);
  });

  it('qualification: the category’s lines (gift cards and zero quantities left out) reach the minimum in the cart’s currency, subscribed when subscription only; the first that qualifies is the one gift', () => {
    const haircare = promotion({ category: 'haircare', minimum: { USD: 5000 } });
    expect(qualifies(haircare, [line('haircare', 5000)], 'USD')).toBe(true);
    expect(qualifies(haircare, [line('haircare', 4999)], 'USD')).toBe(false);
    // Subscribed: the price the cart charges (after the saving) counts.
    expect(qualifies(haircare, [line('haircare', 5000, { subscriptionActive: true })], 'USD')).toBe(false);
    expect(qualifies(haircare, [line('skincare', 9000)], 'USD')).toBe(false);
    expect(qualifies(haircare, [line('haircare', 9000, { quantity: 0 })], 'USD')).toBe(false);
    expect(qualifies(haircare, [line('haircare', 9000)], 'CAD')).toBe(false);
    expect(qualifies(promotion(), [line('others', 5600, { category: 'gift', entry: { ...line('others', 5600).entry, type: 'digital_gift' } })], 'USD')).toBe(
      false,
    );
    expect(qualifies(promotion({ category: 'accessories' }), [line('others', 100)], 'USD')).toBe(true);
    const subscribed = promotion({ subscriptionOnly: true });
    expect(qualifies(subscribed, [line('haircare', 5000)], 'USD')).toBe(false);
    expect(qualifies(subscribed, [line('haircare', 5000, { subscriptionActive: true })], 'USD')).toBe(true);
    const first = promotion({ variant: 'toiletry-bag-gwp', minimum: { USD: 10_000 } });
    const second = promotion({ variant: 'evergreen' });
    expect(giftForCart([first, second], [line('haircare', 10_000)], 'USD')?.variant).toBe('toiletry-bag-gwp');
    expect(giftForCart([first, second], [line('haircare', 9_999)], 'USD')?.variant).toBe('evergreen');
    expect(giftForCart([first], [line('haircare', 9_999)], 'USD')).toBeNull();
  });
});

describeEachDatabase('gifts with purchase on the cart and the order (spec 001 §3, §4, §5, §7)', (database) => {
  let t: TestApp;
  let off: TestApp;
  const clock = testClock(NOW);
  const db = () => database().db;
  const cartOf = async (app: TestApp, token: string): Promise<Cart> => (await app.call('GET', '/v1/account/cart/?category=haircare', { token })).body;
  const gifts = async (app: TestApp, token?: string): Promise<PromotionalGift[]> => {
    const response = await app.call('GET', '/v1/promotional_gift', token ? { token } : {});
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const gwpLines = (cart: Cart) => cart.items.filter((i) => i.category === 'gwp');
  const userIdOf = async (token: string) => {
    const account = await t.call('GET', '/v1/account/', { token });
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.pubkey, account.body.pubkey));
    return row!.id;
  };
  const subscribe = (userId: number, category: 'haircare' | 'skincare', status: 'active' | 'onhold' | 'canceled') =>
    db()
      .insert(subscriptions)
      .values({
        pubkey: `sub_${randomBytes(8).toString('hex')}`,
        userId,
        category,
        subCategory: 'topicals',
        status,
        ...(status === 'onhold' ? { statusReason: 'payment_error' as const } : {}),
        shippingAddress: { address1: '1100 Congress Ave', address2: null, city: 'Austin', state: 'TX', zipcode: '78701', country: 'US' },
        discountPercentage: 15,
        currency: 'USD',
      });

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    t = createTestApp(db(), { flows, clock, config: { rateLimits: limits, flags: FLAG_ON } });
    off = createTestApp(db(), { flows, clock, config: { rateLimits: limits } });
  });
  afterEach(() => {
    replacePromotionBook();
    clock.set(NOW);
  });

  it('§7 GET /v1/promotional_gift: the gifts running now by the shop’s clock, with should_show_banner and offered_variant_type; §9 Feature flags: none while data-driven-promotions is off', async () => {
    const { access: token } = await signUpCustomer(t);
    const now = await gifts(t, token);
    expect(now.map((g) => g.offered_variant_type)).toEqual(['heatless-curl-set-black-friday-set-gwp', 'evergreen']);
    expect(now[0]).toEqual({
      should_show_banner: true,
      offered_variant_type: 'heatless-curl-set-black-friday-set-gwp',
      banner: 'Black Friday: a free Heatless Curl Set with $65 or more of haircare.',
      item: { label: 'Heatless Curl Set', picture: '/media/card-hair-towel-wrap.svg' },
      category: 'haircare',
      minimum: 65,
      currency: 'USD',
      subscription_only: false,
      ends: '2026-12-01T08:00:00.000Z',
    });
    // An anonymous visitor sees the same (in USD); with the flag off, nobody sees any.
    expect(await gifts(t)).toEqual(now);
    expect(await gifts(off, token)).toEqual([]);
    // The shop's clock: a second before Black Friday starts, and from the moment it ends (the holiday one then).
    // (asked anonymously: a token signed at NOW is not valid days before or after it)
    clock.set(new Date('2026-11-27T04:59:59Z'));
    expect((await gifts(t)).map((g) => g.offered_variant_type)).toEqual(['evergreen']);
    clock.set(new Date('2026-11-27T05:00:00Z'));
    expect((await gifts(t)).map((g) => g.offered_variant_type)).toEqual(['heatless-curl-set-black-friday-set-gwp', 'evergreen']);
    clock.set(new Date('2026-12-01T08:00:00Z'));
    expect((await gifts(t)).map((g) => g.offered_variant_type)).toEqual(['toiletry-bag-gwp', 'evergreen']);
    // A bearer that is not valid is refused, never answered as someone's.
    expect((await t.call('GET', '/v1/promotional_gift', { token: 'not.a.token' })).status).toBe(401);
  });

  it('§3 Cart item: a qualifying cart shows one gwp line at 0 with offered_variant_type; every total is what it is without it', async () => {
    const token = await shopperAtCheckout(t);
    const cart = await cartOf(t, token);
    expect(gwpLines(cart)).toEqual([
      expect.objectContaining({
        category: 'gwp',
        type: 'gwp',
        product: 'heatless-curl-set-black-friday-set-gwp',
        offered_variant_type: 'heatless-curl-set-black-friday-set-gwp',
        quantity: 1,
        label: 'Heatless Curl Set',
        unit_price: 0,
        total_price: 0,
        is_cart_visible: true,
        item_object: { label: 'Heatless Curl Set', picture_name: '/media/card-hair-towel-wrap.svg' },
      }),
    ]);
    const without = await cartOf(off, token);
    expect(gwpLines(without)).toEqual([]);
    const { items: _a, ...totals } = cart;
    const { items: _b, ...totalsWithout } = without;
    expect(totals).toEqual(totalsWithout);
  });

  it('§3: the gwp line goes when the cart stops qualifying (below the minimum), and comes back when it qualifies again', async () => {
    const token = await shopperAtCheckout(t);
    const cart = await cartOf(t, token);
    const products = cart.items.filter((i) => i.category === 'formula' && i.quantity > 0);
    const goods = products.reduce((sum, i) => sum + toCents(i.total_price), 0);
    const cheapest = products.reduce((a, b) => (toCents(a.total_price) <= toCents(b.total_price) ? a : b));
    // Exactly the cart's goods: it qualifies; a line less: it does not.
    replacePromotionBook([promotion({ variant: 'comb-gwp', category: 'haircare', minimum: { USD: goods } })]);
    expect(gwpLines(await cartOf(t, token)).map((i) => i.offered_variant_type)).toEqual(['comb-gwp']);
    const patch = (quantity: number) =>
      t.call('PATCH', '/v1/account/cart/?category=haircare', {
        token,
        body: {
          items: [
            {
              category: cheapest.category,
              type: cheapest.type,
              product: cheapest.product,
              quantity,
              subscription: { active: cheapest.subscription.active, frequency: cheapest.subscription.frequency },
            },
          ],
        },
      });
    const lowered = await patch(0);
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(gwpLines(lowered.body)).toEqual([]);
    const raised = await patch(cheapest.quantity);
    expect(gwpLines(raised.body).map((i) => i.offered_variant_type)).toEqual(['comb-gwp']);
  });

  it('§5: a shopper with both a haircare and a skincare subscription, in any state, gets no gift: GET answers [] and the cart has no gwp line; one category alone keeps it', async () => {
    const token = await shopperAtCheckout(t);
    const userId = await userIdOf(token);
    await subscribe(userId, 'haircare', 'canceled');
    expect((await gifts(t, token)).length).toBeGreaterThan(0);
    expect(gwpLines(await cartOf(t, token))).toHaveLength(1);
    await subscribe(userId, 'skincare', 'onhold');
    expect(await gifts(t, token)).toEqual([]);
    expect(gwpLines(await cartOf(t, token))).toEqual([]);
    // Another account is not affected by this one's subscriptions (each caller reads only their own).
    const { access: other } = await signUpCustomer(t);
    expect((await gifts(t, other)).length).toBeGreaterThan(0);
  });

  it('§3: the order keeps the gift as one line at 0 and charges what the cart showed; a retried request gives the same order with one gift', async () => {
    const token = await shopperAtCheckout(t);
    const cart = await cartOf(t, token);
    expect(gwpLines(cart)).toHaveLength(1);
    const body = { payment: { token: await cardToken(t, '4242424242424242') } };
    const key = `gwp-${randomBytes(6).toString('hex')}`;
    const [first, second] = await Promise.all([placeOrder(t, token, body, key), placeOrder(t, token, body, key)]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect([200, 201]).toContain(second.status);
    expect(second.body.pubkey).toBe(first.body.pubkey);
    expect(first.body).toMatchObject({ total_amount: cart.amount_due, total_price: cart.total_price });
    const again = await placeOrder(t, token, body, key);
    expect(again.body.pubkey).toBe(first.body.pubkey);
    const [order] = await db().select().from(orders).where(eq(orders.pubkey, first.body.pubkey));
    const gwp = await db()
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order!.id), eq(orderItems.category, 'gwp')));
    expect(gwp).toEqual([
      expect.objectContaining({
        type: 'gwp',
        product: 'heatless-curl-set-black-friday-set-gwp',
        label: 'Heatless Curl Set',
        quantity: 1,
        unitPrice: 0,
        totalPrice: 0,
      }),
    ]);
    const [{ n }] = (await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.userId, order!.userId), eq(orderItems.category, 'gwp')))) as [{ n: number }];
    expect(n).toBe(1);
    // The invariant holds with the gift in: charged = lines − discounts + shipping + taxes.
    expect(order!.totalAmount).toBe(order!.totalPrice - order!.totalDiscount + order!.totalShipping + order!.totalTaxes);
    expect(first.body.items.find((i: { variant: { type: string } }) => i.variant.type === 'gwp')).toMatchObject({ total_price: 0, quantity: 1 });
  });

  it('§4: ship now orders the subscription’s box without a gift with purchase, whatever runs (promotions are for carts)', async () => {
    const { access: token, email } = await signUpCustomer(t);
    void token;
    const [user] = await db().select().from(users).where(eq(users.email, email));
    await db()
      .insert(hairProfiles)
      .values({ userId: user!.id, answers: personas.find((p) => p.name === 'Rosa')!.answers })
      .onConflictDoNothing();
    await insertSavedMethod(db(), user!.id);
    const paidAt = new Date('2026-11-20T10:00:00Z');
    await paidSubscriptionOrder(db(), user!.id, { lines: ['shampoo', 'conditioner'], subscribed: { shampoo: 4, conditioner: 8 }, paidAt });
    await adoptPaidOrders(db(), { now: paidAt, publicUrl: PUBLIC_URL });
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user!.id));
    replacePromotionBook([promotion({ variant: 'evergreen' })]);
    const payments = createTestProvider({ db: db(), secret: TEST_SECRET, clock, actionUrl: (id) => id });
    const services = { ...shopServices({ db: db(), clock, mailer: outboxOnlyMailer, flows, payments }) };
    services.config = { ...services.config, flags: FLAG_ON };
    const shipped = await shipNow(services, user!.id, row!.pubkey, undefined);
    const [order] = await db().select().from(orders).where(eq(orders.pubkey, shipped.pubkey));
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.category === 'gwp')).toEqual([]);
  });
});
