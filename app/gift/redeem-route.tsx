import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { codeFromFragment, storedCode } from '../../shop/gifts/redeem-code.ts';
import { GiftRedeemPage, type RedeemAccount } from '../../shop/gifts/redeem-page.tsx';
import { useSession } from '../session';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus.ts';
import { appGiftRedeemApi, type GiftRedeemApi } from './redeem-api.ts';

/** This page's path: where signing in leads back to (the code waits on the tab, never in a URL a server sees). */
export const REDEEM_PATH = '/gift/redeem';
const signInTo = `/signin?${new URLSearchParams({ next: REDEEM_PATH }).toString()}`;

/**
 * /gift/redeem: the giftee claims a gift card (spec 001 §2 giftee variant, §8, §9 "Gift cards"). The gift e-mail's
 * link carries the code in the fragment (`#code=`): read once, kept on this tab (sessionStorage) for a trip through
 * sign-in, and taken out of the address bar at once; it is sent only with POST /v1/gifts/redeem/, and forgotten once
 * redeemed. Only a customer holds credit: a visitor or a guest is asked to sign in or create an account first.
 */
export default function GiftRedeemRoute({ redeemApi = appGiftRedeemApi }: { redeemApi?: GiftRedeemApi }) {
  const heading = usePageHeadingFocus();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [code, setCode] = useState(() => codeFromFragment(location.hash) ?? storedCode.read() ?? '');

  useEffect(() => {
    document.title = 'Claim your gift | Formulary';
  }, []);
  // The fragment's code is kept for the trip through sign-in and leaves the address bar (history, a shared screen).
  useEffect(() => {
    const fromLink = codeFromFragment(location.hash);
    if (!fromLink) return;
    storedCode.keep(fromLink);
    setCode(fromLink);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state as unknown });
  }, [location.hash, location.pathname, location.search, location.state, navigate]);

  const account: RedeemAccount =
    session.status === 'authenticated' && session.user && !session.user.is_guest
      ? { status: 'signed-in', email: session.user.email }
      : session.settled
        ? { status: 'signed-out' }
        : { status: 'loading' };
  return (
    <GiftRedeemPage
      account={account}
      initialCode={code}
      signInTo={signInTo}
      redeem={redeemApi.redeem}
      onRedeemed={() => storedCode.clear()}
      headingRef={heading}
    />
  );
}
