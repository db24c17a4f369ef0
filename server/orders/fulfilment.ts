import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { orderEvents, orderItems, orders, users, type OrderStatus } from '../db/schema';
import { scheduleJob } from '../jobs/schedule';
import { enqueueMail } from '../mail/enqueue-mail';
import type { Services } from '../services';
import { feedbackCategoriesOf, INVITATION_DELAY_DAYS, type FeedbackCategory } from './fulfilment-feedback';
import { FEEDBACK_INVITATION_JOB } from './fulfilment-invitation';
import { orderDeliveredMail, orderShippedMail } from './fulfilment-mail';
import { FulfilmentError, illegalMoveReason, type FulfilmentStatus } from './fulfilment-moves';
import { checkedTracking, trackingView, type Tracking } from './fulfilment-tracking';
import { orderMailLines } from './order-mail-lines';
import type { OrderRow } from './order-view';

/** What moving an order needs: the database, the shop's clock, the mailer to wake, the public URL for the mails' links. */
export type FulfilmentServices = Pick<Services, 'db' | 'clock' | 'mailer'> & { config: Pick<AppConfig, 'publicUrl'> };

/** The move's details: the parcel (shipping only), and who made it (kept in order_events). */
export interface MoveOptions {
  trackingNumber?: string;
  carrier?: string;
  actor?: string;
}

/** What a move did. */
export interface MoveResult {
  /** The order as it is now. */
  order: OrderRow;
  from: OrderStatus;
  /** False when the order already had that status: nothing was written or mailed. */
  changed: boolean;
  /** The kinds of mail queued in the outbox. */
  mailed: string[];
  /** The feedback invitations scheduled (on delivery): each category and when, by the shop's clock. */
  invitations: { category: FeedbackCategory; at: Date }[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Moves a paid order along fulfilment (spec 001 §4 Orders; the legal moves in fulfilment-moves.ts), in one
 * transaction with the order's row locked: the status and its times, the parcel when it ships, one order_events row,
 * the shipped or delivered mail, and on delivery the feedback invitations scheduled by the shop's clock. The order is
 * named by its serial number or its pubkey. Moving to the status it has is no move: nothing is written or mailed.
 * Refused moves throw a FulfilmentError and change nothing. Canceling does not refund the payment (the provider does).
 */
export async function moveOrder(services: FulfilmentServices, ref: string | number, to: FulfilmentStatus, options: MoveOptions = {}): Promise<MoveResult> {
  const now = services.clock.now();
  const result = await services.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, ref);
    if (to !== 'shipped' && (options.trackingNumber !== undefined || options.carrier !== undefined))
      throw new FulfilmentError('tracking_not_expected', 'A tracking number and carrier go with shipping only.');
    if (order.status === to) {
      if (to === 'shipped' && options.trackingNumber !== undefined)
        sameParcel(order, checkedTracking(options.trackingNumber, options.carrier ?? order.carrier ?? undefined, order.shippingAddress));
      return { order, from: order.status, changed: false, mailed: [], invitations: [] } satisfies MoveResult;
    }
    const refused = illegalMoveReason(order.serialNo, order.status, to);
    if (refused) throw new FulfilmentError('illegal_move', refused);
    if (to === 'shipped' && !order.shippingAddress) throw new FulfilmentError('nothing_to_ship', `Order ${order.serialNo} has nothing to ship.`);
    const tracking = to === 'shipped' ? checkedTracking(options.trackingNumber, options.carrier, order.shippingAddress) : null;

    const [moved] = await tx
      .update(orders)
      .set({
        status: to,
        updatedAt: now,
        ...(tracking ? { trackingNumber: tracking.number, carrier: tracking.carrier, shippedAt: now } : {}),
        ...(to === 'delivered' ? { deliveredAt: now } : {}),
      })
      .where(eq(orders.id, order.id))
      .returning();
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: to,
      trackingNumber: tracking?.number ?? null,
      carrier: tracking?.carrier ?? null,
      actor: options.actor ?? 'operator',
      createdAt: now,
    });
    const row = moved!;
    const categories = to === 'delivered' ? feedbackCategoriesOf(await tx.select().from(orderItems).where(eq(orderItems.orderId, row.id))) : [];
    const mailed = await mailTheShopper(tx, services, row, categories);
    const invitations = to === 'delivered' ? await scheduleInvitations(tx, row, categories, now) : [];
    return { order: row, from: order.status, changed: true, mailed, invitations } satisfies MoveResult;
  });
  if (result.mailed.length > 0) services.mailer.wake();
  return result;
}

/** The order by serial number (digits, optionally after "#") or pubkey, its row locked until the transaction ends. */
async function lockedOrder(tx: Database, ref: string | number): Promise<OrderRow> {
  const text = String(ref).trim().replace(/^#/, '');
  const serial = /^\d{1,9}$/.test(text) ? Number(text) : null;
  const [order] = await tx
    .select()
    .from(orders)
    .where(serial !== null ? eq(orders.serialNo, serial) : eq(orders.pubkey, text))
    .for('update');
  if (!order) throw new FulfilmentError('unknown_order', `There is no order ${text || '""'}.`);
  return order;
}

/** The shopper's mail for the order's new status (shipped, delivered), in the move's transaction; none for a guest without an address. */
async function mailTheShopper(tx: Database, services: FulfilmentServices, order: OrderRow, categories: readonly FeedbackCategory[]): Promise<string[]> {
  if (order.status !== 'shipped' && order.status !== 'delivered') return [];
  const [customer] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, order.userId));
  if (!customer?.email) return [];
  const input = { to: customer.email, firstName: customer.firstName, order, lines: await orderMailLines(tx, order.id), publicUrl: services.config.publicUrl };
  const mail = order.status === 'shipped' ? orderShippedMail(input, trackingView(order.trackingNumber, order.carrier)!) : orderDeliveredMail(input, categories);
  await enqueueMail(tx, services.clock.now(), mail);
  return [mail.kind];
}

/** On delivery, one invitation per feedback category the order holds, due INVITATION_DELAY_DAYS later by the shop's clock. */
async function scheduleInvitations(
  tx: Database,
  order: OrderRow,
  categories: readonly FeedbackCategory[],
  deliveredAt: Date,
): Promise<MoveResult['invitations']> {
  const scheduled: MoveResult['invitations'] = [];
  for (const category of categories) {
    const at = new Date(deliveredAt.getTime() + INVITATION_DELAY_DAYS[category] * DAY_MS);
    await scheduleJob(tx, { name: FEEDBACK_INVITATION_JOB, key: `order:${order.pubkey}:${category}`, at, data: { orderId: order.id, category } });
    scheduled.push({ category, at });
  }
  return scheduled;
}

/** Shipping a shipped order again is no move when it names the same parcel; another tracking number is refused, not replaced. */
function sameParcel(order: OrderRow, tracking: Tracking): void {
  if (tracking.number === order.trackingNumber && tracking.carrier === order.carrier) return;
  const shipped = trackingView(order.trackingNumber, order.carrier);
  throw new FulfilmentError(
    'tracking_differs',
    `Order ${order.serialNo} has already shipped${shipped ? ` with ${shipped.carrier} ${shipped.number}` : ''}: a shipped order keeps its parcel.`,
  );
}
