import { Link, Outlet } from 'react-router';
import { useSession } from '../session';

/** The frame of every page: a skip link, the header with the brand and the account link, the main landmark. */
export function SiteLayout() {
  const session = useSession();
  const signedIn = session.status === 'authenticated' && !session.user?.is_guest;
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
          {signedIn ? (
            <button type="button" onClick={() => session.signOut()}>
              Sign out
            </button>
          ) : (
            <Link to="/signin">Sign in</Link>
          )}
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
