/**
 * @module app/tracking/tracker: the web app's one way to send tracked events (spec 001 §7 "Flags, tracking", §9
 * Tracking; server/tracking/README.md). Events wait in memory and leave in batches (POST /v1/tracking/batch, as a
 * beacon: it carries the same-origin `visitor` cookie and no token, so the events are the visitor's): every few
 * seconds, when 25 are waiting, and when the page is hidden or left. Nothing is sent before `startSending`, which the
 * tracking runtime calls once the page has loaded and the browser is idle (app-tracking.tsx: never on the critical
 * path), and nothing at all while analytics storage is not granted (spec 001 §9 Consent): events are then dropped,
 * not kept for later.
 */
import type { BatchedEvent, TrackingBatchRequest } from '#api';
import { consentNow } from '../../shop/consent/consent-store';

/** Where batches go (API.md: the web app's batch form of the tracking calls). */
export const BATCH_PATH = '/v1/tracking/batch';
/** api/schemas/tracking.ts MAX_BATCHED_EVENTS (not imported: that module carries zod). */
export const MAX_BATCH = 25;
/** A batch leaves at least this often while events wait. */
export const FLUSH_EVERY_MS = 5000;
/** At most this many wait; past it the oldest go (a page that cannot send). */
const MAX_WAITING = 100;
/** The server takes events at most ten minutes old. */
const MAX_AGE_MS = 10 * 60 * 1000;

type Transport = (batch: TrackingBatchRequest) => void;

interface Waiting {
  event: BatchedEvent;
  at: number;
}

let waiting: Waiting[] = [];
let started = false;
let timer: ReturnType<typeof setInterval> | undefined;
/** Analytics storage granted (spec 001 §9 Consent): the consent in force, unless a test says otherwise. */
const analyticsGranted = () => consentNow().analytics_storage;
let allowed: () => boolean = analyticsGranted;
let transport: Transport = sendAsBeacon;
const stops: (() => void)[] = [];

/** A beacon where the browser has one (it outlives the page), else a keep-alive fetch; failures are dropped. */
function sendAsBeacon(batch: TrackingBatchRequest): void {
  const body = JSON.stringify(batch);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(BATCH_PATH, new Blob([body], { type: 'application/json' }))) return;
    }
    void fetch(BATCH_PATH, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true, credentials: 'same-origin' }).catch(
      () => undefined,
    );
  } catch {
    // Tracking never breaks the page.
  }
}

/** Who decides whether analytics may run (by default the consent in force), and where batches go (tests: a list). */
export function configureTracking(options: { allowed: () => boolean; transport?: Transport }): void {
  allowed = options.allowed;
  if (options.transport) transport = options.transport;
}

/** Queues an event; dropped at once when analytics is not granted. */
export function track(event: BatchedEvent): void {
  if (!allowed()) return;
  waiting.push({ event, at: Date.now() });
  if (waiting.length > MAX_WAITING) waiting.shift();
  if (started && waiting.length >= MAX_BATCH) flush();
}

/** Sends what waits, in batches of 25; with analytics no longer granted, forgets it instead. */
export function flush(): void {
  if (waiting.length === 0) return;
  if (!allowed()) {
    waiting = [];
    return;
  }
  const now = Date.now();
  while (waiting.length > 0) {
    const batch = waiting.splice(0, MAX_BATCH);
    transport({ events: batch.map(({ event, at }) => ({ ...event, age_ms: Math.min(MAX_AGE_MS, Math.max(0, Math.round(now - at))) })) });
  }
}

/** Starts sending: now, every few seconds, and when the page is hidden or left. */
export function startSending(win: Window = window): void {
  if (started) return;
  started = true;
  timer = setInterval(flush, FLUSH_EVERY_MS);
  const onHidden = () => {
    if (win.document.visibilityState === 'hidden') flush();
  };
  win.addEventListener('pagehide', flush);
  win.document.addEventListener('visibilitychange', onHidden);
  stops.push(() => {
    clearInterval(timer);
    win.removeEventListener('pagehide', flush);
    win.document.removeEventListener('visibilitychange', onHidden);
  });
  flush();
}

/** Forgets everything (tests). */
export function resetTracking(): void {
  for (const stop of stops.splice(0)) stop();
  waiting = [];
  started = false;
  allowed = analyticsGranted;
  transport = sendAsBeacon;
}

/** What waits (tests). */
export function waitingEvents(): readonly BatchedEvent[] {
  return waiting.map((w) => w.event);
}
