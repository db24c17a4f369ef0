import { and, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { order as orderSchema } from '#api';
import { feedbackEvents, orderFeedback, orders } from '../../server/db/schema';
import { capturedLog, type CapturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { feedbackShopper, feedbackTestFlows, orderFor, strangers } from './support/feedback-orders';
import { createTestApp, testClock, type TestApp } from './support/test-app';

const clock = testClock(new Date('2026-08-03T09:30:00Z'));

describeEachDatabase('feedback saves (spec 002 §3.2, §4.2-4.4, §5.4, §7, §8; API.md Feedback)', (database) => {
  let t: TestApp;
  let log: CapturedLog;
  const patch = (token: string | null, pubkey: string, body: unknown, call = 'feedback') => t.call('PATCH', `/v2/orders/${pubkey}/${call}/`, { token, body });
  const recordOf = async (pubkey: string, category = 'haircare') => {
    const [row] = await t.db
      .select({ record: orderFeedback })
      .from(orderFeedback)
      .innerJoin(orders, eq(orders.id, orderFeedback.orderId))
      .where(and(eq(orders.pubkey, pubkey), eq(orderFeedback.category, category as 'haircare')));
    return row?.record;
  };
  const counts = async () => ({
    records: (await t.db.select({ n: count() }).from(orderFeedback))[0]!.n,
    events: (await t.db.select({ n: count() }).from(feedbackEvents))[0]!.n,
  });

  beforeAll(async () => {
    log = capturedLog();
    t = createTestApp(database().db, { flows: feedbackTestFlows(), clock, config: { logger: log.logger } });
  });

  it('spec 002 §4.3, §7: the first save makes the record with its origin; GET /v2/orders/{id}/ carries it, the other categories null', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo', 'cleanser']);
    const saved = await patch(token, pubkey, { origin: 'account' });
    expect(saved).toMatchObject({ status: 200, body: { status: 'started', origin: 'account', answers: {} } });
    const order = orderSchema.parse((await t.call('GET', `/v2/orders/${pubkey}/`, { token })).body);
    expect(order.feedback).toEqual({ status: 'started', origin: 'account', answers: {} });
    expect([order.skincare_feedback, order.supplements_feedback]).toEqual([null, null]);
    // The list shows the same.
    const listed = (await t.call('GET', '/v2/orders/', { token })).body.results.find((o: { pubkey: string }) => o.pubkey === pubkey);
    expect(listed.feedback).toEqual(order.feedback);
  });

  it('spec 002 §4.3: the origin is recorded once, when the record is made; a later origin changes nothing', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo']);
    await patch(token, pubkey, { origin: 'email' });
    const later = await patch(token, pubkey, { origin: 'account', overall_experience: 4 });
    expect(later.body).toEqual({ status: 'started', origin: 'email', answers: { overall_experience: 4 } });
  });

  it('spec 002 §4.3, §8: a first save with a null or missing origin is logged as invalid (no token in the line) and goes on', async () => {
    const { token, userId } = await feedbackShopper(t);
    const withNull = await orderFor(t.db, userId, ['shampoo']);
    const without = await orderFor(t.db, userId, ['cleanser']);
    const before = log.lines().filter((l) => l.event === 'feedback_origin_invalid').length;
    expect(await patch(token, withNull, { origin: null })).toMatchObject({ status: 200, body: { status: 'started', origin: null } });
    expect(await patch(token, without, { skin_satisfaction: 5 }, 'skincare_feedback')).toMatchObject({
      status: 200,
      body: { origin: null, answers: { skin_satisfaction: 5 } },
    });
    const lines = log.lines().filter((l) => l.event === 'feedback_origin_invalid');
    expect(lines.slice(before).map((l) => [l.level, l.category, l.msg])).toEqual([
      [40, 'haircare', 'Feedback started without an origin (null): invalid'],
      [40, 'skincare', 'Feedback started without an origin (null): invalid'],
    ]);
    expect(log.text()).not.toContain(token);
    // Only the first save is about the origin: a later save without one logs nothing more.
    await patch(token, withNull, { overall_experience: 3 });
    expect(log.lines().filter((l) => l.event === 'feedback_origin_invalid')).toHaveLength(lines.length);
  });

  it('spec 002 §3.2, §4.4: answers add up save after save; null clears a field; a rating of 0 clears that product’s follow-ups', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo']);
    await patch(token, pubkey, { origin: 'order', overall_experience: 5, scalp_sensitivity: 'some' });
    await patch(token, pubkey, { product_shampoo_satisfaction: 4, product_shampoo_impact: 'uncleansed_greasy' });
    expect((await recordOf(pubkey))!.answers).toEqual({
      overall_experience: 5,
      scalp_sensitivity: 'some',
      product_shampoo_satisfaction: 4,
      product_shampoo_impact: 'uncleansed_greasy',
    });
    expect((await patch(token, pubkey, { scalp_sensitivity: null })).body.answers.scalp_sensitivity).toBeNull();
    // "I haven't used it enough": the shampoo's impact is cleared in the same save, even when the client forgets it.
    const skipped = await patch(token, pubkey, { product_shampoo_satisfaction: 0 });
    expect(skipped.body.answers).toMatchObject({ product_shampoo_satisfaction: 0, product_shampoo_impact: null });
  });

  it('spec 002 §5.4, §9.7: a new fragrance of "NONE" is saved as frag_free: frag_free is accepted, "NONE" is not', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo']);
    expect((await patch(token, pubkey, { new_fragrance: true, fragrance_new_choice: 'frag_free' })).status).toBe(200);
    const none = await patch(token, pubkey, { fragrance_new_choice: 'NONE' });
    expect(none).toMatchObject({ status: 400, body: { code: 'invalid_answers', fields: { fragrance_new_choice: [expect.stringContaining('"NONE"')] } } });
    expect((await recordOf(pubkey))!.answers.fragrance_new_choice).toBe('frag_free');
  });

  it('spec 002 §4.2: status "completed" completes it at the shop’s clock; API.md: a completed feedback is final (409, nothing changes)', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo']);
    await patch(token, pubkey, { origin: 'account', overall_experience: 4 });
    const done = await patch(token, pubkey, { product_shampoo_satisfaction: 5, status: 'completed' });
    expect(done.body).toEqual({ status: 'completed', origin: 'account', answers: { overall_experience: 4, product_shampoo_satisfaction: 5 } });
    const record = (await recordOf(pubkey))!;
    expect(record.completedAt?.toISOString()).toBe(clock.now().toISOString());
    const before = await counts();
    for (const body of [{ overall_experience: 1 }, { status: 'completed' }, {}, { origin: 'email' }, { overall_experience: null }]) {
      expect(await patch(token, pubkey, body), JSON.stringify(body)).toMatchObject({ status: 409, body: { code: 'feedback_completed' } });
    }
    expect(await recordOf(pubkey)).toEqual(record);
    expect(await counts()).toEqual(before);
  });

  it('spec 002 §2.1 (public_review after results): the review’s texts may still be written once after completion, nothing else', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo']);
    await patch(token, pubkey, { origin: 'account', overall_experience: 4, status: 'completed' });
    const review = await patch(token, pubkey, { open_text_public: 'My hair has never been softer.', open_text_internal: 'The cap leaks.' });
    expect(review).toMatchObject({ status: 200, body: { status: 'completed', answers: { open_text_public: 'My hair has never been softer.' } } });
    // Written once: again, or mixed with another answer, is 409.
    expect((await patch(token, pubkey, { open_text_public: 'Changed my mind.' })).status).toBe(409);
    expect((await patch(token, pubkey, { overall_experience: 2 })).status).toBe(409);
    expect((await recordOf(pubkey))!.answers).toMatchObject({ open_text_public: 'My hair has never been softer.', overall_experience: 4 });
  });

  it('spec 002 §3.2: a completed feedback can be started from the answers too (the record made and completed in one save)', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['supplement_core']);
    const saved = await patch(
      token,
      pubkey,
      { origin: 'email', product_supplements_usage_duration: 'two_months', status: 'completed' },
      'supplements_feedback',
    );
    expect(saved.body).toEqual({ status: 'completed', origin: 'email', answers: { product_supplements_usage_duration: 'two_months' } });
  });

  it('API.md: a bad body is 400 with {code, detail, fields} and saves nothing (no record, no event)', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo']);
    const before = await counts();
    const bad: [unknown, string, string][] = [
      [['overall_experience', 4], 'validation_error', 'non_field_errors'],
      ['overall_experience', 'validation_error', 'non_field_errors'],
      [{ overall_experience: 4, bogus_field: 'yes' }, 'invalid_answers', 'bogus_field'],
      [{ overall_experience: 9 }, 'invalid_answers', 'overall_experience'],
      [{ overall_experience: '4' }, 'invalid_answers', 'overall_experience'],
      [{ scalp_sensitivity: 'maybe', open_text_public: 'ok' }, 'invalid_answers', 'scalp_sensitivity'],
      [{ open_text_public: 12 }, 'invalid_answers', 'open_text_public'],
      [{ open_text_public: 'x'.repeat(2001) }, 'validation_error', 'open_text_public'],
      [{ product_shampoo_impact: ['clean'] }, 'validation_error', 'product_shampoo_impact'],
      [{ status: 'started' }, 'validation_error', 'status'],
      [{ origin: '' }, 'validation_error', 'origin'],
      // A skincare answer is no haircare answer.
      [{ skin_satisfaction: 4 }, 'invalid_answers', 'skin_satisfaction'],
    ];
    for (const [body, code, field] of bad) {
      const response = await patch(token, pubkey, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toMatchObject({ code, detail: expect.any(String), fields: { [field]: expect.any(Array) } });
    }
    expect(await counts()).toEqual(before);
    expect(await recordOf(pubkey)).toBeUndefined();
  });

  it('API.md, issue 26 Security: another account and a guest get 404 on every feedback save, and nothing is saved', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo', 'cleanser', 'supplement_core']);
    const { other, guest } = await strangers(t);
    const before = await counts();
    for (const call of ['feedback', 'skincare_feedback', 'supplements_feedback']) {
      for (const stranger of [other, guest]) {
        expect(await patch(stranger, pubkey, { origin: 'account' }, call), call).toMatchObject({ status: 404, body: { code: 'not_found' } });
      }
      expect((await patch(null, pubkey, { origin: 'account' }, call)).status).toBe(401);
      expect((await patch(token, 'ord_unknown', { origin: 'account' }, call)).status).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });

  it('API.md: only a paid (or later) order takes feedback: waiting for payment, refused and canceled are 404; shipped and delivered take it', async () => {
    const { token, userId } = await feedbackShopper(t);
    for (const status of ['pending_payment', 'payment_failed', 'canceled'] as const) {
      const pubkey = await orderFor(t.db, userId, ['shampoo'], { status });
      expect(await patch(token, pubkey, { origin: 'account' }), status).toMatchObject({ status: 404, body: { code: 'not_found' } });
    }
    for (const status of ['onhold', 'processed', 'packing', 'shipped', 'delivered'] as const) {
      const pubkey = await orderFor(t.db, userId, ['shampoo'], { status });
      expect((await patch(token, pubkey, { origin: 'account' })).status, status).toBe(200);
    }
  });

  it('spec 002 §1, §3.1: each call takes only a category the order holds (haircare, skincare, a supplement); else 404', async () => {
    const { token, userId } = await feedbackShopper(t);
    const haircare = await orderFor(t.db, userId, ['shampoo', 'brush_boar']);
    const supplements = await orderFor(t.db, userId, ['supplement_core']);
    const skincare = await orderFor(t.db, userId, ['serum']);
    const accessories = await orderFor(t.db, userId, ['brush_boar']);
    const expected: [string, string, number][] = [
      [haircare, 'feedback', 200],
      [haircare, 'skincare_feedback', 404],
      [haircare, 'supplements_feedback', 404],
      // Supplements are reviewed on their own: an order of supplements alone holds no haircare to review.
      [supplements, 'supplements_feedback', 200],
      [supplements, 'feedback', 404],
      [skincare, 'skincare_feedback', 200],
      [skincare, 'feedback', 404],
      [accessories, 'feedback', 404],
    ];
    for (const [pubkey, call, status] of expected) expect((await patch(token, pubkey, { origin: 'account' }, call)).status, `${call}`).toBe(status);
  });

  it('spec 002 §4.3: two first saves at once make one record, with one of their origins', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo']);
    const [a, b] = await Promise.all([patch(token, pubkey, { origin: 'account' }), patch(token, pubkey, { origin: 'email', overall_experience: 3 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [row] = await t.db
      .select({ n: count() })
      .from(orderFeedback)
      .innerJoin(orders, eq(orders.id, orderFeedback.orderId))
      .where(eq(orders.pubkey, pubkey));
    expect(row!.n).toBe(1);
    const record = (await recordOf(pubkey))!;
    expect(['account', 'email']).toContain(record.origin);
    expect(record.answers).toEqual({ overall_experience: 3 });
  });
});
