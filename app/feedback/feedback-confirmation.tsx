import { useEffect } from 'react';
import { Link } from 'react-router';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';

const WORDS: Record<string, { what: string; next: string }> = {
  haircare: { what: 'haircare', next: 'Your next shampoo, conditioner and treatments will be formulated with what you told us.' },
  skincare: { what: 'skincare', next: 'Your next cleanser, serum and moisturizer will be formulated with what you told us.' },
  supplements: { what: 'supplements', next: 'We’ll keep following your progress and adjust your supplements when it is time.' },
};

/**
 * /feedback/confirmation?data-from={category} (spec 002 §2.5): the feedback is complete and no question is left. An
 * unknown or missing category still thanks the shopper and leads on.
 */
export default function FeedbackConfirmation({ category }: { category: string | null }) {
  const heading = usePageHeadingFocus();
  const words = category ? WORDS[category] : undefined;
  useEffect(() => {
    document.title = 'Thank you for your feedback | Formulary';
  }, []);
  return (
    <div className="page page--narrow feedback-confirmation">
      <h1 ref={heading} tabIndex={-1}>
        Thank you for your feedback
      </h1>
      <p>{words ? `Your ${words.what} feedback is saved. ${words.next}` : 'Your feedback is saved, and your next formulas will learn from it.'}</p>
      <p className="feedback-confirmation__actions">
        <Link className="button button--primary" to="/account/feedback">
          See all your feedback
        </Link>
        <Link className="button button--secondary" to="/account/orders">
          Your orders
        </Link>
      </p>
    </div>
  );
}
