import { useId } from 'react';
import '../styles/site-footer.css';
import { Link } from 'react-router';
import { currencyOf } from '#api/money';
import { chooseCountry, shopperCountry, type ShopCountry } from '../shop-country';

const countries: { code: ShopCountry; name: string }[] = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
];

/**
 * The country and its currency (../shared/STOREFRONT.md Footer: the selector changes the currency). Choosing one keeps
 * it on the device and reloads the page, whose prices are then the server's in that currency (as a storefront's
 * localisation form does).
 */
function CountryPicker({ onChosen }: { onChosen(): void }) {
  const id = useId();
  return (
    <div className="site-footer__country">
      <label htmlFor={id}>Country</label>
      <select
        id={id}
        className="field__input"
        defaultValue={shopperCountry()}
        onChange={(event) => {
          chooseCountry(event.target.value as ShopCountry);
          onChosen();
        }}
      >
        {countries.map(({ code, name }) => (
          <option key={code} value={code}>
            {name} ({currencyOf(code)} $)
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The footer of every page (issue 25, ../shared/STOREFRONT.md Footer): the shop's menu, help and contact, a word on
 * what the shop is; then the country with its currency, the policies, the privacy choices and the copyright.
 */
export default function SiteFooter({ focused = false, onCountryChosen = () => location.reload() }: { focused?: boolean; onCountryChosen?: () => void }) {
  if (focused) {
    // The checkout's footer: its policies and the way to help, nothing to wander off through (the country follows the address).
    return (
      <footer className="site-footer site-footer--checkout">
        <ul className="site-footer__policies">
          <li>
            <Link to="/help#contact">Contact us</Link>
          </li>
          <li>
            <Link to="/terms">Terms of service</Link>
          </li>
          <li>
            <Link to="/privacy">Privacy policy</Link>
          </li>
        </ul>
      </footer>
    );
  }
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">Shop</h2>
          <ul>
            <li>
              <Link to="/consultation">Start your consultation</Link>
            </li>
            <li>
              <Link to="/collections/haircare">Custom haircare</Link>
            </li>
            <li>
              <Link to="/collections/skincare">Custom skincare</Link>
            </li>
            <li>
              <Link to="/collections/accessories">Accessories and gifts</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">Help</h2>
          <ul>
            <li>
              <Link to="/help">Help centre</Link>
            </li>
            <li>
              <Link to="/help#shipping">Shipping and delivery</Link>
            </li>
            <li>
              <Link to="/help#guarantee">Our guarantee</Link>
            </li>
            <li>
              <Link to="/help#contact">Contact us</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-about" className="site-footer__about">
          <h2 id="footer-about">Formulary</h2>
          <p>Haircare, skincare and supplements formulated for one person from their consultation, and tuned after every order.</p>
        </section>
      </div>
      <div className="site-footer__bottom">
        <CountryPicker onChosen={onCountryChosen} />
        <ul className="site-footer__policies">
          <li>
            <Link to="/terms">Terms of service</Link>
          </li>
          <li>
            <Link to="/privacy">Privacy policy</Link>
          </li>
          <li>
            <Link to="/privacy#choices">Your privacy choices</Link>
          </li>
        </ul>
        <p className="site-footer__copyright">© 2026 Formulary</p>
      </div>
    </footer>
  );
}
