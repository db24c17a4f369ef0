import { Link } from 'react-router';
import { usePageHeadingFocus } from './use-page-heading-focus';

/** Any unknown address. */
export default function NotFoundPage() {
  const heading = usePageHeadingFocus();
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        We couldn't find that page
      </h1>
      <p>
        <Link to="/consultation">Start your consultation</Link> or go to the <Link to="/">home page</Link>.
      </p>
    </div>
  );
}
