import './feedback-confirmation.css';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { EndOfTheRoadMessage } from '#api';
import { isApiError } from '#api/shared';
import { loadAppServices } from '../app-services';
import { useLoad } from '../use-load';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';

const WORDS: Record<string, { what: string; next: string }> = {
  haircare: { what: 'haircare', next: 'Your next shampoo, conditioner and treatments will be formulated with what you told us.' },
  skincare: { what: 'skincare', next: 'Your next cleanser, serum and moisturizer will be formulated with what you told us.' },
  supplements: { what: 'supplements', next: 'We’ll keep following your progress and adjust your supplements when it is time.' },
};

/**
 * /feedback/confirmation?data-from={category} (spec 002 §2.5): the feedback is complete and no question is left. An
 * unknown or missing category still thanks the shopper and leads on. At the end of a supplements feedback (`order`
 * known), the end-of-the-road message shows when the shop has one for the answers (§3.10, §4.5; a 404 means none).
 */
export default function FeedbackConfirmation({ category, order }: { category: string | null; order?: string }) {
  const heading = usePageHeadingFocus();
  const words = category ? WORDS[category] : undefined;
  useEffect(() => {
    document.title = 'Thank you for your feedback | Formulary';
  }, []);
  const endOfTheRoad = useLoad(
    async (): Promise<EndOfTheRoadMessage | null> => {
      const { api } = await loadAppServices();
      return api.getEndOfTheRoad(order!).catch((error: unknown) => {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      });
    },
    [order],
    { enabled: category === 'supplements' && Boolean(order) },
  );
  const message = endOfTheRoad.status === 'success' ? endOfTheRoad.value : null;
  return (
    <div className="page page--narrow feedback-confirmation">
      <h1 ref={heading} tabIndex={-1}>
        Thank you for your feedback
      </h1>
      <p>{words ? `Your ${words.what} feedback is saved. ${words.next}` : 'Your feedback is saved, and your next formulas will learn from it.'}</p>
      {message ? (
        <section className="card feedback-confirmation__message" aria-labelledby="end-of-the-road">
          <h2 id="end-of-the-road">{message.title}</h2>
          <p>{message.body}</p>
          <Link className="button button--secondary" to={message.action.url}>
            {message.action.label}
          </Link>
        </section>
      ) : null}
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
