/**
 * @module server/tracking/routes: the tracking calls (spec 001 §7 "Flags, tracking"; server/tracking/README.md):
 * POST /v1/breadcrumbs/, /v1/tracking, /v1/trigger/{provider}_event/, the web app's POST /v1/tracking/batch (a
 * beacon's), and GET /dev/tracking.json outside production. Each answers 204 with nothing in the body; a bad body is
 * 400 and records nothing; too many calls from one visitor or address are 429. Bodies are never logged.
 */
import type { Context } from 'hono';
import { desc, eq } from 'drizzle-orm';
import { MARKETING_PROVIDERS, trackedEvents, trackedEventsQuery, type MarketingProvider } from '#api';
import { trackingEvents } from '../db/schema';
import { notFound } from '../http/api-error';
import { clientIp } from '../http/client-ip';
import { defineOperation, defineServerOnlyOperation } from '../http/operation';
import { hitRateLimit } from '../http/rate-limit';
import type { Services } from '../services';
import { clientEventsAllowed } from './consent';
import { trackingOf, type TrackedEventInput } from './event-sink';
import { breadcrumbEvent, trackingEvent, triggerEvent, type EventOrigin } from './request-events';
import { visitorOf } from '../http/visitor';

/** Tracking calls per visitor and per address in a minute: a page view and a beacon every few seconds fit many times over. */
export const TRACKING_LIMITS = { perVisitor: { limit: 120, windowSeconds: 60 }, perIp: { limit: 1200, windowSeconds: 60 } };

const RESPONSES = {
  204: 'Recorded (or dropped, when the visitor’s consent cookie denies analytics)',
  400: 'validation_error: an unknown event, a field that is not one of its own, or a value that is not a short token; nothing is recorded',
  413: 'payload_too_large',
  429: 'rate_limited: too many tracking calls from this visitor or address',
} as const;

/** Who sent it and when; rate-limited per visitor and per address. */
async function originOf(c: Context, services: Services, userId: number | null): Promise<EventOrigin> {
  const visitorId = visitorOf(c) ?? null;
  if (services.config.rateLimits) {
    if (visitorId) await hitRateLimit(services, `tracking:visitor:${visitorId}`, TRACKING_LIMITS.perVisitor);
    await hitRateLimit(services, `tracking:ip:${clientIp(c, services.config.trustProxy)}`, TRACKING_LIMITS.perIp);
  }
  return { at: services.clock.now(), visitorId, userId };
}

async function record(c: Context, services: Services, events: TrackedEventInput[]): Promise<Response> {
  if (clientEventsAllowed(c)) await trackingOf(services).record(services.db, events);
  return c.body(null, 204);
}

/** POST /v1/breadcrumbs/ {version: 1, type: "pageview" | "cta_click", data}: a page view (its path and utm_* only) or a call to action. */
export const postBreadcrumb = defineOperation(
  'postBreadcrumb',
  { summary: 'Record a page view or a call to action', tag: 'tracking', responses: RESPONSES },
  async ({ c, body, auth, services }) => record(c, services, [breadcrumbEvent(await originOf(c, services, auth?.user.id ?? null), body)]),
);

/** POST /v1/tracking {event_name, data}: one of the web app's named events. */
export const postTrackingEvent = defineOperation(
  'postTrackingEvent',
  { summary: 'Record a named event', tag: 'tracking', responses: RESPONSES },
  async ({ c, body, auth, services }) => record(c, services, [trackingEvent(await originOf(c, services, auth?.user.id ?? null), body)]),
);

/** POST /v1/trigger/{provider}_event/ {event_name, data}: a marketing event for the provider (only the embedded `shop`). */
export const postTriggerEvent = defineOperation(
  'postTriggerEvent',
  { summary: 'Record a marketing event', tag: 'tracking', responses: { ...RESPONSES, 404: 'not_found: no such marketing-event provider' } },
  async ({ c, body, params, auth, services }) => {
    const provider = /^([a-z]+)_event$/.exec(params.provider_event ?? '')?.[1];
    if (!provider || !(MARKETING_PROVIDERS as readonly string[]).includes(provider)) throw notFound();
    return record(c, services, [triggerEvent(await originOf(c, services, auth?.user.id ?? null), provider as MarketingProvider, body)]);
  },
);

/**
 * POST /v1/tracking/batch {events: [...]}: the web app's queued events, sent as a beacon. A beacon has no
 * Authorization header: the events are the visitor's (the cookie), never tied to a customer.
 */
export const postTrackingBatch = defineOperation(
  'postTrackingBatch',
  { summary: 'Record a batch of the web app’s events', tag: 'tracking', responses: RESPONSES },
  async ({ c, body, services }) => {
    const origin = await originOf(c, services, null);
    const events = body.events.map((event) => {
      const at = { ...origin, at: new Date(origin.at.getTime() - (event.age_ms ?? 0)) };
      if (event.call === 'breadcrumbs') return breadcrumbEvent(at, event.body);
      if (event.call === 'tracking') return trackingEvent(at, event.body);
      return triggerEvent(at, event.provider, event.body);
    });
    return record(c, services, events);
  },
);

/** GET /dev/tracking.json: the newest recorded events (optionally one visitor's), for people and tests; off in production. */
export const getTrackedEventsJson = defineServerOnlyOperation(
  { method: 'GET', path: '/dev/tracking.json', auth: 'none', query: trackedEventsQuery, response: trackedEvents },
  { summary: 'Recorded tracking events (not in production)', tag: 'dev', responses: { 200: 'Events, newest first' } },
  async ({ c, query, services }) => {
    const rows = await services.db
      .select()
      .from(trackingEvents)
      .where(query.visitor ? eq(trackingEvents.visitorId, query.visitor) : undefined)
      .orderBy(desc(trackingEvents.id))
      .limit(query.limit ?? 100);
    return c.json(
      rows.map((r) => ({
        at: r.at.toISOString(),
        visitor_id: r.visitorId,
        user_id: r.userId,
        kind: r.kind,
        name: r.name,
        path: r.path,
        flow: r.flow,
        step: r.step,
        variant: r.variant,
        arms: r.arms,
        data: r.data,
      })),
      200,
    );
  },
);

export const trackingOperations = [postBreadcrumb, postTrackingEvent, postTriggerEvent, postTrackingBatch];
