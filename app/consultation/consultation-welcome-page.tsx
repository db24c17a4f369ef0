import { Link } from 'react-router';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';

/** /consultation: the agnostic entry (spec 000 §2.1). */
export default function ConsultationWelcomePage() {
  const heading = usePageHeadingFocus();
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        We're excited to get started on your consultation.
      </h1>
      <p>A few minutes of questions about you, your routine and where you live, and we'll formulate products made for you alone.</p>
      <p>
        <Link className="button-link" to="/consultation/category">
          Begin
        </Link>
      </p>
    </div>
  );
}
