/** Orders as the feedback tests need them: written straight to the database, with the lines and statuses a test names. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import { orderItems, orders, users, type OrderedFormula, type OrderStatus } from '../../../server/db/schema';
import { loadFlowDirectory } from '#engine/compiler';
import { feedbackFlows } from '../../../server/feedback/feedback-flows';
import type { ProfileFlows } from '../../../server/profile/profile-flows';
import { fakeFlows } from './fake-flows';
import { signUpCustomer, startGuest, type TestApp } from './test-app';

/** The lines a feedback test orders: product type -> [catalogue category, product]. */
const LINES = {
  shampoo: ['haircare', 'shampoo'],
  conditioner: ['haircare', 'conditioner'],
  hair_oil: ['haircare', 'hair_oil'],
  supplement_core: ['haircare', 'supplement_core'],
  cleanser: ['skincare', 'cleanser'],
  serum: ['skincare', 'serum'],
  cleanser_mini: ['skincare', 'cleanser_mini'],
  serum_mini: ['skincare', 'serum_mini'],
  brush_boar: ['others', 'brush'],
} as const;
export type LineType = keyof typeof LINES;

/** A formula as ordered, with its actives' catalogue ids unless `slugs: false` (an order placed before they were kept). */
export function formulaOf(type: string, options: { slugs?: boolean; fragrance?: string | null } = {}): OrderedFormula {
  const slug = (id: string) => (options.slugs === false ? {} : { slug: id });
  const fragrance = options.fragrance === undefined ? 'arcadia' : options.fragrance;
  return {
    label: `Custom ${type}`,
    skeleton: `${type}_base`,
    ingredients: [
      { name: 'Panthenol', inci: 'Panthenol', percent: 0.8, amount: null, ...slug('panthenol') },
      { name: 'Purple pigment', inci: 'CI 60730', percent: 0.1, amount: null, ...slug('purple_v2') },
    ],
    inci: ['Aqua', 'Panthenol'],
    fragrance: fragrance ? { slug: fragrance, name: fragrance[0]!.toUpperCase() + fragrance.slice(1) } : null,
  };
}

/** A user's id from their e-mail. */
export async function userIdOf(db: Database, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`No user ${email}.`);
  return row.id;
}

/** Writes an order of `lines` for the user, in `status` (paid by default), and answers its pubkey. */
export async function orderFor(
  db: Database,
  userId: number,
  lines: readonly LineType[],
  options: { status?: OrderStatus; survey?: Record<string, unknown>; createdAt?: Date; slugs?: boolean } = {},
): Promise<string> {
  const status = options.status ?? 'paid';
  const createdAt = options.createdAt ?? new Date();
  const categories = [...new Set(lines.map((l) => LINES[l][0]).filter((c) => c !== 'others'))];
  const [order] = await db
    .insert(orders)
    .values({
      pubkey: `ord_${randomBytes(9).toString('base64url')}`,
      userId,
      cartVersion: 1,
      cartKind: categories[0] ?? 'universal',
      categories: categories.length > 0 ? categories : ['accessories'],
      status,
      currency: 'USD',
      totalPrice: 3200 * lines.length,
      totalDiscount: 0,
      totalShipping: 0,
      totalTaxes: 0,
      totalAmount: 3200 * lines.length,
      isSubscription: false,
      survey: options.survey ?? { profile_country: 'US', pref_fragrance: 'ARCADIA' },
      idempotencyKey: randomBytes(8).toString('hex'),
      requestHash: 'test',
      paidAt: ['pending_payment', 'payment_failed'].includes(status) ? null : createdAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await db.insert(orderItems).values(
    lines.map((type, index) => {
      const [productCategory, product] = LINES[type];
      const custom = productCategory !== 'others';
      return {
        pubkey: `itm_${randomBytes(9).toString('base64url')}`,
        orderId: order!.id,
        category: custom ? 'formula' : 'item',
        type,
        product,
        label: `Custom ${type}`,
        quantity: 1,
        unitPrice: 3200,
        totalPrice: 3200,
        subscriptionActive: false,
        isFormula: custom,
        productCategory,
        formula: custom ? formulaOf(type, { slugs: options.slugs }) : null,
        position: index + 1,
        createdAt,
      };
    }),
  );
  return order!.pubkey;
}

/** A signed-up customer: token, e-mail and user id. */
export async function feedbackShopper(t: TestApp): Promise<{ token: string; email: string; userId: number }> {
  const { access, email } = await signUpCustomer(t);
  return { token: access, email, userId: await userIdOf(t.db, email) };
}

/** Another customer's and a guest's tokens: the two who must get 404 on a shopper's feedback. */
export async function strangers(t: TestApp): Promise<{ other: string; guest: string }> {
  return { other: (await signUpCustomer(t)).access, guest: (await startGuest(t)).access };
}

/** The shop's feedback flows (flows/feedback/), which the API tests check answers against, beside the fake consultations. */
export function feedbackTestFlows(): ProfileFlows {
  return { ...fakeFlows, feedback: feedbackFlows(loadFlowDirectory('flows').flows) };
}
