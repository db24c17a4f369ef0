import '../styles/choice-cards.css';
import { Link } from 'react-router';
import { useSession } from '../session';
import { useExitCapture } from './exit-capture';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { emailGiven } from './email-given';
import { consultationCategories } from './consultation-categories';

/**
 * /consultation/category: pick the consultation (spec 000 §2.1). "Resume here" is offered to a visitor who
 * already gave an e-mail on this device; a signed-in shopper resumes their consultation directly.
 */
export default function ConsultationCategoryPage() {
  const heading = usePageHeadingFocus();
  const session = useSession();
  const signedIn = session.status === 'authenticated' && session.user !== null && !session.user.is_guest;
  const resume = signedIn ? `/consultation/${resumeCategory(session.user?.consultation_statuses)}?is-returning=true` : emailGiven() ? '/signin' : null;
  useExitCapture({ armed: !signedIn, category: 'agnostic' });
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        Start your consultation
      </h1>
      <ul className="choice-cards">
        {consultationCategories.map((c) => (
          <li key={c.id}>
            <Link className="choice-card" to={`/consultation/${c.id}`}>
              <strong>{c.label}</strong>
              {c.description}
            </Link>
          </li>
        ))}
      </ul>
      {resume ? (
        <p>
          Already gave us your email? <Link to={resume}>Resume here.</Link>
        </p>
      ) : null}
    </div>
  );
}

/** The consultation a signed-in shopper has under way (draft), else haircare. */
function resumeCategory(statuses: Record<string, string> | undefined): string {
  return consultationCategories.find((c) => statuses?.[c.id] === 'draft')?.id ?? 'haircare';
}
