/**
 * @module server/subscriptions/profile-flags: the user profile's subscription flags (spec 001 §3 User profile, §4
 * Subscriptions and Account), derived on every read of the user from the subscriptions and paid orders themselves,
 * never stored (README.md "Create and upsells"). One SQL expression joins the user's row (GET /v1/account/ stays one
 * query); the rules are the pure `subscriptionFlags`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CustomerSegment } from '#api';
import { SUPPLEMENT_PRODUCTS } from '../feedback/feedback-order';

/** A subscription as the flags read it. */
export interface SubscriptionFact {
  status: 'active' | 'onhold' | 'canceled';
  category: 'haircare' | 'skincare';
  sub_category: 'topicals' | 'supplements';
}

/** What the SQL below reads: every subscription of the user, and the categories of their paid orders. */
export interface SubscriptionFacts {
  subscriptions: SubscriptionFact[];
  /** haircare (topicals), skincare, supplements: the categories a paid order of theirs held. */
  paid_categories: SegmentCategory[];
}

export type SegmentCategory = 'haircare' | 'skincare' | 'supplements';

/** What else the rules read from the user. */
export interface ShopperContext {
  isGuest: boolean;
  orderCount: number;
  /** Per category, the consultation is completed (supplements: its questions answered). */
  consultationDone: Record<SegmentCategory, boolean>;
}

export interface SubscriptionFlags {
  has_active_subscription: boolean;
  has_active_haircare_subscription: boolean;
  has_haircare_subscription_in_any_state: boolean;
  has_active_skincare_subscription: boolean;
  has_skincare_subscription_in_any_state: boolean;
  has_active_supplements_subscription: boolean;
  has_onhold_subscription: boolean;
  has_canceled_subscription: boolean;
  can_subscribe: boolean;
  customer_segment: Record<SegmentCategory, CustomerSegment>;
  user_type: 'customer' | 'account_holder';
  subscriber_status: 'subscribed' | 'was_subscribed' | 'never_subscribed';
}

const supplements = sql.raw(SUPPLEMENT_PRODUCTS.map((p) => `'${p}'`).join(', '));

/** One SQL expression (a subquery of the user's row) giving the user's SubscriptionFacts. */
export function subscriptionFactsSql(userId: AnyPgColumn): SQL<SubscriptionFacts> {
  return sql<SubscriptionFacts>`jsonb_build_object(
    'subscriptions', (select coalesce(jsonb_agg(jsonb_build_object('status', s.status, 'category', s.category, 'sub_category', s.sub_category)), '[]'::jsonb)
      from subscriptions s where s.user_id = ${userId}),
    'paid_categories', (select coalesce(jsonb_agg(distinct case when i.product in (${supplements}) then 'supplements' else i.product_category end), '[]'::jsonb)
      from order_items i join orders o on o.id = i.order_id
      where o.user_id = ${userId} and o.paid_at is not null and i.product_category in ('haircare', 'skincare')))`;
}

/** The segment category a subscription counts in: supplements apart from haircare's topicals (spec 001 §3 "Category rules"). */
export const segmentOf = (s: Pick<SubscriptionFact, 'category' | 'sub_category'>): SegmentCategory =>
  s.sub_category === 'supplements' ? 'supplements' : s.category;

/**
 * The flags (spec 001 §3 User profile, §4):
 * - has_active_subscription: a subscription whose status is active (§4 Create/Update "set from status = active");
 * - haircare and skincare mean their topicals, supplements apart (§3 "Category rules");
 * - customer segment per category (§4 Account): subscriber with an active subscription of it; churnedSubscriber with
 *   one in any state but none active; nonSubscriber with a paid order of it and no subscription; prospect otherwise;
 * - user_type (§4, §6): customer when order_count > 0, else account_holder;
 * - subscriber_status (§4): subscribed with an active or on-hold subscription, was_subscribed with canceled ones only,
 *   else never_subscribed;
 * - can_subscribe (our choice): not a guest, and a category whose consultation is done with no current subscription of it.
 */
export function subscriptionFlags(facts: SubscriptionFacts | null, shopper: ShopperContext): SubscriptionFlags {
  const all = facts?.subscriptions ?? [];
  const paid = new Set(facts?.paid_categories ?? []);
  const of = (category: SegmentCategory) => all.filter((s) => segmentOf(s) === category);
  const active = (list: SubscriptionFact[]) => list.some((s) => s.status === 'active');
  const current = (list: SubscriptionFact[]) => list.some((s) => s.status === 'active' || s.status === 'onhold');
  const segment = (category: SegmentCategory): CustomerSegment => {
    const list = of(category);
    if (active(list)) return 'subscriber';
    if (list.length > 0) return 'churnedSubscriber';
    if (paid.has(category)) return 'nonSubscriber';
    return 'prospect';
  };
  const categories: SegmentCategory[] = ['haircare', 'skincare', 'supplements'];
  return {
    has_active_subscription: active(all),
    has_active_haircare_subscription: active(of('haircare')),
    has_haircare_subscription_in_any_state: of('haircare').length > 0,
    has_active_skincare_subscription: active(of('skincare')),
    has_skincare_subscription_in_any_state: of('skincare').length > 0,
    has_active_supplements_subscription: active(of('supplements')),
    has_onhold_subscription: all.some((s) => s.status === 'onhold'),
    has_canceled_subscription: all.some((s) => s.status === 'canceled'),
    can_subscribe: !shopper.isGuest && categories.some((c) => shopper.consultationDone[c] && !current(of(c))),
    customer_segment: { haircare: segment('haircare'), skincare: segment('skincare'), supplements: segment('supplements') },
    user_type: shopper.orderCount > 0 ? 'customer' : 'account_holder',
    subscriber_status: current(all) ? 'subscribed' : all.length > 0 ? 'was_subscribed' : 'never_subscribed',
  };
}
