import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteHeader } from './site-header';

const CheckoutHeader = lazy(() => import('./checkout-header'));
import { LazyFooter } from './lazy-footer';
import { LiveChatSlot } from '../livechat/livechat-slot';

/**
 * The checkout's own steps (/checkout/{category}/{step}) and the bank's page wear the focused header; the cart
 * (/checkout/{category}) and the success page keep the shop's. Returns the cart to go back to, or null for the bank's page.
 */
export function checkoutFocus(pathname: string): { cartPath: string | null } | null {
  const [, first, category, step] = pathname.replace(/\/+$/, '').split('/');
  if (first !== 'checkout' || !category) return null;
  if (category === 'confirm-payment') return { cartPath: null };
  if (!step || step === 'success') return null;
  return { cartPath: `/checkout/${category}` };
}

/**
 * The frame of every page: a skip link, the header (the shop's, or the checkout's focused one), the main landmark and
 * the footer. `wayOut` puts a page's own way out in the header (the consultations' Exit link, which those pages arm):
 * the frame knows no page, the router composes them.
 */
export function SiteLayout({ wayOut }: { wayOut?: (pathname: string) => ReactNode }) {
  const { pathname } = useLocation();
  const focus = checkoutFocus(pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {focus ? (
        // Loaded with the checkout's own code; the header's box holds its place meanwhile.
        <Suspense fallback={<header className="site-header" />}>
          <CheckoutHeader cartPath={focus.cartPath} />
        </Suspense>
      ) : (
        <SiteHeader pathname={pathname} wayOut={wayOut?.(pathname)} />
      )}
      <main id="main">
        <Outlet />
      </main>
      {/* Every page, the checkout's too (app/livechat/README.md): the `livechat` flag decides. */}
      <LiveChatSlot />
      <LazyFooter focused={focus !== null} />
    </>
  );
}
