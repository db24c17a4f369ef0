/**
 * The web app's tracking (spec 001 §2 "The router location (pathname and search) is tracked", §7 breadcrumbs,
 * §9 Tracking and Consent; app/tracking/): events wait and leave in batches of at most 25, every few seconds and when
 * the page is hidden or left, never before the page is idle, and never while analytics storage is denied; the
 * marketing events (consultation completed, added to cart, checkout started) are built from what the server took.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import type { TrackingBatchRequest } from '../../api/schemas/tracking';
import { MAX_BATCHED_EVENTS, trackingBatchRequest } from '../../api/schemas/tracking';
import { appStartEvent, armsOf, ctaClickEvent, flowStepEvent, pageviewEvent, trackedLocation } from '../../app/tracking/events';
import { configureTracking, FLUSH_EVERY_MS, flush, MAX_BATCH, resetTracking, startSending, track, waitingEvents } from '../../app/tracking/tracker';
import { forgetFlags } from '../../app/flags';
import { AppTracking, whenTrackingStarted } from '../../app/tracking/app-tracking';
import { consentNow, setConsentRegion } from '../../shop/consent/index';
import { productPreselectCta } from '../../shop/tracking/cta-attributes';
import { cartChangeEvents } from '../../app/tracking/marketing';
import { trackFlowStep } from '../../app/tracking/flow-tracking';

let sent: TrackingBatchRequest[] = [];
const transport = (batch: TrackingBatchRequest) => void sent.push(batch);
const page = (n: number) => pageviewEvent(`/page-${n}`);

beforeEach(() => {
  sent = [];
  resetTracking();
});
afterEach(() => {
  resetTracking();
  vi.useRealTimers();
  document.cookie = 'consent=; Max-Age=0; Path=/';
  localStorage.clear();
});

describe('the batch queue', () => {
  it('sends nothing until started, then what waited in batches of 25 that the server’s schema accepts', () => {
    configureTracking({ allowed: () => true, transport });
    for (let i = 0; i < 30; i++) track(page(i));
    expect(sent).toEqual([]);
    startSending();
    expect(MAX_BATCH).toBe(MAX_BATCHED_EVENTS);
    expect(sent.map((b) => b.events.length)).toEqual([25, 5]);
    for (const batch of sent) expect(trackingBatchRequest.safeParse(batch).success).toBe(true);
    expect(waitingEvents()).toEqual([]);
  });

  it('once started: every few seconds while events wait, at 25 at once, and when the page is hidden or left', () => {
    vi.useFakeTimers();
    configureTracking({ allowed: () => true, transport });
    startSending();
    track(page(1));
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(FLUSH_EVERY_MS);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(FLUSH_EVERY_MS * 3);
    expect(sent).toHaveLength(1); // nothing waiting, nothing sent
    for (let i = 0; i < 25; i++) track(page(i));
    expect(sent).toHaveLength(2);
    track(page(99));
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(3);
    track(page(100));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(sent).toHaveLength(4);
  });

  it('says how long ago each event happened (age_ms), so the server orders them', () => {
    vi.useFakeTimers();
    configureTracking({ allowed: () => true, transport });
    track(page(1));
    vi.advanceTimersByTime(1500);
    track(page(2));
    flush();
    expect(sent[0]!.events.map((e) => e.age_ms)).toEqual([1500, 0]);
  });

  it('§9 Consent: with analytics storage denied nothing is queued or sent; a denial after queueing forgets what waited', () => {
    let granted = false;
    configureTracking({ allowed: () => granted, transport });
    startSending();
    track(page(1));
    flush();
    expect(sent).toEqual([]);
    expect(waitingEvents()).toEqual([]);
    granted = true;
    track(page(2));
    granted = false;
    flush();
    expect(sent).toEqual([]);
    expect(waitingEvents()).toEqual([]);
  });
});

describe('the events', () => {
  it('§2 the router location: the path; utm_* only with the breadcrumbs-pageview-utms flag; never another parameter', () => {
    const search = '?token=secret&utm_source=ig&utm_medium=social&email=a@b.c';
    expect(trackedLocation('/signin/verify', search, false)).toBe('/signin/verify');
    expect(trackedLocation('/signin/verify', search, true)).toBe('/signin/verify?utm_source=ig&utm_medium=social');
  });

  it('§9 utm_source on app start, with its companions; none without utm_source', () => {
    expect(appStartEvent('?utm_source=newsletter&utm_campaign=spring&x=1')).toEqual({
      call: 'tracking',
      body: { event_name: 'app_start', data: { utm_source: 'newsletter', utm_campaign: 'spring' } },
    });
    expect(appStartEvent('?utm_campaign=spring')).toBeNull();
    expect(appStartEvent('?utm_source=two%20words')).toBeNull();
  });

  it('§7 cta_click carries product_preselect with the product, its category and where; odd values are cut to tokens', () => {
    expect(ctaClickEvent('Brush', 'accessories', 'collection')).toEqual({
      call: 'breadcrumbs',
      body: {
        version: 1,
        type: 'cta_click',
        data: { product: 'brush', cta_type: 'product_preselect', cta_location: 'collection', product_category: 'accessories' },
      },
    });
    expect(ctaClickEvent('', 'accessories', 'collection')).toBeNull();
  });

  it('a flow step view carries the flow, the step (results at the end), its variants and the A/B arms only', () => {
    const event = flowStepEvent({
      kind: 'consultation',
      flow: 'haircare',
      step: 'results',
      variants: { stress_intensity: 'scale', signin_placement: 'before-first-private' },
      flags: { 'trial-offer': '1', 'universal-cart': true, 'skip-by-product-ab-test': '0', offer: 'none' },
    });
    expect(event).toEqual({
      call: 'tracking',
      body: {
        event_name: 'flow_step_view',
        data: {
          kind: 'consultation',
          flow: 'haircare',
          step: 'results',
          variant: 'signin_placement=before-first-private;stress_intensity=scale',
          arms: 'skip-by-product-ab-test=0;trial-offer=1',
        },
      },
    });
    expect(armsOf(null)).toBe('');
    expect(trackingBatchRequest.safeParse({ events: [event] }).success).toBe(true);
  });
});

describe('marketing events (spec 001 §7 POST /v1/trigger/{provider}_event/; server/tracking/README.md)', () => {
  const line = (type: string, quantity: number, category = 'haircare', product = type) => ({ category, type, product, quantity }) as never;
  const cart = (items: unknown[], is_in_checkout = false) => ({ items: items as never[], is_in_checkout });

  it('added_to_cart for each line the shopper added or raised, with its type and category; none for a line lowered, removed or untouched', () => {
    const before = cart([line('shampoo', 1), line('conditioner', 2)]);
    const after = cart([line('shampoo', 2), line('conditioner', 1), line('brush_mixed', 1, 'item', 'brush')]);
    const patch = { items: [line('shampoo', 2), line('conditioner', 1), line('brush_mixed', 1, 'item', 'brush')] };
    const events = cartChangeEvents('haircare', patch, before, after);
    expect(events).toEqual([
      { call: 'trigger', provider: 'shop', body: { event_name: 'added_to_cart', data: { product: 'shampoo', product_category: 'haircare' } } },
      { call: 'trigger', provider: 'shop', body: { event_name: 'added_to_cart', data: { product: 'brush_mixed', product_category: 'item' } } },
    ]);
    expect(trackingBatchRequest.safeParse({ events }).success).toBe(true);
    // A line the server raised of itself (not in the patch) is not the shopper's add; a first cart counts from nothing.
    expect(cartChangeEvents('haircare', { items: [line('mask', 1)] }, null, cart([line('mask', 1), line('oil', 1)]))).toHaveLength(1);
    expect(cartChangeEvents('haircare', { items: [line('shampoo', 0)] }, before, cart([line('conditioner', 2)]))).toEqual([]);
  });

  it('checkout_started once the server has the cart in checkout and did not before; nothing for a coupon or a refused checkout', () => {
    const events = cartChangeEvents('skincare', { is_in_checkout: true }, cart([line('serum', 1)]), cart([line('serum', 1)], true));
    expect(events).toEqual([{ call: 'trigger', provider: 'shop', body: { event_name: 'checkout_started', data: { category: 'skincare' } } }]);
    expect(trackingBatchRequest.safeParse({ events }).success).toBe(true);
    expect(cartChangeEvents('skincare', { is_in_checkout: true }, cart([], true), cart([], true))).toEqual([]);
    expect(cartChangeEvents('skincare', { is_in_checkout: true }, cart([]), cart([]))).toEqual([]);
    expect(cartChangeEvents('skincare', { coupon: 'WELCOME' }, cart([line('serum', 1)]), cart([line('serum', 2)]))).toEqual([]);
  });

  it('consultation_completed when a consultation shows its results, with its category; no such event for its steps or another kind’s results', () => {
    configureTracking({ allowed: () => true, transport });
    trackFlowStep('consultation', 'haircare', 'hair_type', {});
    trackFlowStep('feedback', 'feedback-haircare', null, {});
    expect(waitingEvents().filter((event) => event.call === 'trigger')).toEqual([]);
    trackFlowStep('consultation', 'skincare', null, {});
    expect(waitingEvents().filter((event) => event.call === 'trigger')).toEqual([
      { call: 'trigger', provider: 'shop', body: { event_name: 'consultation_completed', data: { category: 'skincare' } } },
    ]);
  });

  it('§9 Consent: none is queued while analytics storage is denied', () => {
    configureTracking({ allowed: () => false, transport });
    trackFlowStep('consultation', 'haircare', null, {});
    expect(waitingEvents()).toEqual([]);
  });
});

describe('in the app (AppTracking)', () => {
  function Go({ to }: { to: string }) {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => void navigate(to)}>
        go
      </button>
    );
  }

  it('a US visitor: a page view per route change (its query dropped), product-preselect clicks; no banner', async () => {
    localStorage.setItem('shop.country', 'US');
    forgetFlags();
    render(
      <MemoryRouter initialEntries={['/collections/accessories?utm_source=ig']}>
        <AppTracking />
        <Go to="/products/brush?variant=black&token=x" />
        <a href="#brush" {...productPreselectCta({ product: 'brush', category: 'accessories', location: 'collection' })}>
          Brush
        </a>
      </MemoryRouter>,
    );
    configureTracking({ allowed: () => consentNow().analytics_storage, transport });
    // Nothing leaves, and no tracking code loads, until the page has loaded and the browser is idle.
    expect(sent).toEqual([]);
    await act(() => whenTrackingStarted());
    expect(sent).toHaveLength(1);
    await act(async () => screen.getByRole('button', { name: 'go' }).click());
    await act(async () => screen.getByRole('link', { name: 'Brush' }).click());
    flush();
    const events = sent.flatMap((b) => b.events);
    expect(
      events
        .filter((e) => e.call === 'breadcrumbs')
        .map(
          (e) =>
            (e.body as { type: string; data: Record<string, string> }).type + ' ' + Object.values((e.body as { data: Record<string, string> }).data).join(' '),
        ),
    ).toEqual(['pageview /collections/accessories', 'pageview /products/brush', 'cta_click brush product_preselect collection accessories']);
    expect(screen.queryByRole('region', { name: 'Cookie choices' })).toBeNull();
  });

  it('a Canadian visitor: the banner, nothing queued before consent; accepting counts the page from then on', async () => {
    localStorage.setItem('shop.country', 'CA');
    setConsentRegion('CA');
    configureTracking({ allowed: () => consentNow().analytics_storage, transport });
    render(
      <MemoryRouter initialEntries={['/collections/haircare']}>
        <AppTracking />
      </MemoryRouter>,
    );
    const banner = await screen.findByRole('region', { name: 'Cookie choices' });
    expect(waitingEvents()).toEqual([]);
    await act(async () => within(banner).getByRole('button', { name: 'Accept all' }).click());
    expect(screen.queryByRole('region', { name: 'Cookie choices' })).toBeNull();
    expect(waitingEvents()).toEqual([pageviewEvent(location.pathname)]);
  });
});
