import { useId } from 'react';
import '../styles/site-footer.css';
import { Link } from 'react-router';
import { currencyOf } from '#api/money';
import { chooseCountry, shopperCountry, type ShopCountry } from '../shop-country';
import { openConsentChoices } from '../../shop/consent/consent-store';

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

type FooterLink = readonly [label: string, to: string];

const shopLinks: readonly FooterLink[] = [
  ['Start your consultation', '/consultation'],
  ['Custom haircare', '/collections/haircare'],
  ['Custom skincare', '/collections/skincare'],
  ['Accessories and gifts', '/collections/accessories'],
];
const helpLinks: readonly FooterLink[] = [
  ['Help centre', '/faq'],
  ['Shipping and delivery', '/faq/shipping-and-delivery'],
  ['Our guarantee', '/faq/our-guarantee'],
  ['Contact us', '/faq/contact-us'],
];
const policyLinks: readonly FooterLink[] = [
  ['Terms of service', '/terms'],
  ['Privacy policy', '/privacy'],
  ['Your privacy choices', '/privacy#choices'],
];
/** The checkout's footer: its policies and the way to help, nothing to wander off through (the country follows the address). */
const checkoutLinks: readonly FooterLink[] = [['Contact us', '/faq/contact-us'], ...policyLinks.slice(0, 2)];

/** Spec 001 §9 Consent: "Your privacy choices" also opens the consent choices over the page it leads to (shop/consent/). */
const CONSENT_LINK = '/privacy#choices';

function LinkList({ links, className }: { links: readonly FooterLink[]; className?: string }) {
  return (
    <ul className={className}>
      {links.map(([label, to]) => (
        <li key={to}>
          <Link to={to} onClick={to === CONSENT_LINK ? openConsentChoices : undefined}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The footer of every page (issue 25, ../shared/STOREFRONT.md Footer): the shop's menu, help and contact, a word on
 * what the shop is; then the country with its currency, the policies, the privacy choices and the copyright.
 */
export default function SiteFooter({ focused = false, onCountryChosen = () => location.reload() }: { focused?: boolean; onCountryChosen?: () => void }) {
  if (focused) {
    return (
      <footer className="site-footer site-footer--checkout">
        <LinkList links={checkoutLinks} className="site-footer__policies" />
      </footer>
    );
  }
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">Shop</h2>
          <LinkList links={shopLinks} />
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">Help</h2>
          <LinkList links={helpLinks} />
        </section>
        <section aria-labelledby="footer-about" className="site-footer__about">
          <h2 id="footer-about">Formulary</h2>
          <p>Haircare, skincare and supplements formulated for one person from their consultation, and tuned after every order.</p>
        </section>
      </div>
      <div className="site-footer__bottom">
        <CountryPicker onChosen={onCountryChosen} />
        <LinkList links={policyLinks} className="site-footer__policies" />
        <p className="site-footer__copyright">© 2026 Formulary</p>
      </div>
    </footer>
  );
}
