/**
 * @module server/subscriptions/from-order: a paid checkout order with subscription lines makes, or adds to, the
 * shopper's current subscription of each category and sub-category it holds (spec 001 §3 Subscription, §4
 * Subscriptions; issue 27 item 1). Called in the transaction that writes the order's paid outcome
 * (server/money/settle-payment.ts), which runs once per order; `subscription_origins` keeps which orders were used,
 * so the one-time adoption of orders paid before subscriptions existed (`adoptPaidOrders`) and any repeat add nothing
 * twice. A renewal's own order (its key starts with `renewal:`) never makes one.
 *
 * Choices (README.md): each product's next date is the paid day plus its frequency; a product already in the
 * subscription takes the new order's quantity and frequency; the latest checkout's address and payment method become
 * the subscription's; an onhold subscription stays onhold (the shopper resolves what held it).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import {
  orderItems,
  orders,
  paymentMethods,
  products,
  subscriptionOrigins,
  subscriptionProducts,
  subscriptions,
  users,
  type OrderStatus,
  type SubscriptionCategory,
  type SubscriptionSubCategory,
} from '../db/schema';
import { lockUser } from '../account/lock-user';
import { enqueueMail } from '../mail/enqueue-mail';
import type { OrderRow } from '../orders/order-view';
import { addWeeks, dayOf, scheduleRenewal } from './schedule';
import { subscriptionCreatedMail } from './subscription-mail';

/** A renewal's order is recorded under this key prefix (renew.ts): it renews a subscription, it makes none. */
export const RENEWAL_KEY_PREFIX = 'renewal:';

/** The subscription saving, in percent (spec 001 §9: 15%). */
export const SUBSCRIPTION_DISCOUNT_PERCENT = 15;

/** The statuses of an order that was paid (canceled orders are left out: nothing of them is sent). */
const PAID_STATUSES: OrderStatus[] = ['paid', 'onhold', 'processed', 'packing', 'shipped', 'delivered'];

export interface Subscribed {
  subscriptionId: number;
  created: boolean;
}

/**
 * Makes or adds to the subscriptions of a paid order (see the module's description). Takes the customer's lock:
 * call it where the customer is locked first (before a cart). `methodId` is the saved method the charge kept, if any.
 */
export async function subscribeFromPaidOrder(
  tx: Database,
  order: OrderRow,
  options: { now: Date; publicUrl: string; methodId?: number | null },
): Promise<Subscribed[]> {
  if (order.idempotencyKey.startsWith(RENEWAL_KEY_PREFIX) || !order.shippingAddress) return [];
  const lines = await tx
    .select({ item: orderItems, subCategory: products.subCategory })
    .from(orderItems)
    .leftJoin(products, eq(products.type, orderItems.type))
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.subscriptionActive, true), sql`${orderItems.frequency} is not null`))
    .orderBy(asc(orderItems.position));
  const subscribed = lines.filter(({ item }) => item.productCategory === 'haircare' || item.productCategory === 'skincare');
  if (subscribed.length === 0) return [];
  await lockUser(tx, order.userId);
  const [used] = await tx.select().from(subscriptionOrigins).where(eq(subscriptionOrigins.orderId, order.id)).limit(1);
  if (used) return [];

  const paidDay = dayOf(order.paidAt ?? options.now);
  const methodId = options.methodId ?? (await methodOf(tx, order));
  const groups = new Map<string, typeof subscribed>();
  for (const line of subscribed) {
    const key = `${line.item.productCategory}/${line.subCategory === 'supplements' ? 'supplements' : 'topicals'}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const [customer] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, order.userId));
  const result: Subscribed[] = [];
  for (const [key, group] of groups) {
    const [category, subCategory] = key.split('/') as [SubscriptionCategory, SubscriptionSubCategory];
    const [current] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, order.userId),
          eq(subscriptions.category, category),
          eq(subscriptions.subCategory, subCategory),
          inArray(subscriptions.status, ['active', 'onhold']),
        ),
      )
      .for('update');
    let subscriptionId: number;
    if (current) {
      subscriptionId = current.id;
      await tx
        .update(subscriptions)
        .set({
          shippingAddress: order.shippingAddress,
          paymentMethodId: methodId ?? current.paymentMethodId,
          version: current.version + 1,
          updatedAt: options.now,
        })
        .where(eq(subscriptions.id, current.id));
    } else {
      const [row] = await tx
        .insert(subscriptions)
        .values({
          pubkey: `sub_${randomBytes(12).toString('base64url')}`,
          userId: order.userId,
          category,
          subCategory,
          status: 'active',
          shippingAddress: order.shippingAddress,
          paymentMethodId: methodId,
          discountPercentage: SUBSCRIPTION_DISCOUNT_PERCENT,
          currency: order.currency,
          createdAt: options.now,
          updatedAt: options.now,
        })
        .returning({ id: subscriptions.id });
      subscriptionId = row!.id;
    }
    for (const { item } of group) {
      const product = {
        type: item.type,
        product: item.product,
        quantity: item.quantity,
        frequency: item.frequency!,
        nextStart: addWeeks(paidDay, item.frequency!),
        skipped: false,
        updatedAt: options.now,
      };
      await tx
        .insert(subscriptionProducts)
        .values({ ...product, subscriptionId, createdAt: options.now })
        .onConflictDoUpdate({ target: [subscriptionProducts.subscriptionId, subscriptionProducts.type], set: product });
    }
    await tx.insert(subscriptionOrigins).values({ orderId: order.id, subscriptionId, createdAt: options.now });
    await scheduleRenewal(tx, subscriptionId);
    if (!current && customer?.email) {
      const mailProducts = group.map(({ item }) => ({
        label: item.label,
        quantity: item.quantity,
        frequency: item.frequency!,
        nextStart: addWeeks(paidDay, item.frequency!),
      }));
      await enqueueMail(
        tx,
        options.now,
        subscriptionCreatedMail(customer.email, customer.firstName, { category, subCategory }, mailProducts, options.publicUrl),
      );
    }
    result.push({ subscriptionId, created: !current });
  }
  return result;
}

/**
 * The saved method a checkout order was paid with, when it was a saved one: the shopper's live method with the
 * charge's card (brand and last four), else their default, else their newest; null when they keep none.
 */
async function methodOf(tx: Database, order: OrderRow): Promise<number | null> {
  const live = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, order.userId), isNull(paymentMethods.deletedAt)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.id));
  const same = live.find((m) => m.brand === order.cardBrand && m.last4 === order.cardLast4 && (!order.paymentProvider || m.provider === order.paymentProvider));
  return (same ?? live[0])?.id ?? null;
}

/**
 * The one-time adoption of checkout orders paid before subscriptions existed (issue 27: no subscriber placed before
 * is forgotten): each paid order with subscription lines and no subscription made from it yet, in the order they were placed, makes
 * or adds to its subscriptions as if it had just been paid (its next dates from its own paid day). Run at every
 * start (server/jobs/shop-jobs.ts); idempotent, and safe with several processes (each order under its row lock,
 * `subscription_origins` checked again inside). Answers how many orders it adopted.
 */
export async function adoptPaidOrders(db: Database, options: { now: Date; publicUrl: string; batch?: number }): Promise<number> {
  let adopted = 0;
  let after = 0;
  for (;;) {
    const pending = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.status, PAID_STATUSES),
          sql`${orders.idempotencyKey} not like ${`${RENEWAL_KEY_PREFIX}%`}`,
          sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.subscriptionActive} and ${orderItems.frequency} is not null and ${orderItems.productCategory} in ('haircare', 'skincare'))`,
          sql`not exists (select 1 from ${subscriptionOrigins} where ${subscriptionOrigins.orderId} = ${orders.id})`,
          gt(orders.id, after),
        ),
      )
      .orderBy(asc(orders.id))
      .limit(options.batch ?? 100);
    if (pending.length === 0) return adopted;
    for (const { id } of pending) {
      after = id;
      const made = await db.transaction(async (tx) => {
        const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id));
        if (!order) return [];
        // The customer first, as every write of theirs locks them before their rows.
        await lockUser(tx, order.userId);
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        return row ? subscribeFromPaidOrder(tx, row, { now: options.now, publicUrl: options.publicUrl }) : [];
      });
      if (made.length > 0) adopted++;
    }
  }
}
