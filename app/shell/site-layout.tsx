import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../session';

/**
 * The frame of every page: a skip link, the header with the brand and the account link, the main
 * landmark. `wayOut` puts a page's own way out in the header (the consultations' Exit link, which those pages
 * arm): the frame knows no page, the router composes them.
 */
export function SiteLayout({ wayOut }: { wayOut?: (pathname: string) => ReactNode }) {
  const session = useSession();
  const signedIn = session.status === 'authenticated' && !session.user?.is_guest;
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link className="site-header__brand" to="/">
          Formulary
        </Link>
        <nav className="site-header__nav" aria-label="Account">
          {wayOut?.(pathname)}
          {signedIn ? (
            <button className="site-header__account" type="button" onClick={() => session.signOut()}>
              Sign out
            </button>
          ) : (
            // Signing in from a consultation comes back to it (app/signin/sign-in-next.ts).
            <Link className="site-header__account" to="/signin" state={{ from: pathname }}>
              Sign in
            </Link>
          )}
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
