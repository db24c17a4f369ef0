import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { useHashTarget } from '../shell/use-hash-target';

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
        This shop keeps on your device only what it needs to work: your sign-in, your cart's count, your country and your consultation's progress. It runs no
        advertising or analytics cookies, so there is nothing to opt out of; if that changes, you will be asked first, and this is where you will change your
        choice.
      </p>
    </article>
  );
}
