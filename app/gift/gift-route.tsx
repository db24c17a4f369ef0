import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GiftContent } from '../../shop/content/site-schema.ts';
import { storeGiftPurchase, resetGiftPurchase } from '../../shop/gifts/gift-purchase.ts';
import { GiftPage } from '../../shop/gifts/gift-page.tsx';
import { easternToday } from '../../shop/gifts/gift-rules.ts';
import { appSession, type Session } from '../session';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus.ts';
import { appGiftApi, type GiftApi } from './gift-api.ts';

// The gift page's checked content (shop/content/site/gift.yaml), compiled to JSON at build time; part of this page's chunk.
const content = Object.values(import.meta.glob<GiftContent>('../../shop/content/site/gift.yaml', { import: 'default', eager: true }))[0]!;

/** Where the gifter pays for the gift: the checkout's gifter variant (spec 001 §2 "Giftee and gifter variants"). */
export const GIFTER_CHECKOUT = '/checkout/gift?gift=gifter';

/** A sign-out forgets the gift being bought (spec 001 §4 Account: logout invalidates the cached gift). */
export function forgetGiftOnSignOut(session: Session): () => void {
  return session.onSignOut(resetGiftPurchase);
}
// For the page's whole life once /gift has been visited: the gift is kept in memory only, so nothing outlives a reload.
forgetGiftOnSignOut(appSession);

/**
 * /gift: the gift card page. A gift created (POST /v1/gifts/) is stored (spec 001 §4: its pubkey; a sign-out clears
 * it) and the gifter goes on to pay for it at the gifter's checkout.
 */
export default function GiftRoute({ giftApi = appGiftApi, now = () => new Date() }: { giftApi?: GiftApi; now?: () => Date }) {
  const heading = usePageHeadingFocus();
  const navigate = useNavigate();
  // Today in US Eastern time, once per visit: the form's default day and its first allowed one.
  const [today] = useState(() => easternToday(now()));
  useEffect(() => {
    document.title = `${content.title} | Formulary`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', content.metaDescription);
  }, []);
  return (
    <GiftPage
      content={content}
      today={today}
      createGift={giftApi.createGift}
      onCreated={(pubkey) => {
        storeGiftPurchase(pubkey);
        void navigate(GIFTER_CHECKOUT);
      }}
      headingRef={heading}
    />
  );
}
