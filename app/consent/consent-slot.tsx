import { lazy, Suspense, useEffect, useState } from 'react';
import { consentNow, consentRegion, keepConsent, keptConsent, mustAsk, onConsentChoicesOpened, regionOf, setConsentRegion } from '../../shop/consent/index';
import { shopperCountry } from '../shop-country';

// The banner's code and styles load only for a visitor who sees it (a Canadian visitor's first visit, or the footer's
// "Your privacy choices"): it sits over the page, fixed at the bottom, so arriving late moves nothing.
const ConsentBanner = lazy(() => import('../../shop/consent/consent-banner').then((m) => ({ default: m.ConsentBanner })));

/** The visitor's region, from the shop's country (app/shop-country.ts), set before anything asks for consent. */
export function consentRegionOfShop(): void {
  setConsentRegion(regionOf(shopperCountry()));
}

/**
 * Spec 001 §9 Consent in the page: a visitor whose region's defaults deny something (CA) and who has not chosen yet
 * sees the banner; anyone can open it again from the footer ("Your privacy choices", or the privacy page). A choice is kept 730 days.
 */
export function ConsentSlot() {
  const [shown, setShown] = useState<null | 'ask' | 'reopened'>(() => {
    consentRegionOfShop();
    return mustAsk(consentRegion(), keptConsent()) ? 'ask' : null;
  });
  useEffect(() => onConsentChoicesOpened(() => setShown('reopened')), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner
        key={shown}
        region={consentRegion()}
        current={consentNow()}
        reopened={shown === 'reopened'}
        onSave={(state) => {
          keepConsent(state);
          setShown(null);
        }}
        onClose={shown === 'reopened' ? () => setShown(null) : undefined}
      />
    </Suspense>
  );
}
