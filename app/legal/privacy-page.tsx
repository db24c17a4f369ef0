import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { useHashTarget } from '../shell/use-hash-target';
import { openConsentChoices } from '../../shop/consent/consent-store';

/** /privacy: the Privacy Policy (spec 000 §2.1). */
export default function PrivacyPage() {
  const heading = usePageHeadingFocus();
  useHashTarget();
  return (
    <article className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        Privacy Policy
      </h1>
      <p>We collect what you tell us in your consultation and what we need to make and deliver your orders.</p>
      <h2>Health and hormone data</h2>
      <p>Health and hormone data is never shared. It is used only to formulate your products and is shown only to you.</p>
      <h2>Your location</h2>
      <p>Your zip code tells us your climate, water and air, so your formulas can follow the seasons where you live.</p>
      <h2 id="choices" tabIndex={-1}>
        Your choices
      </h2>
      <p>You can see and change your answers at any time, and ask us to delete your account and data.</p>
      <p>
        This shop keeps on your device what it needs to work: your sign-in, your cart's count, your country and your consultation's progress. With your
        permission it also counts which pages and steps are visited, in its own records, never with your e-mail, your card or anything you typed. Visitors from
        Canada are asked first (analytics and advertising are off until they say yes); elsewhere they are on unless you turn them off. Your choice is kept for
        two years (730 days) and you can change it here at any time.
      </p>
      <p>
        <button type="button" className="button button--secondary button--small" onClick={openConsentChoices}>
          Change your cookie choices
        </button>
      </p>
    </article>
  );
}
