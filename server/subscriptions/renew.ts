/**
 * @module server/subscriptions/renew: a subscription renews by itself on its products' dates (issue 27 item 2; spec
 * 001 §3 Subscription, §4 Subscriptions, §9 "Subscriptions and discounts"), through the one money path:
 * 1. In one transaction, with the customer and the subscription locked: a canceled subscription, a subscription held
 *    for another reason than its payment, or one with nothing due by the shop's clock renews nothing; a removed
 *    payment method or a sold-out fragrance holds it (payment_error, invalid_fragrance) and charges nothing.
 *    Otherwise the due products that are not skipped become a basket, priced on the server like the cart (the
 *    shopper's current formulas, the subscription's discount, free shipping, the address's taxes), recorded as an
 *    order (record-order.ts) under the key `renewal:<subscription>:<due date>:<attempt>`, and logged in
 *    `subscription_renewals`, one row per subscription and due date (unique).
 * 2. The order is charged to the saved method (settle-payment.ts `chargeOrder`: one charge per order key).
 * 3. In the transaction that writes the charge's outcome (settle-payment.ts `OutcomeOptions.then`), once (the renewal
 *    row goes from pending once; a run that finds the outcome already written concludes in its own): paid moves each renewed product's date
 *    by its own frequency (a skipped one is un-skipped and moved the same way), resumes a subscription held by its
 *    payment, schedules the next renewal and mails the shopper; declined holds it (payment_error), mails them and
 *    schedules a retry (RETRY_AFTER_DAYS).
 * A run that dies between the steps is run again by the queue (or the next due run): it finds the pending renewal
 * and its order and goes on from there, charging under the same key, so nothing is lost or doubled; two processes
 * running the same renewal wait for each other's lock and the second finds the first's work.
 */
import { createHash } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Currency } from '#api/money';
import type { subscriptionProducts } from '../db/schema';
import type { CartKind } from '#api/shared';
import type { Formula } from '#api';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import { lockUser } from '../account/lock-user';
import type { Database } from '../db/database';
import { hairProfiles, orderItems, orders, subscriptionRenewals, subscriptions, users } from '../db/schema';
import { feedbackSurvey } from '../feedback/survey-fields';
import { ApiError } from '../http/api-error';
import { enqueueMail } from '../mail/enqueue-mail';
import { chargeOrder } from '../money/settle-payment';
import { recordOrder, type BasketLine, type PricedBasket } from '../money/record-order';
import { orderedFormula } from '../orders/cart-basket';
import type { OrderRow } from '../orders/order-view';
import { loadFormulaSet } from '../profile/derived-profile';
import { loadTaxTable, taxOn, taxRate } from '../pricing/sales-tax';
import type { Services } from '../services';
import { RENEWAL_KEY_PREFIX } from './from-order';
import {
  addWeeks,
  dayOf,
  earliestStart,
  renewalJobKey,
  renewalJobsFromStatement,
  RENEW_SUBSCRIPTION_JOB,
  scheduleRenewal,
  scheduleRenewalAt,
  UPCOMING_RENEWAL_JOB,
} from './schedule';
import { reserveCoupon, SHIP_NOW_WAIT_MS } from './coupons';
import { settleShipNows } from './ship-now-settle';
import { paymentFailedMail, subscriptionRenewedMail } from './subscription-mail';

/**
 * After a declined renewal charge, the days until each retry: 1, then 3, then 7 days after the decline before it
 * (a card topped up the next day, after payday, or replaced within the week). After the last one the subscription
 * stays on hold (payment_error) until the shopper updates their payment method.
 */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;

export type RenewalOutcome =
  | 'renewed'
  | 'declined'
  | 'waiting_for_bank'
  | 'not_due'
  | 'canceled'
  | 'onhold'
  | 'all_skipped'
  | 'no_payment_method'
  | 'invalid_fragrance'
  | 'nothing_to_renew'
  | 'already_settled';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type ProductRow = typeof subscriptionProducts.$inferSelect;
/** The subscriber, as a renewal needs them (the charge, the mails). */
type Subscriber = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName'>;
/** The subscription as a renewal reads it under its lock. */
type LockedSubscription = Pick<
  SubscriptionRow,
  'id' | 'pubkey' | 'status' | 'statusReason' | 'category' | 'subCategory' | 'shippingAddress' | 'discountPercentage' | 'currency' | 'version' | 'failedCharges'
>;
/** A product of the subscription as a renewal reads it. */
type RenewalProduct = Pick<ProductRow, 'id' | 'type' | 'product' | 'quantity' | 'frequency' | 'nextStart' | 'skipped'>;

/** What the shopper's box is made from today: the catalogue, their current formulas and answers (read before locking). */
export interface Makings {
  entries: ReadonlyMap<string, CatalogueEntry>;
  formulas: ReadonlyMap<string, Formula>;
  answers: Record<string, unknown>;
  /** Whether the fragrance of the shopper's formulas is sold out (spec 001 §4 invalid_fragrance). */
  fragranceSoldOut?: boolean;
  /** A retention coupon on this box (retention.ts): a percent off what the box costs after the subscription's saving. */
  coupon?: RenewalCoupon | null;
}

/** A coupon on the next charge (subscription_coupons), as the basket applies it. */
export interface RenewalCoupon {
  id: number;
  percentOff: number;
  label: string;
}

/** Runs the renewal of one subscription that is due by `now` (see the module's description). */
export async function renewSubscription(services: Services, subscriptionId: number, now = services.clock.now()): Promise<RenewalOutcome> {
  const [found] = await services.db
    .select({
      user: { id: users.id, email: users.email, firstName: users.firstName },
      soldOut: hairProfiles.isFragranceSoldout,
      answers: hairProfiles.answers,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(hairProfiles, eq(hairProfiles.userId, subscriptions.userId))
    .where(eq(subscriptions.id, subscriptionId));
  if (!found) return 'canceled';
  const user = found.user;
  // The formulas the cart would price now (feedback and season included), read before the transaction locks anything.
  const { answers, set } = await loadFormulaSet(services, user.id, { answers: found.answers ?? {} });
  const makings: Makings = {
    entries: await services.catalogue.entries(),
    formulas: new Map(set.formulas.map((f) => [f.product, f])),
    answers,
    fragranceSoldOut: found.soldOut === true,
  };

  const step = await services.db.transaction((tx) => prepare(tx, services, subscriptionId, user, makings, now));
  if (typeof step === 'string') return step;

  // Step 3 runs in the transaction that writes the charge's outcome (paid or declined): one transaction, not two. The
  // renewal mail is the shopper's receipt (no second, generic order confirmation).
  let concluded: RenewalOutcome | undefined;
  const then = async (tx: Database, row: OrderRow) => {
    concluded = await conclude(tx, services, subscriptionId, step, row, user, now, { userLocked: true });
  };
  let settled: OrderRow;
  try {
    settled = await chargeOrder(services, step.order, { source: step.ref ? { kind: 'saved_method', ref: step.ref } : null }, user, {
      then,
      confirmationMail: false,
    });
  } catch (error) {
    // A charge the provider refused outright is written as failed by chargeOrder: it is a decline like another.
    if (!(error instanceof ApiError && error.status === 402)) throw error;
    [settled] = (await services.db.select().from(orders).where(eq(orders.id, step.order.id))) as [OrderRow];
  }
  // An outcome written earlier (a run resumed after a crash), or the bank still waiting: concluded on its own.
  const outcome = concluded ?? (await services.db.transaction((tx) => conclude(tx, services, subscriptionId, step, settled, user, now)));
  if (outcome === 'renewed' || outcome === 'declined') services.mailer.wake();
  return outcome;
}

/**
 * A renewal's order ready to charge. `lines`: what it holds, when this run recorded it (else read again for the
 * mail); `coupon`: whether a retention coupon may be on it (false only when this run recorded it without one).
 */
interface Prepared {
  order: OrderRow;
  ref: string | null;
  renewalId: number;
  lines?: { label: string; quantity: number }[];
  coupon: boolean;
}

/** Step 1: what is due, checked under the locks; the renewal's order recorded, or why there is none. */
async function prepare(
  tx: Database,
  services: Services,
  subscriptionId: number,
  user: Subscriber,
  makings: Makings,
  now: Date,
): Promise<RenewalOutcome | Prepared> {
  await lockUser(tx, user.id);
  let read = await readLocked(tx, subscriptionId, services.payments.name);
  const subscription = read?.subscription;
  if (!read || !subscription || subscription.status === 'canceled') return 'canceled';
  // A ship-now whose request died after its charge is concluded first (its products move); one being charged right
  // now is waited for, so a box is never made twice.
  if (read.shipNowPending) {
    if (await settleShipNows(tx, subscriptionId, user.id, now)) {
      await scheduleRenewal(tx, subscriptionId, new Date(now.getTime() + SHIP_NOW_WAIT_MS));
      return 'not_due';
    }
    read = (await readLocked(tx, subscriptionId, services.payments.name))!;
  }
  const { products, renewal, methodRef } = read;
  const today = dayOf(now);
  const due = earliestStart(products);
  if (!due) return 'nothing_to_renew';
  if (due > today) {
    await scheduleRenewalAt(tx, subscriptionId, due);
    return 'not_due';
  }
  // Held by something the shopper must settle (a sold-out fragrance): nothing renews until they do.
  if (subscription.status === 'onhold' && subscription.statusReason !== 'payment_error') return 'onhold';
  if (renewal?.orderId) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, renewal.orderId));
    // A run that stopped after recording (or charging): go on with the same order and key.
    if (order && renewal.status === 'pending') return { order: order as OrderRow, ref: methodRef, renewalId: renewal.id, coupon: true };
    if (renewal.status === 'paid') {
      await scheduleRenewalAt(tx, subscriptionId, due);
      return 'already_settled';
    }
  }

  const dueProducts = products.filter((p) => p.nextStart <= today);
  const box = dueProducts.filter((p) => !p.skipped && sellable(makings.entries.get(p.type)));
  if (box.length === 0) {
    // Every due product skipped (or no longer sold): their dates move on, nothing is charged.
    await moveDates(tx, dueProducts, today, now);
    await scheduleRenewal(tx, subscriptionId);
    return 'all_skipped';
  }
  if (makings.fragranceSoldOut && box.some((p) => makings.formulas.get(p.type)?.fragrance)) {
    // Spec 001 §4: the fragrance of the shopper's formula is sold out; they choose another, then it renews.
    await hold(tx, subscription, 'invalid_fragrance', due, now);
    return 'invalid_fragrance';
  }
  if (methodRef === null) {
    // Never charged: the method was removed (or the subscription has none); updating it resumes the subscription.
    await hold(tx, subscription, 'payment_error', due, now, 'no_payment_method');
    await mailPaymentFailed(tx, services, subscription, user, null, now);
    return 'no_payment_method';
  }
  const attempt = (renewal?.attempts ?? 0) + 1;
  const key = `${RENEWAL_KEY_PREFIX}${subscription.pubkey}:${due}:${attempt}`;
  const coupon = read.coupon;
  const basket = renewalBasket(subscription, box, { ...makings, coupon });
  const order = await recordOrder(tx, {
    userId: user.id,
    basket,
    key,
    requestHash: createHash('sha256').update(key).digest('hex'),
    provider: services.payments.name,
    now,
  });
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = rowsOf(
    await tx.execute(sql`insert into subscription_renewals (subscription_id, due_on, status, order_id, attempts, created_at, updated_at)
      values (${subscriptionId}, ${due}::date, 'pending', ${order.id}, ${attempt}, ${at}, ${at})
      on conflict (subscription_id, due_on) do update set status = 'pending', order_id = excluded.order_id, attempts = excluded.attempts,
        reason = null, updated_at = excluded.updated_at
      returning id`),
  );
  if (coupon) await reserveCoupon(tx, coupon.id, order.id);
  return { order, ref: methodRef, renewalId: Number(row!.id), lines: order.items, coupon: coupon !== null };
}

/** What a renewal reads of its subscription under the customer's lock (`readLocked`). */
interface LockedRead {
  subscription: LockedSubscription;
  /** Its payment method's reference at the provider, when the method is still the shopper's (not removed) and this provider's. */
  methodRef: string | null;
  /** Its retention coupon not used yet, if any (one at most: subscription_coupons_unused_idx). */
  coupon: RenewalCoupon | null;
  /** Its products, in the order they were added. */
  products: RenewalProduct[];
  /** A ship-now of it not concluded yet. */
  shipNowPending: boolean;
  /** The renewal logged for its earliest product date, if any. */
  renewal: { id: number; status: string; orderId: number | null; attempts: number } | null;
}

/**
 * Locks the subscription and reads, in one statement, what its renewal decides on: the subscription, its live payment
 * method, its unused coupon, its products, whether a ship-now is pending, and the renewal of its earliest date. Called
 * with the customer locked: every change to a subscription, its products or its renewals is made under that lock
 * (the customer, then the subscription), so this statement's snapshot, taken after it, is current.
 */
async function readLocked(tx: Database, subscriptionId: number, provider: string): Promise<LockedRead | null> {
  const rows = rowsOf(
    await tx.execute(sql`select s.id, s.pubkey, s.status, s.status_reason, s.category, s.sub_category, s.shipping_address,
        s.discount_percentage, s.currency, s.version, s.failed_charges, m.provider_ref,
        c.id as coupon_id, c.percent_off as coupon_percent_off, c.label as coupon_label, p.products,
        exists (select 1 from subscription_events e where e.subscription_id = s.id and e.kind = 'ship_now' and e.state = 'pending') as ship_now_pending,
        r.id as renewal_id, r.status as renewal_status, r.order_id as renewal_order_id, r.attempts as renewal_attempts
      from subscriptions s
      left join payment_methods m on m.id = s.payment_method_id and m.user_id = s.user_id and m.deleted_at is null and m.provider = ${provider}
      left join subscription_coupons c on c.subscription_id = s.id and c.used_at is null
      cross join lateral (
        select coalesce(json_agg(json_build_object('id', sp.id, 'type', sp.type, 'product', sp.product, 'quantity', sp.quantity,
            'frequency', sp.frequency, 'nextStart', sp.next_start, 'skipped', sp.skipped) order by sp.id), '[]'::json) as products,
          min(sp.next_start) as due
        from subscription_products sp where sp.subscription_id = s.id) p
      left join subscription_renewals r on r.subscription_id = s.id and r.due_on = p.due
      where s.id = ${subscriptionId}
      for update of s`),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    subscription: {
      id: Number(row.id),
      pubkey: row.pubkey as string,
      status: row.status as SubscriptionRow['status'],
      statusReason: row.status_reason as SubscriptionRow['statusReason'],
      category: row.category as SubscriptionRow['category'],
      subCategory: row.sub_category as SubscriptionRow['subCategory'],
      shippingAddress: jsonOf(row.shipping_address) as SubscriptionRow['shippingAddress'],
      discountPercentage: Number(row.discount_percentage),
      currency: row.currency as SubscriptionRow['currency'],
      version: Number(row.version),
      failedCharges: Number(row.failed_charges),
    },
    methodRef: (row.provider_ref as string | null) ?? null,
    coupon:
      row.coupon_id === null || row.coupon_id === undefined
        ? null
        : { id: Number(row.coupon_id), percentOff: Number(row.coupon_percent_off), label: row.coupon_label as string },
    products: jsonOf(row.products) as RenewalProduct[],
    shipNowPending: row.ship_now_pending === true,
    renewal:
      row.renewal_id === null || row.renewal_id === undefined
        ? null
        : {
            id: Number(row.renewal_id),
            status: row.renewal_status as string,
            orderId: row.renewal_order_id === null ? null : Number(row.renewal_order_id),
            attempts: Number(row.renewal_attempts),
          },
  };
}

/** The rows of `tx.execute` on either database. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
}

/** A json column as a value (node-postgres and PGlite parse it; text if a driver did not). */
const jsonOf = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** Step 3: the charge's outcome written once (the renewal leaves pending once). */
async function conclude(
  tx: Database,
  services: Services,
  subscriptionId: number,
  step: Prepared,
  order: OrderRow,
  user: Subscriber,
  now: Date,
  options: { userLocked?: boolean } = {},
): Promise<RenewalOutcome> {
  const renewalId = step.renewalId;
  if (!options.userLocked) await lockUser(tx, user.id);
  if (order.status !== 'pending_payment' && order.status !== 'payment_failed') return concludePaid(tx, services, subscriptionId, step, order, user, now);
  // Declined, or the bank still waiting: the subscription locked, with the renewal (current: read under the customer's lock).
  const [found] = rowsOf(
    await tx.execute(sql`select s.status, s.status_reason, s.category, s.sub_category, s.version, s.failed_charges,
        r.status as renewal_status, r.order_id as renewal_order_id
      from subscriptions s
      left join subscription_renewals r on r.id = ${renewalId} and r.subscription_id = s.id
      where s.id = ${subscriptionId}
      for update of s`),
  );
  if (!found || found.renewal_status !== 'pending' || Number(found.renewal_order_id) !== order.id) return 'already_settled';
  const subscription = {
    id: subscriptionId,
    status: found.status as SubscriptionRow['status'],
    statusReason: found.status_reason as SubscriptionRow['statusReason'],
    category: found.category as SubscriptionRow['category'],
    subCategory: found.sub_category as SubscriptionRow['subCategory'],
    version: Number(found.version),
    failedCharges: Number(found.failed_charges),
  };
  if (order.status === 'pending_payment') {
    // The bank wants the shopper to confirm: the next run (a day later) reads the charge again under the same key.
    await scheduleRenewal(tx, subscriptionId, new Date(now.getTime() + 86_400_000));
    return 'waiting_for_bank';
  }
  if (order.status === 'payment_failed') {
    const failed = subscription.failedCharges + 1;
    await tx.update(subscriptionRenewals).set({ status: 'declined', reason: order.declineCode, updatedAt: now }).where(eq(subscriptionRenewals.id, renewalId));
    await tx
      .update(subscriptions)
      .set({ status: 'onhold', statusReason: 'payment_error', failedCharges: failed, version: subscription.version + 1, updatedAt: now })
      .where(eq(subscriptions.id, subscriptionId));
    const wait = RETRY_AFTER_DAYS[failed - 1];
    const retry = wait === undefined ? null : new Date(now.getTime() + wait * 86_400_000);
    if (retry) await scheduleRenewal(tx, subscriptionId, retry);
    await mailPaymentFailed(tx, services, subscription, user, retry ? dayOf(retry) : null, now);
    return 'declined';
  }
  return 'already_settled';
}

/**
 * Step 3 for a paid charge, in one statement: the renewal leaves pending (once: nothing else is written when it already
 * has), the products due when the box was made (renewed, or skipped with it) move by their own frequency, as often as
 * needed to be after today, un-skipped (one that fell due since, a run finished late, waits for its own box), the
 * subscription's failed charges are cleared (a hold by its payment lifted) and its version bumped, its spent coupon
 * marked, and its next renewal and upcoming-renewal mail scheduled on its new earliest date; then the "renewed" mail.
 */
async function concludePaid(
  tx: Database,
  services: Services,
  subscriptionId: number,
  step: Prepared,
  order: OrderRow,
  user: Subscriber,
  now: Date,
): Promise<RenewalOutcome> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const today = sql`${dayOf(now)}::date`;
  const boxDay = sql`${dayOf(order.createdAt)}::date`;
  const [row] = rowsOf(
    await tx.execute(sql`with settled as (
        update subscription_renewals set status = 'paid', reason = null, updated_at = ${at}
        where id = ${step.renewalId} and subscription_id = ${subscriptionId} and status = 'pending' and order_id = ${order.id}
        returning id),
      moved as (
        update subscription_products set
          next_start = next_start + frequency * 7 * greatest(1, (${today} - next_start) / (frequency * 7) + 1),
          skipped = false, updated_at = ${at}
        where subscription_id = ${subscriptionId} and next_start <= ${boxDay} and exists (select 1 from settled)
        returning next_start),
      next as (
        select min(day) as day from (
          select next_start as day from moved
          union all
          select next_start from subscription_products where subscription_id = ${subscriptionId} and next_start > ${boxDay}) days),
      subscription as (
        update subscriptions set failed_charges = 0,
          status = case when status = 'onhold' and status_reason = 'payment_error' then 'active' else status end,
          status_reason = case when status = 'onhold' and status_reason = 'payment_error' then null else status_reason end,
          version = version + 1, updated_at = ${at}
        where id = ${subscriptionId} and exists (select 1 from settled)
        returning category, sub_category),
      ${step.coupon ? sql`coupon as (update subscription_coupons set used_at = ${at} where subscription_id = ${subscriptionId} and order_id = ${order.id} and used_at is null and exists (select 1 from settled)),` : sql``}
      jobs as (${renewalJobsFromStatement(subscriptionId, sql`(select day from next where exists (select 1 from settled))`)}),
      unjobs as (
        delete from scheduled_jobs where key = ${renewalJobKey(subscriptionId)} and name in (${RENEW_SUBSCRIPTION_JOB}, ${UPCOMING_RENEWAL_JOB})
        and exists (select 1 from settled) and (select day from next) is null)
      select s.category, s.sub_category, (select day::text from next) as next from subscription s`),
  );
  if (!row) return 'already_settled';
  const next = (row.next as string | null) ?? null;
  if (user.email) {
    const subscription = { category: row.category as SubscriptionRow['category'], subCategory: row.sub_category as SubscriptionRow['subCategory'] };
    const lines =
      step.lines ?? (await tx.select({ label: orderItems.label, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, order.id)));
    await enqueueMail(tx, now, subscriptionRenewedMail(user.email, user.firstName, subscription, order, lines, next, services.config.publicUrl));
  }
  return 'renewed';
}

/**
 * Each product moves by its own frequency from its date, as often as needed to be after `today` (a renewal run late,
 * or resumed after a hold, does not send the boxes it missed): each moved product's new date by its id.
 */
function movedDates(products: readonly Pick<ProductRow, 'id' | 'frequency' | 'nextStart'>[], today: string): Map<number, string> {
  const moved = new Map<number, string>();
  for (const product of products) {
    let next = addWeeks(product.nextStart, product.frequency);
    while (next <= today) next = addWeeks(next, product.frequency);
    moved.set(product.id, next);
  }
  return moved;
}

/** The products moved to their new dates (`movedDates`), un-skipped, in one statement. */
function moveDatesStatement(moved: ReadonlyMap<number, string>, now: Date): SQL {
  const ids = [...moved.keys()];
  return sql`update subscription_products set next_start = case id ${sql.join(
    [...moved].map(([id, day]) => sql`when ${id} then ${day}::date`),
    sql` `,
  )} end, skipped = false, updated_at = ${now.toISOString()}::timestamptz where id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** `movedDates`, written (a renewal whose every due product is skipped or no longer sold). */
async function moveDates(tx: Database, products: readonly Pick<ProductRow, 'id' | 'frequency' | 'nextStart'>[], today: string, now: Date): Promise<void> {
  const moved = movedDates(products, today);
  if (moved.size > 0) await tx.execute(moveDatesStatement(moved, now));
}

/** Holds the subscription (onhold with its reason) and logs the renewal as held; nothing is charged. */
async function hold(
  tx: Database,
  subscription: Pick<SubscriptionRow, 'id' | 'version'>,
  reason: 'payment_error' | 'invalid_fragrance',
  due: string,
  now: Date,
  why: string = reason,
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'onhold', statusReason: reason, version: subscription.version + 1, updatedAt: now })
    .where(eq(subscriptions.id, subscription.id));
  await tx
    .insert(subscriptionRenewals)
    .values({ subscriptionId: subscription.id, dueOn: due, status: 'held', reason: why, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [subscriptionRenewals.subscriptionId, subscriptionRenewals.dueOn], set: { status: 'held', reason: why, updatedAt: now } });
}

async function mailPaymentFailed(
  tx: Database,
  services: Services,
  subscription: Pick<SubscriptionRow, 'category' | 'subCategory'>,
  user: Subscriber,
  retryDay: string | null,
  now: Date,
): Promise<void> {
  if (user.email) await enqueueMail(tx, now, paymentFailedMail(user.email, user.firstName, subscription, retryDay, services.config.publicUrl));
}

/** Still sold: in the catalogue, not retired, not sold out. */
export function sellable(entry: CatalogueEntry | undefined): entry is CatalogueEntry {
  return !!entry && !entry.retired && !entry.soldOut;
}

/** A product's price on a subscription in cents: the catalogue's subscribed price at the shop's saving, else the subscription's own. */
export function subscribedUnitPrice(entry: CatalogueEntry, currency: Currency, discountPercentage: number): number {
  const full = entry.price[currency];
  if (entry.isSubscribable && entry.subscribedPrice[currency] > 0 && Math.round((full * (100 - discountPercentage)) / 100) === entry.subscribedPrice[currency])
    return entry.subscribedPrice[currency];
  return Math.round((full * (100 - discountPercentage)) / 100);
}

/**
 * The box as a priced basket: the subscription's saving, a retention coupon when `makings` holds one (its percent off
 * what remains, in the discount), free shipping (spec 001 §9), taxes of where it ships on what is paid (the forecast
 * prices with it too). `offerDiscount`: the coupon's part of the discount, in cents.
 */
export function renewalBasket(
  subscription: Pick<SubscriptionRow, 'currency' | 'shippingAddress' | 'discountPercentage' | 'category'>,
  box: readonly Pick<ProductRow, 'type' | 'product' | 'quantity' | 'frequency'>[],
  makings: Makings,
): PricedBasket & { offerDiscount: number } {
  const currency = subscription.currency;
  const address = subscription.shippingAddress;
  const lines: BasketLine[] = box.map((product) => {
    const entry = makings.entries.get(product.type)!;
    const unitPrice = subscribedUnitPrice(entry, currency, subscription.discountPercentage);
    const formula = entry.isCustom ? makings.formulas.get(entry.type) : undefined;
    return {
      category: entry.isCustom ? 'formula' : 'item',
      type: product.type,
      product: product.product,
      label: entry.label,
      quantity: product.quantity,
      unitPrice,
      totalPrice: unitPrice * product.quantity,
      subscriptionActive: true,
      frequency: product.frequency,
      isFormula: entry.isCustom,
      productCategory: entry.category,
      formula: formula ? orderedFormula(formula) : null,
      customization: null,
    };
  });
  const totalPrice = box.reduce((sum, p) => sum + makings.entries.get(p.type)!.price[currency] * p.quantity, 0);
  const saved = lines.reduce((sum, line) => sum + line.totalPrice, 0);
  const offerDiscount = makings.coupon ? Math.round((saved * makings.coupon.percentOff) / 100) : 0;
  const paid = saved - offerDiscount;
  const rate = taxRate(loadTaxTable(), address.country, address.state);
  const taxes = rate === null ? 0 : taxOn(paid, rate);
  return {
    origin: { cartId: null, cartVersion: 0, cartKind: subscription.category as CartKind },
    currency,
    totals: { totalPrice, totalDiscount: totalPrice - paid, totalShipping: 0, totalTaxes: taxes, totalAmount: paid + taxes },
    isSubscription: true,
    categories: [subscription.category],
    survey: feedbackSurvey(makings.answers),
    shippingAddress: address,
    deliveryInstructions: null,
    lines,
    offerDiscount,
  };
}
