import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { SiteLayout } from './shell/site-layout';
import { ExitLink } from './consultation/exit-link';
import { PageStatus } from './shell/page-status';
import { PageErrorBoundary } from './shell/page-error-boundary';

// Declarative routes keep the router small (the data router would add ~16 KB gzipped to every page). Each path names
// its lazily loaded page directly: every byte here is in every page's first download.
const product = lazy(() => import('./products/product-route'));
const helpTopic = lazy(() => import('./help/topic-page'));
const paths: [path: string, page: LazyExoticComponent<ComponentType>][] = [
  ['consultation', lazy(() => import('./consultation/consultation-welcome-page'))],
  ['consultation/category', lazy(() => import('./consultation/consultation-category-page'))],
  ['consultation/:category/results/stored', lazy(() => import('./consultation/results-stored-page'))],
  ['consultation/:category/*', lazy(() => import('./consultation/consultation-flow-page'))],
  ['stylists/:slug', lazy(() => import('./consultation/stylist-page'))],
  ['signin', lazy(() => import('./signin/signin-page'))],
  ['signin/verify', lazy(() => import('./signin/verify-page'))],
  ['account/confirm-email', lazy(() => import('./account/confirm-email-page'))],
  ['account/subscription/:category/cancel/*', lazy(() => import('./subscription-cancel/cancel-route'))],
  ['account/:section?/:pubkey?', lazy(() => import('./account/account-route'))],
  ['terms', lazy(() => import('./legal/terms-page'))],
  ['privacy', lazy(() => import('./legal/privacy-page'))],
  ['help', lazy(() => import('./shell/help-page'))],
  // The help centre (spec 001 §2; shop/help/README.md): topics and search share their page.
  ['faq', lazy(() => import('./help/faq-page'))],
  ['faq/contact-us', lazy(() => import('./help/contact-page'))],
  ['faq/search', helpTopic],
  ['faq/topics/:slug', helpTopic],
  ['faq/:articleId', lazy(() => import('./help/article-page'))],
  ['gift/redeem', lazy(() => import('./gift/redeem-route'))],
  ['gift', lazy(() => import('./gift/gift-route'))],
  ['products/:slug', product],
  ['pages/:slug', product],
  ['collections/:name', lazy(() => import('./products/collection-route'))],
  ['checkout/:category/*', lazy(() => import('./checkout/cart-route'))],
  ['feedback/*', lazy(() => import('./feedback/feedback-route'))],
  ['*', lazy(() => import('./shell/not-found-page'))],
];
const home = lazy(() => import('./shell/home-page'));

/** A lazy page; if its code is gone after a release, or it fails, the boundary says so in the site's frame (spec 001 §8). */
function Page({ page: Component }: { page: LazyExoticComponent<ComponentType> }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageStatus>Loading…</PageStatus>}>
        <Component />
      </Suspense>
    </PageErrorBoundary>
  );
}

/** The consultations' Exit link in the page frame (app/consultation/exit-link.tsx). */
const consultationWayOut = (pathname: string) => (pathname.startsWith('/consultation') ? <ExitLink /> : null);

// Made once: route objects, not <Route> children the router would turn into objects again on every render.
const routes: RouteObject[] = [
  {
    element: <SiteLayout wayOut={consultationWayOut} />,
    children: [{ index: true, element: <Page page={home} /> }, ...paths.map(([path, page]) => ({ path, element: <Page page={page} /> }))],
  },
];

/** Every page of the web app; each loads lazily, so a step page downloads only what it draws. */
export function AppRoutes() {
  return useRoutes(routes);
}
