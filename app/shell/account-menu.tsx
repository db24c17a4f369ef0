import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import '../styles/account-menu.css';

/**
 * The signed-in customer's menu in the header: who is signed in, their account's home, their orders, their
 * subscriptions, their feedback (Review & Refine), their profile, addresses and payment methods, and sign-out.
 * The header draws its button and panel (a disclosure, app/shell/use-disclosure.ts: Escape, a press outside or another
 * page closes it); these items load when the customer reaches for the button. Loaded after a press opened the menu,
 * they take the focus as the disclosure would have given it.
 */
export default function AccountMenu({ name, open = false, onSignOut }: { name: string | null | undefined; open?: boolean; onSignOut(): void }) {
  const list = useRef<HTMLUListElement>(null);
  const openedBeforeLoad = useRef(open);
  useEffect(() => {
    if (openedBeforeLoad.current) list.current?.querySelector('a')?.focus();
  }, []);
  return (
    <>
      <p className="account-menu__who">{name ? `Signed in as ${name}` : 'Signed in'}</p>
      <ul ref={list}>
        <li>
          <Link to="/account">Account</Link>
        </li>
        <li>
          <Link to="/account/orders">Your orders</Link>
        </li>
        <li>
          <Link to="/account/subscription/home">Subscriptions</Link>
        </li>
        <li>
          <Link to="/account/feedback">Feedback</Link>
        </li>
        <li>
          <Link to="/account/profile">Profile</Link>
        </li>
        <li>
          <Link to="/account/addresses">Addresses</Link>
        </li>
        <li>
          <Link to="/account/payments">Payment methods</Link>
        </li>
        <li>
          <button type="button" onClick={onSignOut}>
            Sign out
          </button>
        </li>
      </ul>
    </>
  );
}
