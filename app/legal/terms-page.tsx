import { usePageHeadingFocus } from '../shell/use-page-heading-focus';

/**
 * /terms: End User License and Terms of Service (spec 000 §2.1). It promises only what the shop does (spec 001 §9
 * Policies): a subscription renews as the account shows it, and the first order's guarantee is adjusted formulas or a
 * return for credit, within 30 days of delivery.
 */
export default function TermsPage() {
  const heading = usePageHeadingFocus();
  return (
    <article className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        End User License and Terms of Service
      </h1>
      <p>These terms govern your use of this shop and the custom products we make for you.</p>
      <h2>Your consultation</h2>
      <p>
        Your formulas are made from the answers you give. Please answer accurately; tell us about pregnancy, breastfeeding, medication and skin or scalp
        conditions, and ask your doctor before using new products or supplements if you have concerns.
      </p>
      <h2>Who can buy</h2>
      <p>Our products are not intended for people under 18.</p>
      <h2>Orders and subscriptions</h2>
      <p>Every product is made to order. A subscription renews as shown in your account.</p>
      <h2>Our guarantee</h2>
      <p>
        If you don't love your first order, tell us within 30 days of its delivery: we'll adjust your formulas, or you can return it for credit, free of charge.
      </p>
    </article>
  );
}
