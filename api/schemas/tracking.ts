import { z } from 'zod';

// Tracking (spec 001 §2 "The router location (pathname and search) is tracked", §7 "Flags, tracking", §9 "Tracking";
// server/tracking/README.md for every choice the spec leaves open). Every field is a short token, a number or a
// boolean: no free text, no e-mail, no card detail, no token can be written in the shapes below, and unknown keys are
// refused (400, nothing saved).

/** A short identifier: a product, a flow, a step, a place on a page. */
const token = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'Lowercase letters, digits, - and _ only (64 at most).');

/** A campaign's utm value as the browser read it (its own characters; no spaces, no @). */
const utmValue = z.string().regex(/^[A-Za-z0-9_.+-]{1,100}$/, 'Letters, digits and _ . + - only (100 at most).');

/** A page address: this site's path (with its query), or an absolute http(s) address; only the path and utm_* are kept. */
export const trackedUrl = z
  .string()
  .min(1)
  .max(2048, 'An address of 2048 characters at most.')
  .refine((value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), 'A path starting with / or an http(s) address.');

/** The variants a flow runs with, `key=value;key=value` sorted by key (the funnel report's variant). */
export const variantText = z
  .string()
  .max(1500)
  .regex(/^([a-z0-9_-]{1,64}=[A-Za-z0-9_.-]{1,64})(;[a-z0-9_-]{1,64}=[A-Za-z0-9_.-]{1,64})*$|^$/, 'key=value pairs separated by ;');

/** POST /v1/breadcrumbs/ (§7): a page view, or a product-preselect call to action. */
export const breadcrumbRequest = z.discriminatedUnion('type', [
  z.strictObject({ version: z.literal(1), type: z.literal('pageview'), data: z.strictObject({ url: trackedUrl }) }),
  z.strictObject({
    version: z.literal(1),
    type: z.literal('cta_click'),
    data: z.strictObject({ product: token, cta_type: z.literal('product_preselect'), cta_location: token, product_category: token }),
  }),
]);
export type BreadcrumbRequest = z.input<typeof breadcrumbRequest>;

/**
 * POST /v1/tracking (§7) `{event_name, data}`: the events the web app sends, each with its own fields.
 * - app_start: the campaign the visitor arrived with (§9 "A utm_source query parameter is recorded on app start").
 * - flow_step_view: a step (or `results`) of a consultation, checkout, feedback or cancellation flow was shown, with
 *   the flow's variants and the A/B flags' arms (the drop-off report, issue 29 item 8).
 */
export const trackingRequest = z.discriminatedUnion('event_name', [
  z.strictObject({
    event_name: z.literal('app_start'),
    data: z.strictObject({
      utm_source: utmValue,
      utm_medium: utmValue.optional(),
      utm_campaign: utmValue.optional(),
      utm_content: utmValue.optional(),
      utm_term: utmValue.optional(),
    }),
  }),
  z.strictObject({
    event_name: z.literal('flow_step_view'),
    data: z.strictObject({
      flow: token,
      step: token,
      /** The flow kind: consultation, checkout, feedback, cancellation. */
      kind: token,
      variant: variantText,
      /** The A/B flags ("0"/"1") of the page, `flag=arm;...`. */
      arms: variantText,
    }),
  }),
]);
export type TrackingRequest = z.input<typeof trackingRequest>;
export type TrackingEventName = TrackingRequest['event_name'];

/** The marketing-event services `{provider}` may name in POST /v1/trigger/{provider}_event/: the embedded recorder's. */
export const MARKETING_PROVIDERS = ['shop'] as const;
export const marketingProvider = z.enum(MARKETING_PROVIDERS);
export type MarketingProvider = z.infer<typeof marketingProvider>;

/** POST /v1/trigger/{provider}_event/ (§7) `{event_name, data}`: marketing events. */
export const triggerRequest = z.discriminatedUnion('event_name', [
  z.strictObject({ event_name: z.literal('consultation_completed'), data: z.strictObject({ category: token }) }),
  z.strictObject({ event_name: z.literal('added_to_cart'), data: z.strictObject({ product: token, product_category: token }) }),
  z.strictObject({ event_name: z.literal('checkout_started'), data: z.strictObject({ category: token }) }),
]);
export type TriggerRequest = z.input<typeof triggerRequest>;

/** At most this many events in one batch. */
export const MAX_BATCHED_EVENTS = 25;

/** One event of a batch: which call it stands for, its body, and how long ago it happened (at most ten minutes). */
const batchAge = {
  age_ms: z
    .number()
    .int()
    .min(0)
    .max(10 * 60 * 1000)
    .optional(),
};
export const batchedEvent = z.discriminatedUnion('call', [
  z.strictObject({ call: z.literal('breadcrumbs'), body: breadcrumbRequest, ...batchAge }),
  z.strictObject({ call: z.literal('tracking'), body: trackingRequest, ...batchAge }),
  z.strictObject({ call: z.literal('trigger'), provider: marketingProvider, body: triggerRequest, ...batchAge }),
]);
export type BatchedEvent = z.input<typeof batchedEvent>;

/**
 * POST /v1/tracking/batch (our addition): the web app's queued events, sent with navigator.sendBeacon. A beacon
 * carries no Authorization header: its events are the visitor's (the `visitor` cookie), never a customer's.
 */
export const trackingBatchRequest = z.strictObject({ events: z.array(batchedEvent).min(1).max(MAX_BATCHED_EVENTS) });
export type TrackingBatchRequest = z.input<typeof trackingBatchRequest>;

/** GET /dev/tracking.json (not in production): the newest recorded events, for people and tests. */
export const trackedEventsQuery = z.strictObject({ visitor: z.string().max(64).optional(), limit: z.coerce.number().int().min(1).max(500).optional() });
export const trackedEvent = z.object({
  at: z.string(),
  visitor_id: z.string().nullable(),
  user_id: z.number().int().nullable(),
  kind: z.string(),
  name: z.string(),
  path: z.string().nullable(),
  flow: z.string().nullable(),
  step: z.string().nullable(),
  variant: z.string().nullable(),
  arms: z.record(z.string(), z.string()).nullable(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export const trackedEvents = z.array(trackedEvent);
export type TrackedEvent = z.infer<typeof trackedEvent>;
