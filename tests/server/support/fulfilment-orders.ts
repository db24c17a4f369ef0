/** Orders as fulfilment finds them, written straight into the database: any status, any lines, any shopper. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import { orderItems, orders, users, type OrderStatus, type ShippingAddress } from '../../../server/db/schema';
import type { OrderRow } from '../../../server/orders/order-view';

/** A line by its catalogue type (shop/catalog/products.yaml): its product, category and label. */
export const LINES = {
  shampoo: { type: 'shampoo', product: 'shampoo', productCategory: 'haircare', label: 'Custom Shampoo', isFormula: true },
  conditioner: { type: 'conditioner', product: 'conditioner', productCategory: 'haircare', label: 'Custom Conditioner', isFormula: true },
  supplements: { type: 'supplement_core', product: 'supplement_core', productCategory: 'haircare', label: 'Custom Hair Supplements', isFormula: true },
  cleanser: { type: 'cleanser', product: 'cleanser', productCategory: 'skincare', label: 'Custom Cleanser', isFormula: true },
  candle: { type: 'candle_arcadia', product: 'candle', productCategory: 'others', label: 'Arcadia candle', isFormula: false },
} as const;
export type LineName = keyof typeof LINES;

export const US_ADDRESS: ShippingAddress = { address1: '1100 Congress Ave', address2: null, city: 'Austin', state: 'TX', zipcode: '78701', country: 'US' };
export const CA_ADDRESS: ShippingAddress = { address1: '100 Queen St W', address2: null, city: 'Toronto', state: 'ON', zipcode: 'M5H 2N2', country: 'CA' };

/** A customer row (first name as given, e-mail unique) or a guest without an e-mail; its id. */
export async function insertShopper(db: Database, fields: { firstName?: string; email?: string | null } = {}): Promise<{ id: number; email: string | null }> {
  const suffix = randomBytes(5).toString('hex');
  const email = fields.email === undefined ? `shopper.${suffix}@example.com` : fields.email;
  const [row] = await db
    .insert(users)
    .values({ pubkey: `usr_${suffix}`, email, username: email, firstName: fields.firstName ?? 'Rosa', isGuest: email === null })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

/** An order of `userId` in `status` holding `lines` (default: shampoo and conditioner), shipping to `address` (null: nothing ships). */
export async function insertOrder(
  db: Database,
  userId: number,
  options: { status?: OrderStatus; lines?: LineName[]; address?: ShippingAddress | null; paidAt?: Date } = {},
): Promise<OrderRow> {
  const suffix = randomBytes(6).toString('hex');
  const lines = (options.lines ?? ['shampoo', 'conditioner']).map((name) => LINES[name]);
  const status = options.status ?? 'paid';
  const paid = !['pending_payment', 'payment_failed'].includes(status);
  const [order] = await db
    .insert(orders)
    .values({
      pubkey: `ord_${suffix}`,
      userId,
      cartVersion: 1,
      cartKind: 'haircare',
      categories: [...new Set(lines.map((line) => line.productCategory).filter((c) => c !== 'others'))],
      status,
      currency: 'USD',
      totalPrice: 3200 * lines.length,
      totalDiscount: 0,
      totalShipping: 0,
      totalTaxes: 0,
      totalAmount: 3200 * lines.length,
      isSubscription: false,
      shippingAddress: options.address === undefined ? US_ADDRESS : options.address,
      survey: {},
      idempotencyKey: `key-${suffix}`,
      requestHash: `hash-${suffix}`,
      paidAt: paid ? (options.paidAt ?? new Date('2026-07-15T12:00:00Z')) : null,
    })
    .returning();
  await db.insert(orderItems).values(
    lines.map((line, position) => ({
      pubkey: `itm_${suffix}_${position}`,
      orderId: order!.id,
      category: line.isFormula ? 'formula' : 'item',
      type: line.type,
      product: line.product,
      label: line.label,
      quantity: 1,
      unitPrice: 3200,
      totalPrice: 3200,
      subscriptionActive: false,
      isFormula: line.isFormula,
      productCategory: line.productCategory,
      position,
    })),
  );
  return order!;
}

/** The order's row as it is now. */
export async function reread(db: Database, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}
