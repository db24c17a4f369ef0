/**
 * @module shop/consent/consent-store: the visitor's consent on this device (spec 001 §9 Consent). The choice is a
 * first-party cookie `consent` (Max-Age 730 days, SameSite=Lax, Path=/; not HttpOnly: the page writes it), so the
 * server sees it too and records nothing a denial covers; without one the region's defaults are in force. Anything
 * that needs consent asks `consentNow()` or subscribes (`onConsentChange`) and does nothing until it is granted.
 */
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  consentInForce,
  decodeConsent,
  encodeConsent,
  type ConsentRegion,
  type ConsentState,
  type KeptConsent,
} from './consent-rules';

type Listener = (state: ConsentState) => void;
const listeners = new Set<Listener>();
const openers = new Set<() => void>();
let region: ConsentRegion = 'default';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The cookie's text, or null (no document: a test or the server). */
function readCookie(doc: Document | undefined = globalThis.document): string | null {
  if (!doc) return null;
  const found = doc.cookie.split(/;\s*/).find((pair) => pair.startsWith(`${CONSENT_COOKIE}=`));
  return found ? decodeURIComponent(found.slice(CONSENT_COOKIE.length + 1)) : null;
}

/** Sets the visitor's region (the shop's country) before anything asks. */
export function setConsentRegion(next: ConsentRegion): void {
  region = next;
}

export function consentRegion(): ConsentRegion {
  return region;
}

/** The kept choice, or null when the visitor has made none (or it is older than 730 days). */
export function keptConsent(): KeptConsent | null {
  return decodeConsent(readCookie(), nowSeconds());
}

/** What is in force now: the kept choice, else the region's defaults. */
export function consentNow(): ConsentState {
  return consentInForce(region, keptConsent());
}

/** Keeps a choice for 730 days and tells every listener. */
export function keepConsent(state: ConsentState): void {
  const kept: KeptConsent = { state: { ...state, security_storage: true }, region, at: nowSeconds() };
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${encodeConsent(kept)}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  for (const listener of listeners) listener(kept.state);
}

/** Called with the consent in force each time the visitor changes it; returns the unsubscribe. */
export function onConsentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Opens the choices again (the footer's "Your privacy choices", the privacy page's button); the banner listens. */
export function openConsentChoices(): void {
  for (const open of openers) open();
}

/** The banner's side of openConsentChoices. */
export function onConsentChoicesOpened(open: () => void): () => void {
  openers.add(open);
  return () => void openers.delete(open);
}
