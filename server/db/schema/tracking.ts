/**
 * @module server/db/schema/tracking: the shop's tracked events (spec 001 §2 router location, §7 "Flags, tracking",
 * §9 "Tracking"; spec 002 §3.9), one row per event, written by the one tracking interface (server/tracking/). The
 * funnel report reads flow step views by `flow`, `step`, `variant` and `arms`. Never a secret, a card detail, an
 * e-mail or free text: the API's schemas refuse them before a row is written, and URLs keep only their path and utm_*.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

/** What an event is: a breadcrumb (pageview, cta_click), a named event (POST /v1/tracking), a marketing event (trigger), or one the server records itself. */
export const TRACKING_EVENT_KINDS = ['pageview', 'cta_click', 'event', 'marketing', 'server'] as const;
export type TrackingEventKind = (typeof TRACKING_EVENT_KINDS)[number];

/** One scalar of an event's data: the schemas allow nothing else. */
export type TrackedValue = string | number | boolean | null;

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** When it was recorded (the shop's clock). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The visitor cookie's id (server/http/visitor.ts); null for events with no browser behind them. */
    visitorId: text('visitor_id'),
    /** The signed-in customer or guest, when the request carried a valid access token (never from a beacon). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<TrackingEventKind>().notNull(),
    /** pageview, cta_click, the event_name of /v1/tracking or a trigger, or the server's own (sign_up, purchase...). */
    name: text('name').notNull(),
    /** The page's path with only its utm_* parameters, when there is a page. */
    path: text('path'),
    /** Flow step views (the funnel report): the flow's id, the step's name, its variants as `key=value;...`, the A/B flags' arms. */
    flow: text('flow'),
    step: text('step'),
    variant: text('variant'),
    arms: jsonb('arms').$type<Record<string, string>>(),
    /** The event's other fields, scalars only. */
    data: jsonb('data').$type<Record<string, TrackedValue>>().notNull().default({}),
  },
  (t) => [
    index('tracking_events_at_idx').on(t.at),
    index('tracking_events_flow_idx').on(t.flow, t.at),
    index('tracking_events_visitor_idx').on(t.visitorId, t.at),
    check('tracking_events_kind_check', sql.raw(`kind in (${TRACKING_EVENT_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);

/**
 * A customer's last known analytics consent (spec 001 §9 Consent), written whenever a request of theirs decides a
 * server event (sign-up, purchase, feedback) by its `consent` cookie: the events with no browser behind them (a
 * renewal, a reconciliation) follow it (server/tracking/README.md "Consent").
 */
export const customerConsents = pgTable('customer_consents', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  analytics: boolean('analytics').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
