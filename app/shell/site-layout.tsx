import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../session';
import { ExitLink } from './exit-capture';

/**
 * The frame of every page: a skip link, the header with the brand and the account link, the main
 * landmark. On consultation pages the header also holds the way out, which those pages arm (useExitCapture).
 */
export function SiteLayout() {
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
          {pathname.startsWith('/consultation') ? <ExitLink /> : null}
          {signedIn ? (
            <button type="button" onClick={() => session.signOut()}>
              Sign out
            </button>
          ) : (
            // Signing in from a consultation comes back to it (app/signin/sign-in-next.ts).
            <Link to="/signin" state={{ from: pathname }}>
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
