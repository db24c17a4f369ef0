/** @module shop/consent: the visitor's consent (spec 001 §9 Consent): the rules, the device's kept choice, the banner. */
export {
  CONSENT_COOKIE,
  CONSENT_DAYS,
  CONSENT_PURPOSES,
  consentInForce,
  decodeConsent,
  defaultConsent,
  encodeConsent,
  mustAsk,
  regionOf,
} from './consent-rules';
export type { ConsentPurpose, ConsentRegion, ConsentState, KeptConsent } from './consent-rules';
export {
  consentNow,
  consentRegion,
  keepConsent,
  keptConsent,
  onConsentChange,
  onConsentChoicesOpened,
  openConsentChoices,
  setConsentRegion,
} from './consent-store';
