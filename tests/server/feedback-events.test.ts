import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { feedbackEvents, orders } from '../../server/db/schema';
import { describeEachDatabase } from './support/databases';
import { feedbackShopper, feedbackTestFlows, orderFor } from './support/feedback-orders';
import { createTestApp, type TestApp } from './support/test-app';

describeEachDatabase('feedback analytics events (spec 002 §3.9; issue 26 item 6)', (database) => {
  let t: TestApp;
  const eventsOf = async (pubkey: string) =>
    (
      await t.db
        .select({ event: feedbackEvents })
        .from(feedbackEvents)
        .innerJoin(orders, eq(orders.id, feedbackEvents.orderId))
        .where(eq(orders.pubkey, pubkey))
        .orderBy(asc(feedbackEvents.id))
    ).map(({ event }) => [event.feedbackName, event.topic, event.field, event.questionNum, event.answer]);

  beforeAll(() => {
    t = createTestApp(database().db, { flows: feedbackTestFlows() });
  });

  it('spec 002 §3.9: one event per answer saved: feedback_name (the flow), topic (the question), its number in the flow, the answer', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo']);
    await t.call('PATCH', `/v2/orders/${pubkey}/feedback/`, { token, body: { origin: 'account' } });
    await t.call('PATCH', `/v2/orders/${pubkey}/feedback/`, { token, body: { overall_experience: 4, product_shampoo_impact: 'clean' } });
    // A fragrance page writes two fields: two events of the same question.
    await t.call('PATCH', `/v2/orders/${pubkey}/feedback/`, {
      token,
      body: { fragrance_satisfaction: 3, fragrance_intensity: 'too_strong', new_fragrance: true },
    });
    expect(await eventsOf(pubkey)).toEqual([
      ['feedback-haircare', 'overall_experience', 'overall_experience', 2, '4'],
      ['feedback-haircare', 'product_shampoo_impact', 'product_shampoo_impact', 23, 'clean'],
      ['feedback-haircare', 'fragrance_satisfaction_intensity', 'fragrance_satisfaction', 50, '3'],
      ['feedback-haircare', 'fragrance_satisfaction_intensity', 'fragrance_intensity', 50, 'too_strong'],
      ['feedback-haircare', 'new_fragrance', 'new_fragrance', 51, 'true'],
    ]);
  });

  it('spec 002 §3.9: never the free text: a review is recorded as "(text)"; a cleared answer is no answer and makes no event', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo']);
    const words = 'Call me at 555-0100, my scalp <b>itches</b>';
    await t.call('PATCH', `/v2/orders/${pubkey}/feedback/`, {
      token,
      body: { origin: 'email', product_shampoo_satisfaction: 0, open_text_internal: words, open_text_public: 'Great' },
    });
    // The 0 cleared product_shampoo_impact: saved as null, with no event.
    expect(await eventsOf(pubkey)).toEqual([
      ['feedback-haircare', 'product_shampoo_satisfaction', 'product_shampoo_satisfaction', 22, '0'],
      ['feedback-haircare', 'public_review', 'open_text_internal', 55, '(text)'],
      ['feedback-haircare', 'public_review', 'open_text_public', 55, '(text)'],
    ]);
    const all = JSON.stringify(await t.db.select().from(feedbackEvents));
    expect(all).not.toContain('555-0100');
    expect(all).not.toContain('Great');
  });

  it('spec 002 §2.3, §3.9: a Starter Set order’s skincare events name the Starter Set flow and its question numbers', async () => {
    const { token, userId } = await feedbackShopper(t);
    const starter = await orderFor(t.db, userId, ['cleanser_mini', 'serum_mini']);
    const fullSize = await orderFor(t.db, userId, ['cleanser', 'serum']);
    for (const pubkey of [starter, fullSize]) {
      await t.call('PATCH', `/v2/orders/${pubkey}/skincare_feedback/`, { token, body: { origin: 'account', skin_satisfaction: 5 } });
    }
    expect(await eventsOf(starter)).toEqual([['feedback-skincare-starter', 'skin-satisfaction', 'skin_satisfaction', 4, '5']]);
    expect(await eventsOf(fullSize)).toEqual([['feedback-skincare', 'skin-satisfaction', 'skin_satisfaction', 4, '5']]);
  });

  it('spec 002 §3.9: a refused save (400) and a save on a completed feedback (409) record no event', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['supplement_core']);
    const url = `/v2/orders/${pubkey}/supplements_feedback/`;
    expect((await t.call('PATCH', url, { token, body: { product_supplements_usage_duration: 'forever' } })).status).toBe(400);
    expect(await eventsOf(pubkey)).toEqual([]);
    await t.call('PATCH', url, { token, body: { origin: 'account', product_supplements_usage_duration: 'two_months', status: 'completed' } });
    expect((await t.call('PATCH', url, { token, body: { product_supplements_usage_frequency: 'daily' } })).status).toBe(409);
    expect(await eventsOf(pubkey)).toEqual([
      ['feedback-supplements', 'product_supplements_usage_duration', 'product_supplements_usage_duration', 2, 'two_months'],
    ]);
  });
});
