import { beforeAll, expect, it } from 'vitest';
import { consultationSurvey, endOfTheRoadMessage, order as orderSchema, user as userSchema } from '#api';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { latestCompletedFeedback, latestCompletedFeedbacks } from '../../server/feedback/read-feedback';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { cardToken, placeOrder, shopperAtCheckout } from './support/checkout-shopper';
import { describeEachDatabase } from './support/databases';
import { feedbackShopper, feedbackTestFlows, orderFor, strangers } from './support/feedback-orders';
import { createTestApp, testClock, type TestApp } from './support/test-app';

const clock = testClock(new Date('2026-09-10T08:00:00Z'));

describeEachDatabase(
  'what feedback reads: the survey, the end of the road, the profile flags, the order (spec 002 §3.1, §3.7, §3.10, §4.3, §4.5)',
  (database) => {
    let t: TestApp;
    const patch = (token: string, pubkey: string, body: unknown, call = 'feedback') => t.call('PATCH', `/v2/orders/${pubkey}/${call}/`, { token, body });

    beforeAll(() => {
      t = createTestApp(database().db, { flows: feedbackTestFlows(), clock });
    });

    it('spec 002 §4.3 (survey "not shown"; ours): GET /v1/surveys/{id} answers the consultation answers the order kept, for its owner', async () => {
      const { token, userId } = await feedbackShopper(t);
      const survey = { profile_country: 'US', pref_fragrance: 'ARCADIA', diag_hair_length: 'long', diag_sensitivity_level: 2 };
      const pubkey = await orderFor(t.db, userId, ['cleanser', 'supplement_core'], { survey, createdAt: new Date('2026-06-01T10:00:00Z') });
      const answered = await t.call('GET', `/v1/surveys/${pubkey}`, { token });
      expect(answered.status).toBe(200);
      expect(consultationSurvey.parse(answered.body)).toEqual({ id: pubkey, category: 'skincare', answers: survey, created_at: '2026-06-01T10:00:00.000Z' });
      expect((await t.call('GET', `/v1/surveys/${pubkey}?category=supplements`, { token })).body.category).toBe('supplements');
      // A category the order does not hold, an unknown one, another account, a guest: 404 or 400, never the answers.
      expect((await t.call('GET', `/v1/surveys/${pubkey}?category=haircare`, { token })).status).toBe(404);
      expect((await t.call('GET', `/v1/surveys/${pubkey}?category=nails`, { token })).status).toBe(400);
      const { other, guest } = await strangers(t);
      for (const stranger of [other, guest]) {
        const refused = await t.call('GET', `/v1/surveys/${pubkey}`, { token: stranger });
        expect(refused).toMatchObject({ status: 404, body: { code: 'not_found' } });
        expect(JSON.stringify(refused.body)).not.toContain('ARCADIA');
      }
    });

    it('spec 002 §3.10, §4.5 (trigger "not shown"; ours): a shopper who stopped their supplements is offered a pause and a talk', async () => {
      const { token, userId } = await feedbackShopper(t);
      const pubkey = await orderFor(t.db, userId, ['supplement_core']);
      const road = `/v1/supplements_feedback/${pubkey}/end_of_road`;
      // No feedback yet, then answers that call for nothing: 404.
      expect((await t.call('GET', road, { token })).status).toBe(404);
      await patch(
        token,
        pubkey,
        { origin: 'account', product_supplements_usage_duration: 'three_months', product_supplements_usage_frequency: 'daily' },
        'supplements_feedback',
      );
      expect(await t.call('GET', road, { token })).toMatchObject({ status: 404, body: { code: 'not_found' } });
      await patch(token, pubkey, { product_supplements_usage_frequency: 'stopped_use' }, 'supplements_feedback');
      const message = endOfTheRoadMessage.parse((await t.call('GET', road, { token })).body);
      expect(message.title).toBe('Taking a break from your supplements?');
      expect(message.body).toMatch(/pause/);
      expect(message.action).toEqual({ label: 'Talk to a hair expert', url: '/help' });
    });

    it('spec 002 §3.10 (ours): six months or more without any improvement yet: a plain message, a pause and a talk; any improvement: none', async () => {
      const { token, userId } = await feedbackShopper(t);
      const pubkey = await orderFor(t.db, userId, ['supplement_core', 'shampoo']);
      const road = `/v1/supplements_feedback/${pubkey}/end_of_road`;
      await patch(
        token,
        pubkey,
        { origin: 'email', product_supplements_usage_duration: 'ge_six_months', product_supplements_overall_improvement: 'yes_lots' },
        'supplements_feedback',
      );
      expect((await t.call('GET', road, { token })).status).toBe(404);
      await patch(token, pubkey, { product_supplements_overall_improvement: 'not_yet' }, 'supplements_feedback');
      expect((await t.call('GET', road, { token })).body).toMatchObject({ title: 'Six months in, and not the change you hoped for', action: { url: '/help' } });
      // Only the owner, and only an order with supplements.
      const { other, guest } = await strangers(t);
      for (const stranger of [other, guest]) expect((await t.call('GET', road, { token: stranger })).status).toBe(404);
      const noSupplements = await orderFor(t.db, userId, ['shampoo']);
      expect((await t.call('GET', `/v1/supplements_feedback/${noSupplements}/end_of_road`, { token })).status).toBe(404);
    });

    it('spec 002 §3.7 (effect "not shown"; ours): can_see_feedback, has_feedback_from_categories and the orders awaiting feedback follow orders and completions', async () => {
      const { token, userId } = await feedbackShopper(t);
      const flags = async () => userSchema.parse((await t.call('GET', '/v1/account/', { token })).body).profile;
      expect(await flags()).toMatchObject({
        can_see_feedback: false,
        has_feedback_from_categories: { haircare: false, skincare: false, supplements: false },
        feedback_on_order: null,
        skincare_feedback_on_order: null,
        supplements_feedback_on_order: null,
      });
      // An order waiting for its payment, or of accessories alone, takes no feedback.
      await orderFor(t.db, userId, ['shampoo'], { status: 'pending_payment' });
      await orderFor(t.db, userId, ['brush_boar']);
      expect((await flags()).can_see_feedback).toBe(false);
      const older = await orderFor(t.db, userId, ['shampoo', 'supplement_core'], { createdAt: new Date('2026-07-01T00:00:00Z') });
      const newer = await orderFor(t.db, userId, ['conditioner'], { createdAt: new Date('2026-08-01T00:00:00Z') });
      expect(await flags()).toMatchObject({
        can_see_feedback: true,
        feedback_on_order: newer,
        skincare_feedback_on_order: null,
        supplements_feedback_on_order: older,
      });
      // Started is not completed; completed moves the flags.
      await patch(token, newer, { origin: 'account', overall_experience: 4 });
      expect((await flags()).feedback_on_order).toBe(newer);
      await patch(token, newer, { status: 'completed' });
      expect(await flags()).toMatchObject({
        can_see_feedback: true,
        has_feedback_from_categories: { haircare: true, skincare: false, supplements: false },
        feedback_on_order: null,
        supplements_feedback_on_order: older,
      });
      await patch(token, older, { origin: 'account', status: 'completed' }, 'supplements_feedback');
      expect(await flags()).toMatchObject({ has_feedback_from_categories: { haircare: true, supplements: true }, supplements_feedback_on_order: null });
    });

    it('contracts: latestCompletedFeedback reads the newest completed feedback of a category with the lines it is about; a started one is not read', async () => {
      const { token, userId } = await feedbackShopper(t);
      expect(await latestCompletedFeedback(t.db, userId, 'haircare')).toBeNull();
      const first = await orderFor(t.db, userId, ['shampoo', 'cleanser']);
      const second = await orderFor(t.db, userId, ['shampoo', 'conditioner']);
      await patch(token, first, { origin: 'account', product_shampoo_impact: 'uncleansed_greasy', status: 'completed' });
      clock.advance(60_000);
      await patch(token, second, { origin: 'account', product_shampoo_impact: 'overstripped_dry' });
      const read = await latestCompletedFeedback(t.db, userId, 'haircare');
      expect(read).toMatchObject({ orderPubkey: first, category: 'haircare', answers: { product_shampoo_impact: 'uncleansed_greasy' } });
      expect(read!.items.map((i) => [i.type, i.fragrance, i.ingredients])).toEqual([['shampoo', 'arcadia', ['panthenol', 'purple_v2']]]);
      await patch(token, second, { status: 'completed' });
      expect((await latestCompletedFeedback(t.db, userId, 'haircare'))!.orderPubkey).toBe(second);
      expect((await latestCompletedFeedback(t.db, userId, 'haircare'))!.completedAt.toISOString()).toBe(clock.now().toISOString());
      expect(await latestCompletedFeedback(t.db, userId, 'skincare')).toBeNull();
    });

    it('contracts: latestCompletedFeedbacks reads the newest completed feedback of every category at once, each with its own order lines', async () => {
      const { token, userId } = await feedbackShopper(t);
      expect(await latestCompletedFeedbacks(t.db, userId, ['haircare', 'skincare', 'supplements'])).toEqual([]);
      const older = await orderFor(t.db, userId, ['shampoo', 'cleanser']);
      const newer = await orderFor(t.db, userId, ['shampoo']);
      await patch(token, older, { origin: 'account', status: 'completed' }, 'skincare_feedback');
      await patch(token, older, { origin: 'account', product_shampoo_impact: 'uncleansed_greasy', status: 'completed' });
      clock.advance(60_000);
      await patch(token, newer, { origin: 'account', product_shampoo_impact: 'overstripped_dry', status: 'completed' });
      const read = await latestCompletedFeedbacks(t.db, userId, ['haircare', 'skincare', 'supplements']);
      expect(read.map((f) => [f.category, f.orderPubkey, f.items.map((i) => i.type)])).toEqual([
        ['haircare', newer, ['shampoo']],
        ['skincare', older, ['cleanser']],
      ]);
      expect(read[0]!.answers).toMatchObject({ product_shampoo_impact: 'overstripped_dry' });
      expect((await latestCompletedFeedbacks(t.db, userId, ['skincare'])).map((f) => f.category)).toEqual(['skincare']);
    });

    it('spec 002 §3.1: an order placed before ingredient slugs were kept shows slug null', async () => {
      const { token, userId } = await feedbackShopper(t);
      const pubkey = await orderFor(t.db, userId, ['shampoo'], { slugs: false });
      const order = orderSchema.parse((await t.call('GET', `/v2/orders/${pubkey}/`, { token })).body);
      expect(order.items[0]!.item_object.ingredients.map((i) => i.slug)).toEqual([null, null]);
    });
  },
);

describeEachDatabase('an order keeps what feedback reads (spec 002 §3.1 ingredients[].slug, §3.6 survey)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    await seedCatalogue(database().db, loadCatalogue());
    t = createTestApp(database().db, { flows: loadProfileFlows('flows'), clock: testClock(new Date('2026-07-15T12:00:00Z')) });
  });

  it('spec 002 §3.1, §3.6: a placed order’s actives carry their catalogue ids, and its survey the consultation answers feedback reads', async () => {
    const token = await shopperAtCheckout(t);
    const placed = await placeOrder(t, token, { category: 'haircare', payment: { token: await cardToken(t, '4242424242424242') } });
    expect(placed.status).toBe(201);
    const order = orderSchema.parse((await t.call('GET', `/v2/orders/${placed.body.pubkey}/`, { token })).body);
    const ingredients = order.items.flatMap((item) => item.item_object.ingredients);
    expect(ingredients.length).toBeGreaterThan(0);
    for (const ingredient of ingredients) expect(ingredient.slug, ingredient.name).toMatch(/^[a-z0-9_]+$/);
    expect(order.formulaset.survey).toMatchObject({ profile_country: 'US', pref_fragrance: 'ARCADIA', diag_hair_type: 'dry' });
    expect([order.feedback, order.skincare_feedback, order.supplements_feedback]).toEqual([null, null, null]);
  });
});
