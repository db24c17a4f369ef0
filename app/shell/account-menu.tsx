import { Link } from 'react-router';
import { Icon } from '../../ui/icons';
import { useDisclosure } from './use-disclosure';
import '../styles/account-menu.css';

/**
 * The signed-in customer's menu in the header: who is signed in, their account's home, their orders, their
 * subscriptions, their feedback (Review & Refine), their profile, addresses and payment methods, and sign-out.
 * A disclosure (app/shell/use-disclosure.ts): Escape, a press outside or another page closes it.
 */
export default function AccountMenu({ name, onSignOut }: { name: string | null | undefined; onSignOut(): void }) {
  const menu = useDisclosure<HTMLButtonElement, HTMLDivElement>();
  return (
    <div className="site-header__account-menu">
      <button type="button" className="site-header__icon site-header__account" {...menu.buttonProps}>
        <Icon name="person" />
        <span className="site-header__label">Account</span>
      </button>
      <div className="account-menu" ref={menu.panelProps.ref} id={menu.panelProps.id} hidden={!menu.open}>
        <p className="account-menu__who">{name ? `Signed in as ${name}` : 'Signed in'}</p>
        <ul>
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
            <button type="button" onClick={() => (menu.close(), onSignOut())}>
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
