import { Link } from 'react-router';
import { useSession } from '../session';
import { useExitCapture } from './exit-capture';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';

/** /consultation: the agnostic entry (spec 000 §2.1); leaving it offers the exit modal with the agnostic origin (§9). */
export default function ConsultationWelcomePage() {
  const heading = usePageHeadingFocus();
  const session = useSession();
  useExitCapture({ armed: session.status !== 'authenticated' || Boolean(session.user?.is_guest), category: 'agnostic' });
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
