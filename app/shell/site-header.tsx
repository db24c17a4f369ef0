import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../ui/icons';
import { cartSummary, readCartCounts, subscribeCartCounts } from '../../shop/cart/cart-count';
import { useSession, useSignOut } from '../session';
import { reportError } from '../report-error';
import { useDisclosure } from './use-disclosure';
import { afterLoad } from './after-load';

/** The shop's menu (issue 25): the three collections, gifts and help. Gifts are sold from the accessories collection until the gift page exists. */
export const shopMenu: readonly { label: string; to: string }[] = [
  { label: 'Haircare', to: '/collections/haircare' },
  { label: 'Skincare', to: '/collections/skincare' },
  { label: 'Accessories', to: '/collections/accessories' },
  { label: 'Gifts', to: '/gift' },
  { label: 'Help', to: '/faq' },
];

const noCounts = () => ({});

/** "3 items", "1 item". */
export const itemsInWords = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * The cart link (../shared/STOREFRONT.md Header): an icon named "Cart"; with items, a count badge shown to the eye and
 * hidden from screen readers, which hear "Cart, 3 items" instead. The count is the device's copy
 * (shop/cart/cart-count.ts), drawn at first paint in a box of fixed size, so nothing moves when it changes.
 */
function CartLink() {
  const counts = useSyncExternalStore(subscribeCartCounts, readCartCounts, noCounts);
  const { total, href } = cartSummary(counts);
  return (
    <Link className="site-header__icon site-header__cart" to={href}>
      <Icon name={total > 0 ? 'bagFull' : 'bag'} />
      <span className="visually-hidden">Cart{total > 0 ? `, ${itemsInWords(total)}` : ''}</span>
      {total > 0 ? (
        <span className="site-header__count" aria-hidden="true">
          {total > 99 ? '99+' : total}
        </span>
      ) : null}
    </Link>
  );
}

const AccountMenuItems = lazy(() => import('./account-menu'));

/**
 * Sign in, or the account menu of a signed-in customer. The menu's button is drawn with the header (nothing moves
 * when the session arrives); its items and their styles load when the customer reaches for it (a pointer over it, the
 * keyboard's focus, a press) and show once loaded, the first one focused when a press opened the menu.
 */
function AccountControl({ pathname }: { pathname: string }) {
  const session = useSession();
  const menu = useDisclosure<HTMLButtonElement, HTMLDivElement>();
  const [wanted, setWanted] = useState(false);
  const customer = session.status === 'authenticated' && !session.user?.is_guest ? session.user : null;
  if (!customer) {
    return (
      // Signing in from a consultation comes back to it (app/signin/sign-in-next.ts).
      <Link className="site-header__icon site-header__account" to="/signin" state={{ from: pathname }}>
        <Icon name="person" />
        <span className="site-header__label">Sign in</span>
      </Link>
    );
  }
  const want = () => setWanted(true);
  return (
    <div className="site-header__account-menu" onPointerOver={want} onFocus={want}>
      <button type="button" className="site-header__icon site-header__account" {...menu.buttonProps}>
        <Icon name="person" />
        <span className="site-header__label">Account</span>
      </button>
      <div className="account-menu" {...menu.panelProps} hidden={!menu.open}>
        {wanted || menu.open ? (
          <Suspense fallback={null}>
            <AccountMenuItems name={customer.first_name} open={menu.open} onSignOut={() => (menu.close(), session.signOut())} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Keeps the header's count true for a signed-in shopper: asked once per tab, again on a checkout's success page (a paid
 * order took its lines out of the cart on the server, not through the cart machine), forgotten on sign-out.
 */
function useCartCountUpkeep(pathname: string) {
  const session = useSession();
  const authenticated = session.status === 'authenticated';
  const orderPlaced = /^\/checkout\/[^/]+\/success\/?$/.test(pathname);
  useEffect(() => {
    if (!authenticated) return;
    const refresh = () =>
      void import('./cart-counts')
        .then((counts) => (orderPlaced ? counts.refreshCartCounts() : counts.refreshOncePerTab()))
        .catch((error: unknown) => reportError('refreshing the cart count', error));
    // The count on the device is drawn at once; the tab's one check with the server waits until the page has loaded and
    // the browser is idle (its code and its calls are no part of the page's first paint). After an order, at once.
    if (orderPlaced) {
      refresh();
      return;
    }
    return afterLoad(refresh);
  }, [authenticated, orderPlaced]);
  useSignOut(() => void import('./cart-counts').then((counts) => counts.forgetCountsRefresh()));
}

/**
 * The header of every page (issue 25, ../shared/STOREFRONT.md Header): the brand, the shop's menu (a row of links on
 * wide screens, a drawer behind the menu button on phones), the account and the cart with its count. Its height is
 * fixed (--header-height), so nothing under it moves as the session or the count arrive. `wayOut` is a page's own way
 * out (the consultations' Exit link).
 */
export function SiteHeader({ pathname, wayOut }: { pathname: string; wayOut?: ReactNode }) {
  const menu = useDisclosure<HTMLButtonElement, HTMLElement>();
  useCartCountUpkeep(pathname);
  return (
    <header className="site-header">
      <button type="button" className="site-header__icon site-header__menu-button" {...menu.buttonProps}>
        <Icon name={menu.open ? 'close' : 'menu'} />
        <span className="visually-hidden">Menu</span>
      </button>
      <Link className="site-header__brand" to="/">
        Formulary
      </Link>
      <nav className={`site-nav${menu.open ? ' site-nav--open' : ''}`} aria-label="Shop" ref={menu.panelProps.ref} id={menu.panelProps.id}>
        <ul>
          {shopMenu.map((item) => (
            <li key={item.label}>
              <Link to={item.to} aria-current={item.to === pathname ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav className="site-header__tools" aria-label="Account">
        {wayOut}
        <AccountControl pathname={pathname} />
        <CartLink />
      </nav>
    </header>
  );
}
