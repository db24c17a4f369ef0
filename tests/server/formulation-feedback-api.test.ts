import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { cart as cartSchema, prescription, type Formula } from '#api';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import type { Database } from '../../server/db/database';
import { eq } from 'drizzle-orm';
import { orderFeedback, orderItems, orders, users, type FeedbackValue } from '../../server/db/schema';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { personas } from '../fixtures/personas';
import { describeEachDatabase } from './support/databases';
import { orderFor } from './support/feedback-orders';
import { createTestApp, signUpCustomer, testClock, type TestApp } from './support/test-app';

// The next formulas learn from the shopper's latest completed feedback (issue 26 item 5), through the calls that
// show them: GET …/prescription/ (the results page) and the cart's custom lines, each change with why.

const flows = loadProfileFlows('flows');
const persona = (name: string) => personas.find((p) => p.name === name)!;

/** A customer with `name`'s answers, their haircare consultation completed; their token and user id. */
async function shopperLike(t: TestApp, name: string): Promise<{ token: string; userId: number }> {
  const { access, email } = await signUpCustomer(t);
  const body = { ...persona(name).answers, consultation_status: { category: 'haircare', status: 'completed' }, source: 'website' };
  const saved = await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token: access, userId: user!.id };
}

/** A paid order of `lines` (product types of `category`) with its feedback of that category in `status`. */
async function orderWithFeedback(
  db: Database,
  userId: number,
  category: 'haircare' | 'skincare',
  lines: string[],
  answers: Record<string, FeedbackValue>,
  options: { status?: 'started' | 'completed'; completedAt?: Date } = {},
): Promise<void> {
  const at = options.completedAt ?? new Date('2026-07-10T12:00:00Z');
  const [order] = await db
    .insert(orders)
    .values({
      pubkey: `ord_${randomBytes(9).toString('base64url')}`,
      userId,
      cartVersion: 1,
      cartKind: category,
      categories: [category],
      status: 'delivered',
      currency: 'USD',
      totalPrice: 3200 * lines.length,
      totalDiscount: 0,
      totalShipping: 0,
      totalTaxes: 0,
      totalAmount: 3200 * lines.length,
      isSubscription: false,
      survey: {},
      idempotencyKey: randomBytes(8).toString('hex'),
      requestHash: 'test',
      paidAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await db.insert(orderItems).values(
    lines.map((type, i) => ({
      pubkey: `itm_${randomBytes(9).toString('base64url')}`,
      orderId: order!.id,
      category: 'formula',
      type,
      product: type,
      label: `Custom ${type}`,
      quantity: 1,
      unitPrice: 3200,
      totalPrice: 3200,
      subscriptionActive: false,
      isFormula: true,
      productCategory: category,
      formula: { label: `Custom ${type}`, skeleton: type, ingredients: [], inci: ['Aqua'], fragrance: { slug: 'arcadia', name: 'Arcadia' } },
      position: i + 1,
      createdAt: at,
    })),
  );
  const completed = (options.status ?? 'completed') === 'completed';
  await db
    .insert(orderFeedback)
    .values({ orderId: order!.id, category, answers, status: completed ? 'completed' : 'started', origin: 'account', completedAt: completed ? at : null });
}

describeEachDatabase('the next formula learns from the latest completed feedback (issue 26 item 5)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    await seedCatalogue(database().db, loadCatalogue());
    t = createTestApp(database().db, { flows, clock: testClock(new Date('2026-07-15T12:00:00Z')) });
  });

  const formulas = async (token: string) => {
    const response = await t.call('GET', '/v1/account/hair_profile/prescription/', { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return new Map<string, Formula>(prescription.parse(response.body).formulas.map((f) => [f.product, f]));
  };

  it('GET prescription/: a completed feedback changes the formulas it concerns and says why; the others stay', async () => {
    const { token, userId } = await shopperLike(t, 'Maya');
    const before = await formulas(token);
    expect([...before.values()].some((f) => f.feedback_changes)).toBe(false);
    await orderWithFeedback(t.db, userId, 'haircare', ['shampoo', 'conditioner'], {
      product_shampoo_satisfaction: 3,
      product_shampoo_impact: 'uncleansed_greasy',
      fragrance_satisfaction: 4,
      new_fragrance: true,
      fragrance_new_choice: 'solstice',
    });
    const after = await formulas(token);
    expect(after.get('shampoo')!.feedback_changes).toEqual([
      { product: 'shampoo', change: 'a deeper clean', because: 'you told us your shampoo left your hair greasy' },
      { product: 'shampoo', change: 'Solstice, your new scent', because: 'you chose a new fragrance in your feedback' },
    ]);
    expect(after.get('conditioner')!.fragrance).toMatchObject({ name: 'Solstice', because: 'the scent you chose in your feedback' });
    // The scalp products have no scent and the shampoo's cleansing concerns only the shampoo.
    expect(after.get('scalp_mask')).toEqual(before.get('scalp_mask'));
    expect(after.get('supplement_core')).toEqual(before.get('supplement_core'));
  });

  it('completing a feedback through its call (PATCH …/feedback/ with status completed) changes the next formulas at once', async () => {
    const { token, userId } = await shopperLike(t, 'Jordan');
    const pubkey = await orderFor(t.db, userId, ['shampoo', 'conditioner']);
    const before = await formulas(token);
    const body = { origin: 'account', product_shampoo_satisfaction: 3, product_shampoo_impact: 'uncleansed_greasy' };
    const started = await t.call('PATCH', `/v2/orders/${pubkey}/feedback/`, { token, body });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // Not final yet: the formulas kept for the day stay.
    expect(await formulas(token)).toEqual(before);
    const completed = await t.call('PATCH', `/v2/orders/${pubkey}/feedback/`, { token, body: { status: 'completed' } });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect((await formulas(token)).get('shampoo')!.feedback_changes).toEqual([
      { product: 'shampoo', change: 'a deeper clean', because: 'you told us your shampoo left your hair greasy' },
    ]);
  });

  it('the cart’s custom lines carry the changes, and their labels the new fragrance', async () => {
    const { token, userId } = await shopperLike(t, 'Maya');
    await orderWithFeedback(t.db, userId, 'haircare', ['shampoo'], {
      product_shampoo_impact: 'uncleansed_greasy',
      new_fragrance: true,
      fragrance_new_choice: 'perle',
    });
    const response = await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const cart = cartSchema.parse(response.body);
    const shampoo = cart.items.find((item) => item.type === 'shampoo')!;
    expect(shampoo.label).toMatch(/, Perle$/);
    expect(shampoo.feedback_changes).toContainEqual({
      product: 'shampoo',
      change: 'a deeper clean',
      because: 'you told us your shampoo left your hair greasy',
    });
    for (const item of cart.items.filter((i) => i.category !== 'formula')) expect(item.feedback_changes).toBeUndefined();
  });

  it('a started feedback changes nothing: it is not final', async () => {
    const { token, userId } = await shopperLike(t, 'Jordan');
    const before = await formulas(token);
    await orderWithFeedback(t.db, userId, 'haircare', ['shampoo'], { product_shampoo_impact: 'overstripped_dry' }, { status: 'started' });
    expect(await formulas(token)).toEqual(before);
  });

  it('only the shopper’s own feedback counts, and the latest completed one', async () => {
    const maya = await shopperLike(t, 'Maya');
    const other = await shopperLike(t, 'Maya');
    const before = await formulas(other.token);
    await orderWithFeedback(
      t.db,
      maya.userId,
      'haircare',
      ['shampoo'],
      { fragrance_intensity: 'too_strong' },
      { completedAt: new Date('2026-06-01T12:00:00Z') },
    );
    await orderWithFeedback(
      t.db,
      maya.userId,
      'haircare',
      ['shampoo'],
      { fragrance_intensity: 'too_light' },
      { completedAt: new Date('2026-07-01T12:00:00Z') },
    );
    expect((await formulas(maya.token)).get('shampoo')!.feedback_changes).toEqual([
      { product: 'shampoo', change: 'a stronger scent', because: 'you told us the fragrance was too light' },
    ]);
    expect(await formulas(other.token)).toEqual(before);
  });

  it('a skincare feedback: the texture picked replaces the ranked one in the next skincare formulas', async () => {
    const { token, userId } = await shopperLike(t, 'Chris');
    expect((await formulas(token)).get('moisturizer')!.skeleton_slug).toBe('light');
    await orderWithFeedback(t.db, userId, 'skincare', ['cleanser', 'serum', 'moisturizer'], { moisturizer_satisfaction: 3, moisturizer_texture: 'medium' });
    const moisturizer = (await formulas(token)).get('moisturizer')!;
    expect(moisturizer.skeleton_slug).toBe('medium');
    expect(moisturizer.feedback_changes).toEqual([
      { product: 'moisturizer', change: 'the texture you picked', because: 'you chose this moisturizer texture in your feedback' },
    ]);
  });
});
