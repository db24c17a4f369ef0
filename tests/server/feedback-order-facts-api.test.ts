import { beforeAll, expect, it } from 'vitest';
import { order as orderSchema, orderList } from '#api';
import { hairProfiles } from '../../server/db/schema';
import { describeEachDatabase } from './support/databases';
import { feedbackShopper, feedbackTestFlows, orderFor, strangers } from './support/feedback-orders';
import { createTestApp, testClock, type TestApp } from './support/test-app';

const clock = testClock(new Date('2026-09-10T08:00:00Z'));

describeEachDatabase('the feedback facts the server sends with an order (spec 002 §3.1, §3.6, §5.1-5.3; GET /v2/orders/{id}/ feedback_facts)', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db, { flows: feedbackTestFlows(), clock });
  });

  it('spec 002 §5.1, §9.1, §3.6: the haircare facts, the anti-brass days by the shop’s clock, the survey over the profile’s answers, sold out from the profile', async () => {
    const { token, userId } = await feedbackShopper(t);
    await t.db
      .insert(hairProfiles)
      .values({ userId, answers: { diag_hair_texture: 'type_3a', diag_hair_length: 'short', pref_fragrance: 'ARCADIA' }, isFragranceSoldout: true });
    const survey = { profile_country: 'US', pref_fragrance: 'ARCADIA', diag_hair_length: 'long', diag_sensitivity_level: '2' };
    const pubkey = await orderFor(t.db, userId, ['shampoo', 'conditioner'], { survey, createdAt: new Date('2026-08-15T10:00:00Z') });
    const answered = await t.call('GET', `/v2/orders/${pubkey}/`, { token });
    expect(answered.status).toBe(200);
    const facts = orderSchema.parse(answered.body).feedback_facts;
    expect(facts?.flows).toEqual({ haircare: 'feedback-haircare' });
    // The conditioner (purple_v2) was made 25 days and 22 hours before the shop's clock: 25 whole days.
    expect(facts?.order).toMatchObject({
      has_shampoo: true,
      has_conditioner: true,
      has_hair_oil: false,
      antibrass_conditioner_days: 25,
      antibrass_ingredient: 'purple_v2',
      fragrance: 'arcadia',
      fragrance_sold_out: true,
    });
    // The order's survey wins over the profile (long, not short); what the survey lacks comes from the profile; numbers as numbers.
    expect(facts?.context).toMatchObject({
      'consultation.diag_hair_length': 'long',
      'consultation.diag_hair_texture': 'type_3a',
      'consultation.diag_sensitivity_level': 2,
    });
    expect(facts?.products.haircare).toEqual({ name: 'haircare', fragrance: 'arcadia' });
    expect(facts?.fragrance_names).toEqual({ arcadia: 'Arcadia' });
    expect(facts?.text.date).toBe('August 15, 2026');
  });

  it('spec 002 §5.2, §3.1: the Starter Set’s flow for minis, and the supplement’s months from the shopper’s paid orders', async () => {
    const { token, userId } = await feedbackShopper(t);
    const starter = await orderFor(t.db, userId, ['cleanser_mini', 'serum_mini']);
    expect(orderSchema.parse((await t.call('GET', `/v2/orders/${starter}/`, { token })).body).feedback_facts?.flows).toEqual({
      skincare: 'feedback-skincare-starter',
    });
    await orderFor(t.db, userId, ['supplement_core'], { createdAt: new Date('2026-06-01T10:00:00Z') });
    await orderFor(t.db, userId, ['supplement_core'], { status: 'payment_failed', createdAt: new Date('2026-07-01T10:00:00Z') });
    const third = await orderFor(t.db, userId, ['supplement_core', 'cleanser'], { createdAt: new Date('2026-08-01T10:00:00Z') });
    const facts = orderSchema.parse((await t.call('GET', `/v2/orders/${third}/`, { token })).body).feedback_facts;
    expect(facts?.flows).toEqual({ skincare: 'feedback-skincare', supplements: 'feedback-supplements' });
    expect(facts?.order).toMatchObject({ supplement_months: 2, has_multiple_supplement_orders: true });
    expect(facts?.text.product).toBe('Custom supplement_core');
  });

  it('API.md Feedback: only a paid order of the caller’s own carries facts; another account and a guest get 404; the list carries none', async () => {
    const { token, userId } = await feedbackShopper(t);
    const waiting = await orderFor(t.db, userId, ['shampoo'], { status: 'pending_payment' });
    const waitingView = orderSchema.parse((await t.call('GET', `/v2/orders/${waiting}/`, { token })).body);
    expect(waitingView.feedback_facts).toBeUndefined();
    const paid = await orderFor(t.db, userId, ['shampoo']);
    const { other, guest } = await strangers(t);
    for (const stranger of [other, guest]) {
      const refused = await t.call('GET', `/v2/orders/${paid}/`, { token: stranger });
      expect(refused).toMatchObject({ status: 404, body: { code: 'not_found' } });
      expect(JSON.stringify(refused.body)).not.toContain('has_shampoo');
    }
    const list = orderList.parse((await t.call('GET', '/v2/orders/', { token })).body);
    expect(list.results.some((o) => o.pubkey === paid)).toBe(true);
    expect(list.results.every((o) => o.feedback_facts === undefined)).toBe(true);
  });
});
