import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user as userSchema } from '#api';
import { hairProfiles, subscriptions, users } from '../../server/db/schema';
import { subscriptionFlags, type ShopperContext, type SubscriptionFact } from '../../server/subscriptions/profile-flags';
import { describeEachDatabase } from './support/databases';
import { insertOrder, US_ADDRESS } from './support/fulfilment-orders';
import { createTestApp, signUpCustomer, startGuest, type TestApp } from './support/test-app';

const shopper = (over: Partial<ShopperContext> = {}): ShopperContext => ({
  isGuest: false,
  orderCount: 0,
  consultationDone: { haircare: false, skincare: false, supplements: false },
  ...over,
});
const sub = (
  status: SubscriptionFact['status'],
  category: SubscriptionFact['category'] = 'haircare',
  sub_category: SubscriptionFact['sub_category'] = 'topicals',
) => ({
  status,
  category,
  sub_category,
});
const flags = (subscriptions: SubscriptionFact[], context = shopper(), paid: ('haircare' | 'skincare' | 'supplements')[] = []) =>
  subscriptionFlags({ subscriptions, paid_categories: paid }, context);

describe('the profile’s subscription flags, derived (spec 001 §3 User profile, §4)', () => {
  it('spec 001 §4 Subscriptions "has_active_subscription is set from status = active": an active one sets it, on hold or canceled alone do not', () => {
    expect(flags([sub('active')]).has_active_subscription).toBe(true);
    expect(flags([sub('onhold')]).has_active_subscription).toBe(false);
    expect(flags([sub('canceled')]).has_active_subscription).toBe(false);
    expect(flags([]).has_active_subscription).toBe(false);
  });

  it('spec 001 §3 "Category rules": haircare and skincare mean their topicals; supplements (haircare’s sub-category) count apart', () => {
    const supplementsOnly = flags([sub('active', 'haircare', 'supplements')]);
    expect(supplementsOnly).toMatchObject({
      has_active_subscription: true,
      has_active_supplements_subscription: true,
      has_active_haircare_subscription: false,
      has_haircare_subscription_in_any_state: false,
    });
    const both = flags([sub('canceled', 'haircare'), sub('active', 'skincare')]);
    expect(both).toMatchObject({
      has_active_haircare_subscription: false,
      has_haircare_subscription_in_any_state: true,
      has_active_skincare_subscription: true,
      has_skincare_subscription_in_any_state: true,
      has_active_supplements_subscription: false,
    });
  });

  it('spec 001 §3: has_onhold_subscription and has_canceled_subscription, each from any subscription in that state', () => {
    expect(flags([sub('onhold', 'skincare')])).toMatchObject({ has_onhold_subscription: true, has_canceled_subscription: false });
    expect(flags([sub('canceled', 'haircare', 'supplements')])).toMatchObject({ has_onhold_subscription: false, has_canceled_subscription: true });
  });

  it('spec 001 §4 Account "Customer segment per category": prospect by default, subscriber with an active one, churnedSubscriber with one in any state but none active, nonSubscriber with paid orders and no subscription', () => {
    expect(flags([]).customer_segment).toEqual({ haircare: 'prospect', skincare: 'prospect', supplements: 'prospect' });
    expect(flags([sub('active'), sub('canceled', 'skincare')], shopper(), ['supplements']).customer_segment).toEqual({
      haircare: 'subscriber',
      skincare: 'churnedSubscriber',
      supplements: 'nonSubscriber',
    });
    // On hold alone is "in any state but none active": churned, as the spec words it.
    expect(flags([sub('onhold')], shopper(), ['haircare']).customer_segment.haircare).toBe('churnedSubscriber');
    // An active one again, after a canceled one: subscriber.
    expect(flags([sub('canceled'), sub('active')]).customer_segment.haircare).toBe('subscriber');
  });

  it('spec 001 §4 Account, §6: user_type is customer when order_count > 0, else account_holder', () => {
    expect(flags([], shopper({ orderCount: 1 })).user_type).toBe('customer');
    expect(flags([], shopper({ orderCount: 0 })).user_type).toBe('account_holder');
  });

  it('spec 001 §4 Account: subscriber_status is subscribed with an active or on-hold subscription, was_subscribed if cancelled, else never_subscribed', () => {
    expect(flags([sub('active')]).subscriber_status).toBe('subscribed');
    expect(flags([sub('onhold')]).subscriber_status).toBe('subscribed');
    expect(flags([sub('canceled'), sub('onhold', 'skincare')]).subscriber_status).toBe('subscribed');
    expect(flags([sub('canceled')]).subscriber_status).toBe('was_subscribed');
    expect(flags([]).subscriber_status).toBe('never_subscribed');
  });

  it('spec 001 §6 "Profile flags gate features: can_subscribe" (our rule): a signed-in shopper with a completed consultation of a category they hold no current subscription of', () => {
    const haircareDone = shopper({ consultationDone: { haircare: true, skincare: false, supplements: false } });
    expect(flags([], haircareDone).can_subscribe).toBe(true);
    expect(flags([sub('active')], haircareDone).can_subscribe).toBe(false);
    expect(flags([sub('onhold')], haircareDone).can_subscribe).toBe(false);
    // A canceled one is no current subscription: they may subscribe (or resubscribe) again.
    expect(flags([sub('canceled')], haircareDone).can_subscribe).toBe(true);
    expect(flags([], shopper()).can_subscribe).toBe(false);
    expect(flags([], { ...haircareDone, isGuest: true }).can_subscribe).toBe(false);
    const supplementsDone = shopper({ consultationDone: { haircare: true, skincare: false, supplements: true } });
    expect(flags([sub('active')], supplementsDone).can_subscribe).toBe(true);
  });
});

describeEachDatabase('GET /v1/account/ serves the subscription flags from the data (spec 001 §3 User profile, §4 Account)', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db);
  });
  const db = () => database().db;

  async function customer() {
    const { access, email } = await signUpCustomer(t);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    return { token: access, id: row!.id };
  }
  async function insertSubscription(
    userId: number,
    status: SubscriptionFact['status'],
    category: SubscriptionFact['category'],
    subCategory: SubscriptionFact['sub_category'],
  ) {
    await db()
      .insert(subscriptions)
      .values({
        pubkey: `sub_${randomBytes(8).toString('hex')}`,
        userId,
        category,
        subCategory,
        status,
        shippingAddress: US_ADDRESS,
        discountPercentage: 15,
        currency: 'USD',
        ...(status === 'canceled' ? { canceledAt: new Date() } : {}),
        ...(status === 'onhold' ? { statusReason: 'payment_error' as const } : {}),
      });
  }
  const profileOf = async (token: string) => {
    const response = await t.call('GET', '/v1/account/', { token });
    expect(response.status).toBe(200);
    return userSchema.parse(response.body).profile;
  };

  it('a new account holder: no subscription, prospect everywhere, never subscribed, cannot subscribe before a consultation', async () => {
    const c = await customer();
    expect(await profileOf(c.token)).toMatchObject({
      has_active_subscription: false,
      has_haircare_subscription_in_any_state: false,
      has_onhold_subscription: false,
      has_canceled_subscription: false,
      can_subscribe: false,
      customer_segment: { haircare: 'prospect', skincare: 'prospect', supplements: 'prospect' },
      user_type: 'account_holder',
      subscriber_status: 'never_subscribed',
    });
  });

  it('spec 001 §4 Account: the flags follow the subscriptions and paid orders as they are, and each read sees a change at once (nothing stored twice)', async () => {
    const c = await customer();
    await db()
      .insert(hairProfiles)
      .values({ userId: c.id, answers: {}, consultationStatuses: { haircare: 'completed' } });
    await insertOrder(db(), c.id, { lines: ['shampoo', 'supplements'] });
    await insertSubscription(c.id, 'canceled', 'haircare', 'topicals');
    await insertSubscription(c.id, 'onhold', 'skincare', 'topicals');
    expect(await profileOf(c.token)).toMatchObject({
      has_active_subscription: false,
      has_active_haircare_subscription: false,
      has_haircare_subscription_in_any_state: true,
      has_active_skincare_subscription: false,
      has_skincare_subscription_in_any_state: true,
      has_active_supplements_subscription: false,
      has_onhold_subscription: true,
      has_canceled_subscription: true,
      can_subscribe: true,
      customer_segment: { haircare: 'churnedSubscriber', skincare: 'churnedSubscriber', supplements: 'nonSubscriber' },
      user_type: 'customer',
      subscriber_status: 'subscribed',
      order_count: 1,
    });

    await insertSubscription(c.id, 'active', 'haircare', 'topicals');
    await db()
      .update(subscriptions)
      .set({ status: 'canceled', statusReason: null, canceledAt: new Date() })
      .where(and(eq(subscriptions.userId, c.id), eq(subscriptions.category, 'skincare')));
    expect(await profileOf(c.token)).toMatchObject({
      has_active_subscription: true,
      has_active_haircare_subscription: true,
      has_onhold_subscription: false,
      can_subscribe: false,
      customer_segment: { haircare: 'subscriber', skincare: 'churnedSubscriber', supplements: 'nonSubscriber' },
      subscriber_status: 'subscribed',
    });
  });

  it('a guest: an account without subscriptions, and can_subscribe false', async () => {
    const guest = await startGuest(t);
    expect(await profileOf(guest.access)).toMatchObject({ has_active_subscription: false, can_subscribe: false, subscriber_status: 'never_subscribed' });
  });
});
