/**
 * Spec 001 §9 Consent: "Stored consent lasts 730 days. Region CA: ad and analytics storage denied by default;
 * functionality, personalization and security granted. US and Default: everything granted." The rules, the kept
 * choice (the `consent` cookie the server reads too), and the banner (a labelled region that takes no focus).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONSENT_DAYS,
  consentInForce,
  consentNow,
  decodeConsent,
  defaultConsent,
  encodeConsent,
  keepConsent,
  keptConsent,
  mustAsk,
  onConsentChange,
  regionOf,
  setConsentRegion,
} from '../../../shop/consent/index';
import { ConsentBanner } from '../../../shop/consent/consent-banner';
import { axeViolations } from '../../app/account-axe';

const clearCookie = () => (document.cookie = 'consent=; Max-Age=0; Path=/');
afterEach(() => {
  clearCookie();
  setConsentRegion('default');
  vi.useRealTimers();
});

describe('§9 Consent: the defaults by region', () => {
  it('CA: ad and analytics storage denied; functionality, personalization and security granted', () => {
    expect(defaultConsent('CA')).toEqual({
      ad_storage: false,
      analytics_storage: false,
      functionality_storage: true,
      personalization_storage: true,
      security_storage: true,
    });
  });

  it('US and Default: everything granted', () => {
    for (const region of ['US', 'default'] as const) expect(Object.values(defaultConsent(region))).toEqual([true, true, true, true, true]);
  });

  it('the region is the shop’s country: CA, US, anything else Default', () => {
    expect([regionOf('CA'), regionOf('US'), regionOf('GB')]).toEqual(['CA', 'US', 'default']);
  });

  it('only a region whose defaults deny something asks, and only until a choice is kept', () => {
    expect(mustAsk('CA', null)).toBe(true);
    expect(mustAsk('US', null)).toBe(false);
    expect(mustAsk('default', null)).toBe(false);
    expect(mustAsk('CA', { state: defaultConsent('CA'), region: 'CA', at: 1 })).toBe(false);
  });
});

describe('§9 "Stored consent lasts 730 days": the kept choice', () => {
  const now = 1_790_000_000;
  const kept = { state: { ...defaultConsent('CA'), analytics_storage: true }, region: 'CA' as const, at: now };

  it('is written as v1.<region>.ad0.an1.fn1.pe1.se1.<seconds> and read back', () => {
    expect(encodeConsent(kept)).toBe(`v1.CA.ad0.an1.fn1.pe1.se1.${now}`);
    expect(decodeConsent(encodeConsent(kept), now + 10)).toEqual(kept);
  });

  it('is forgotten after 730 days, and an unreadable or future one is no choice', () => {
    const day = 24 * 60 * 60;
    expect(CONSENT_DAYS).toBe(730);
    expect(decodeConsent(encodeConsent(kept), now + 730 * day)).not.toBeNull();
    expect(decodeConsent(encodeConsent(kept), now + 730 * day + 1)).toBeNull();
    expect(decodeConsent('v1.CA.ad0.an9.fn1.pe1.se1.1', now)).toBeNull();
    expect(decodeConsent('garbage', now)).toBeNull();
    expect(decodeConsent(encodeConsent({ ...kept, at: now + 3600 }), now)).toBeNull();
  });

  it('a kept choice overrides the region’s defaults; without one the defaults are in force', () => {
    expect(consentInForce('CA', null).analytics_storage).toBe(false);
    expect(consentInForce('CA', kept).analytics_storage).toBe(true);
  });

  it('keeping a choice sets the cookie for 730 days and tells the listeners; security is never refused', () => {
    setConsentRegion('CA');
    expect(consentNow().analytics_storage).toBe(false);
    const heard = vi.fn();
    const stop = onConsentChange(heard);
    const cookie = vi.spyOn(document, 'cookie', 'set');
    keepConsent({ ...defaultConsent('CA'), analytics_storage: true, security_storage: false });
    expect(cookie.mock.calls[0]![0]).toMatch(/^consent=v1\.CA\.ad0\.an1\.fn1\.pe1\.se1\.\d+; Max-Age=63072000; Path=\/; SameSite=Lax$/);
    cookie.mockRestore();
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ analytics_storage: true, security_storage: true }));
    expect(keptConsent()?.state.analytics_storage).toBe(true);
    expect(consentNow().analytics_storage).toBe(true);
    stop();
  });
});

describe('the consent banner', () => {
  it('is a labelled region with native buttons; it takes no focus when it appears; axe finds nothing', async () => {
    render(<ConsentBanner region="CA" current={defaultConsent('CA')} onSave={() => undefined} />);
    const region = screen.getByRole('region', { name: 'Cookie choices' });
    expect(region).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
    for (const name of ['Accept all', 'Reject optional', 'Choose']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('Accept all grants everything; Reject optional keeps only functionality and security', async () => {
    const onSave = vi.fn();
    const { unmount } = render(<ConsentBanner region="CA" current={defaultConsent('CA')} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(onSave).toHaveBeenLastCalledWith(defaultConsent('US'));
    await userEvent.click(screen.getByRole('button', { name: 'Reject optional' }));
    expect(onSave).toHaveBeenLastCalledWith({
      ad_storage: false,
      analytics_storage: false,
      personalization_storage: false,
      functionality_storage: true,
      security_storage: true,
    });
    unmount();
  });

  it('Choose shows one checkbox per optional purpose, starting from what is in force, with the keyboard alone', async () => {
    const onSave = vi.fn();
    render(<ConsentBanner region="CA" current={defaultConsent('CA')} onSave={onSave} />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Choose' }).focus();
    await user.keyboard('{Enter}');
    const analytics = screen.getByRole('checkbox', { name: 'Analytics' });
    expect(document.activeElement).toBe(analytics);
    expect((analytics as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Personalisation' }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard(' ');
    screen.getByRole('button', { name: 'Save choices' }).focus();
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledWith({ ...defaultConsent('CA'), analytics_storage: true });
    expect(await axeViolations()).toEqual([]);
  });

  it('opened again from the footer: the choices at once, the focus on the first, and Close changes nothing', async () => {
    const onSave = vi.fn();
    const onClose = vi.fn();
    render(<ConsentBanner region="US" current={defaultConsent('US')} reopened onSave={onSave} onClose={onClose} />);
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Analytics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
