import '../styles/choice-cards.css';
import { Link } from 'react-router';
import { useSession } from '../session';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { consultationCategories } from './flow-registry';

/** /consultation/category: pick the consultation; "Resume here" for visitors who already gave an e-mail (spec 000 §2.1). */
export default function ConsultationCategoryPage() {
  const heading = usePageHeadingFocus();
  const session = useSession();
  const knownEmail = session.status === 'authenticated' && !session.user?.is_guest;
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
      {!knownEmail ? (
        <p>
          Already gave us your email? <Link to="/signin">Resume here.</Link>
        </p>
      ) : null}
    </div>
  );
}
