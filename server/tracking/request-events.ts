/**
 * The events a tracking call's body stands for (POST /v1/breadcrumbs/, /v1/tracking, /v1/trigger/{provider}_event/,
 * and each event of POST /v1/tracking/batch), as rows for the event sink. The bodies were checked by the API's
 * schemas (api/schemas/tracking.ts); here a page's address is cut to its path and utm_* (tracked-url.ts), and a
 * flow step view's variant and arms go to their own columns for the drop-off report.
 */
import type { BreadcrumbRequest, TrackingRequest, TriggerRequest } from '#api';
import type { TrackedEventInput } from './event-sink';
import { trackedPath } from './tracked-url';

/** Who and when: the visitor cookie's id, the customer when the call carried a valid token, and the moment. */
export interface EventOrigin {
  at: Date;
  visitorId: string | null;
  userId: number | null;
}

/** `a=0;b=1` as `{a: '0', b: '1'}`; empty: null. */
export function armsOf(text: string): Record<string, string> | null {
  if (!text) return null;
  return Object.fromEntries(text.split(';').map((pair) => pair.split('=') as [string, string]));
}

export function breadcrumbEvent(origin: EventOrigin, body: BreadcrumbRequest): TrackedEventInput {
  if (body.type === 'pageview') return { ...origin, kind: 'pageview', name: 'pageview', path: trackedPath(body.data.url) };
  return { ...origin, kind: 'cta_click', name: 'cta_click', data: { ...body.data } };
}

export function trackingEvent(origin: EventOrigin, body: TrackingRequest): TrackedEventInput {
  if (body.event_name === 'flow_step_view') {
    const { flow, step, kind, variant, arms } = body.data;
    return { ...origin, kind: 'event', name: body.event_name, flow, step, variant, arms: armsOf(arms), data: { kind } };
  }
  return { ...origin, kind: 'event', name: body.event_name, data: { ...body.data } };
}

export function triggerEvent(origin: EventOrigin, provider: string, body: TriggerRequest): TrackedEventInput {
  return { ...origin, kind: 'marketing', name: body.event_name, data: { ...body.data, provider } };
}
