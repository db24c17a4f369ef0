import './tuned-from-feedback.css';
import type { Formula } from '#api';

/** What the shopper's latest feedback changed in one product (the API's feedback_changes). */
export type FeedbackChanges = NonNullable<Formula['feedback_changes']>;

/** "A deeper clean, because you told us your shampoo left your hair greasy." */
export function tunedSentence(change: FeedbackChanges[number]): string {
  const text = `${change.change}, because ${change.because}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

/**
 * "Tuned from your feedback" (issue 26 item 5): what the shopper's latest completed feedback changed in a product's
 * next formula, and why, in their words. Drawn under a custom cart line and in a formula on the results page;
 * nothing when the feedback changed nothing.
 */
export function TunedFromFeedback({ changes }: { changes: FeedbackChanges | undefined }) {
  if (!changes || changes.length === 0) return null;
  return (
    <div className="notice tuned">
      <p className="tuned__title">Tuned from your feedback</p>
      <ul className="tuned__list">
        {changes.map((change) => (
          <li key={`${change.change}|${change.because}`}>{tunedSentence(change)}</li>
        ))}
      </ul>
    </div>
  );
}
