import { Link, useParams } from 'react-router';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';

/** /consultation/haircare/results/stored: where a standalone consultation ends (spec 000 §2.1). */
export default function ResultsStoredPage() {
  const { category = 'haircare' } = useParams();
  const heading = usePageHeadingFocus();
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        Your answers are saved
      </h1>
      <p>We'll use them for your next formulas. You can review them at any time.</p>
      <p>
        <Link className="button-link" to={`/consultation/${category}/results/get-results`}>
          See your results
        </Link>
      </p>
    </div>
  );
}
