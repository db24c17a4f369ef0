import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { SiteLayout } from './shell/site-layout';
import { ExitLink } from './consultation/exit-link';
import { PageStatus } from './shell/page-status';

// Declarative routes keep the router small (the data router would add ~16 KB gzipped to every page).
const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('./shell/home-page')),
  welcome: lazy(() => import('./consultation/consultation-welcome-page')),
  category: lazy(() => import('./consultation/consultation-category-page')),
  stored: lazy(() => import('./consultation/results-stored-page')),
  flow: lazy(() => import('./consultation/consultation-flow-page')),
  stylist: lazy(() => import('./consultation/stylist-page')),
  signin: lazy(() => import('./signin/signin-page')),
  verify: lazy(() => import('./signin/verify-page')),
  confirmEmail: lazy(() => import('./account/confirm-email-page')),
  terms: lazy(() => import('./legal/terms-page')),
  privacy: lazy(() => import('./legal/privacy-page')),
  product: lazy(() => import('./products/product-route')),
  collection: lazy(() => import('./products/collection-route')),
  cart: lazy(() => import('./checkout/cart-route')),
  notFound: lazy(() => import('./shell/not-found-page')),
};

const paths: [string, keyof typeof pages][] = [
  ['consultation', 'welcome'],
  ['consultation/category', 'category'],
  ['consultation/:category/results/stored', 'stored'],
  ['consultation/:category/*', 'flow'],
  ['stylists/:slug', 'stylist'],
  ['signin', 'signin'],
  ['signin/verify', 'verify'],
  ['account/confirm-email', 'confirmEmail'],
  ['terms', 'terms'],
  ['privacy', 'privacy'],
  ['products/:slug', 'product'],
  ['collections/:name', 'collection'],
  ['checkout/:category', 'cart'],
  ['*', 'notFound'],
];

function Page({ name }: { name: keyof typeof pages }) {
  const Component = pages[name]!;
  return (
    <Suspense fallback={<PageStatus>Loading…</PageStatus>}>
      <Component />
    </Suspense>
  );
}

/** The consultations' Exit link in the page frame (app/consultation/exit-link.tsx). */
const consultationWayOut = (pathname: string) => (pathname.startsWith('/consultation') ? <ExitLink /> : null);

// Made once: route objects, not <Route> children the router would turn into objects again on every render.
const routes: RouteObject[] = [
  {
    element: <SiteLayout wayOut={consultationWayOut} />,
    children: [{ index: true, element: <Page name="home" /> }, ...paths.map(([path, name]) => ({ path, element: <Page name={name} /> }))],
  },
];

/** Every page of the web app; each loads lazily, so a step page downloads only what it draws. */
export function AppRoutes() {
  return useRoutes(routes);
}
