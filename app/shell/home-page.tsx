import { Link } from 'react-router';
import { usePageHeadingFocus } from './use-page-heading-focus';

/** The landing page: what the shop does, and the way into the consultation. */
export default function HomePage() {
  const heading = usePageHeadingFocus();
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        Haircare, skincare and supplements made for you alone
      </h1>
      <p>
        Our consultation looks at 85+ factors, from hair type to zip code, diet, lifestyle and climate. We pick from 185+ ingredients to formulate your
        products, and tune them after every order.
      </p>
      <p>
        <Link className="button-link" to="/consultation">
          Start your consultation
        </Link>
      </p>
      <nav aria-label="Shop">
        <h2>Shop</h2>
        <ul className="home-collections">
          <li>
            <Link to="/collections/haircare">Custom haircare</Link>
          </li>
          <li>
            <Link to="/collections/skincare">Custom skincare</Link>
          </li>
          <li>
            <Link to="/collections/accessories">Accessories</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
