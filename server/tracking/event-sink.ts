/**
 * @module server/tracking/event-sink: the one interface every tracked event goes through (spec 001 §7 "Flags,
 * tracking", §9 "Tracking"), and the shop's embedded recorder, which writes each event to `tracking_events` (no
 * network). A vendor's adapter would implement `EventSink` and be given to createApp as `eventSink`
 * (server/services.ts). Page views also reach the referral-tracking service (spec 001 §7: "page views").
 */
import type { Database } from '../db/database';
import { trackingEvents, type TrackedValue, type TrackingEventKind } from '../db/schema';
import { referralTrackingOf } from '../referrals/referral-tracking';
import type { Services } from '../services';

/** One event to record: already checked by the API's schemas, its path already without secrets (tracked-url.ts). */
export interface TrackedEventInput {
  at: Date;
  visitorId: string | null;
  userId: number | null;
  kind: TrackingEventKind;
  name: string;
  path?: string | null;
  flow?: string | null;
  step?: string | null;
  variant?: string | null;
  arms?: Record<string, string> | null;
  data?: Record<string, TrackedValue>;
}

/** Where events go: the embedded recorder, or a vendor's adapter. */
export interface EventSink {
  /** Records the events, in the caller's transaction when `db` is one. */
  record(db: Database, events: readonly TrackedEventInput[]): Promise<void>;
}

/** The embedded recorder: one row per event in `tracking_events`. */
export const embeddedEventSink: EventSink = {
  async record(db, events) {
    if (events.length === 0) return;
    await db.insert(trackingEvents).values(
      events.map((e) => ({
        at: e.at,
        visitorId: e.visitorId,
        userId: e.userId,
        kind: e.kind,
        name: e.name,
        path: e.path ?? null,
        flow: e.flow ?? null,
        step: e.step ?? null,
        variant: e.variant ?? null,
        arms: e.arms ?? null,
        data: e.data ?? {},
      })),
    );
  },
};

/** The shop's tracking: the app's event sink (the embedded one by default), page views told to the referral tracker too. */
export function trackingOf(services: Pick<Services, 'eventSink' | 'referralTracking'>): EventSink {
  const sink = services.eventSink ?? embeddedEventSink;
  const referrals = referralTrackingOf(services);
  return {
    async record(db, events) {
      await sink.record(db, events);
      for (const view of events) {
        if (view.kind === 'pageview' && view.path) await referrals.pageView(db, { userId: view.userId, path: view.path });
      }
    },
  };
}
