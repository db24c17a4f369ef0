import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { openTextFeedbackList } from '#api';
import { orderOpenTextFeedback } from '../../server/db/schema';
import { describeEachDatabase } from './support/databases';
import { feedbackShopper, feedbackTestFlows, orderFor, strangers } from './support/feedback-orders';
import { createTestApp, type TestApp } from './support/test-app';

describeEachDatabase('open-text feedback per product (spec 002 §3.3, §4.3, §5.4, §7, §8)', (database) => {
  let t: TestApp;
  const url = (pubkey: string) => `/v2/orders/${pubkey}/open_text_feedback/`;
  const entry = (product: string, text: string) => ({ product, open_text_feedback: { feedback_text: text } });
  const stored = async () => (await t.db.select({ n: count() }).from(orderOpenTextFeedback))[0]!.n;

  beforeAll(() => {
    t = createTestApp(database().db, { flows: feedbackTestFlows() });
  });

  it('spec 002 §3.3, §7: GET is the list of {product, open_text_feedback: {feedback_text}}; a PATCH saves a product’s text and answers the list', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo', 'conditioner']);
    expect(await t.call('GET', url(pubkey), { token })).toMatchObject({ status: 200, body: [] });
    const saved = await t.call('PATCH', url(pubkey), { token, body: entry('shampoo', 'Lathers well.') });
    expect(saved).toMatchObject({ status: 200, body: [entry('shampoo', 'Lathers well.')] });
    // Several at once; a product's text again replaces it.
    await t.call('PATCH', url(pubkey), { token, body: [entry('conditioner', 'Too heavy.'), entry('shampoo', 'Lathers very well.')] });
    const list = openTextFeedbackList.parse((await t.call('GET', url(pubkey), { token })).body);
    expect(list).toEqual([entry('shampoo', 'Lathers very well.'), entry('conditioner', 'Too heavy.')]);
  });

  it('spec 002 §5.4, §8: an empty text is not saved and is no error; it leaves a saved text as it was', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo', 'conditioner']);
    const before = await stored();
    expect(await t.call('PATCH', url(pubkey), { token, body: entry('shampoo', '') })).toMatchObject({ status: 200, body: [] });
    expect(await t.call('PATCH', url(pubkey), { token, body: entry('shampoo', '   \n ') })).toMatchObject({ status: 200, body: [] });
    expect(await stored()).toBe(before);
    await t.call('PATCH', url(pubkey), { token, body: entry('conditioner', 'Soft.') });
    expect((await t.call('PATCH', url(pubkey), { token, body: entry('conditioner', '') })).body).toEqual([entry('conditioner', 'Soft.')]);
  });

  it('issue 26 Security: open text is stored as typed (markup, quotes, spaces, emoji and all), to be escaped where it is shown', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['serum']);
    const words = '  <script>alert("hi")</script> & it\'s 💜 fine\n';
    await t.call('PATCH', url(pubkey), { token, body: entry('serum', words) });
    expect((await t.call('GET', url(pubkey), { token })).body).toEqual([entry('serum', words)]);
  });

  it('issue 26: a product the order does not hold is 400 naming it, and nothing of the request is saved', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo']);
    const before = await stored();
    const refused = await t.call('PATCH', url(pubkey), { token, body: [entry('shampoo', 'Good.'), entry('serum', 'Never had it.')] });
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_error', fields: { '1.product': [expect.any(String)] } } });
    const single = await t.call('PATCH', url(pubkey), { token, body: entry('hair_mask', 'Hm.') });
    expect(single).toMatchObject({ status: 400, body: { fields: { product: [expect.any(String)] } } });
    for (const body of [
      entry('shampoo', 'x'.repeat(2001)),
      { product: 'shampoo', feedback_text: 'flat' },
      [],
      'shampoo',
      { ...entry('shampoo', 'ok'), extra: 1 },
    ]) {
      const response = await t.call('PATCH', url(pubkey), { token, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error', detail: expect.any(String), fields: expect.any(Object) });
    }
    expect(await stored()).toBe(before);
  });

  it('API.md: another account and a guest get 404 on GET and PATCH, and nothing is saved', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo']);
    await t.call('PATCH', url(pubkey), { token, body: entry('shampoo', 'Mine.') });
    const { other, guest } = await strangers(t);
    const before = await stored();
    for (const stranger of [other, guest]) {
      expect(await t.call('GET', url(pubkey), { token: stranger })).toMatchObject({ status: 404, body: { code: 'not_found' } });
      expect(await t.call('PATCH', url(pubkey), { token: stranger, body: entry('shampoo', 'Theirs.') })).toMatchObject({ status: 404 });
    }
    expect(await stored()).toBe(before);
    expect((await t.call('GET', url(pubkey), { token })).body).toEqual([entry('shampoo', 'Mine.')]);
    // An order not yet paid takes none either.
    const waiting = await orderFor(t.db, userId, ['shampoo'], { status: 'pending_payment' });
    expect((await t.call('GET', url(waiting), { token })).status).toBe(404);
  });

  it('API.md: a completed feedback is final: a product of a completed category is 409, another category’s product is still saved', async () => {
    const { token, userId } = await feedbackShopper(t);
    const pubkey = await orderFor(t.db, userId, ['shampoo', 'supplement_core']);
    await t.call('PATCH', `/v2/orders/${pubkey}/feedback/`, { token, body: { origin: 'account', overall_experience: 5, status: 'completed' } });
    expect(await t.call('PATCH', url(pubkey), { token, body: entry('shampoo', 'Late words.') })).toMatchObject({
      status: 409,
      body: { code: 'feedback_completed' },
    });
    expect((await t.call('PATCH', url(pubkey), { token, body: entry('supplement_core', 'Easy to take.') })).body).toEqual([
      entry('supplement_core', 'Easy to take.'),
    ]);
  });
});
