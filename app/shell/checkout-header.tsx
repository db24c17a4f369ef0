import { Link } from 'react-router';
import { Icon } from '../../ui/icons';
import '../../shop/checkout/checkout.css';

/**
 * The checkout's focused header, as shops keep it: the brand, a secure-checkout note and the way back to the cart;
 * no menu to wander off through while paying. Its code and styles come with the checkout page's (vite.config.ts
 * checkoutPage; shop/checkout/checkout.css), which every page wearing it loads.
 */
export default function CheckoutHeader({ cartPath }: { cartPath: string | null }) {
  return (
    <header className="site-header site-header--checkout">
      <Link className="site-header__brand" to="/">
        Formulary
      </Link>
      <p className="site-header__secure">
        <Icon name="lock" size={20} />
        Secure checkout
      </p>
      {cartPath ? (
        <Link className="site-header__back" to={cartPath}>
          <Icon name="back" size={20} />
          Back to cart
        </Link>
      ) : (
        <span />
      )}
    </header>
  );
}
