import { useEffect } from 'react';
import { Link } from 'react-router';
import type { User, UserPatch } from '#api';
import { serverFieldErrors } from '../../shop/account/field-errors';
import { ProfileForm, type ProfileSaveOutcome } from '../../shop/account/profile-form';
import { api } from '../app-services';
import { reportError } from '../report-error';
import { useSession } from '../session';
import { PageStatus } from '../shell/page-status';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { SignInFirst } from './sign-in-first';
import '../styles/account.css';

/**
 * /account/profile: the customer's names, e-mail, username, phone and text opt-ins (spec 001 §2, §3 User, §5, §7:
 * PATCH /v1/account/). Signed out or a guest (who has no e-mail to change until they sign up): the way to sign in.
 * The form is drawn per customer (keyed by pubkey): a sign-out drops it, another sign-in starts afresh (§4 Account).
 */
export default function ProfilePage() {
  const session = useSession();
  useEffect(() => {
    document.title = 'Your profile | Formulary';
  }, []);
  if (!session.settled) return <PageStatus>Loading your profile…</PageStatus>;
  const user = session.status === 'authenticated' && session.user !== null && !session.user.is_guest ? session.user : null;
  if (!user) return <SignInFirst title="Your profile" to="to see and change your profile." />;
  return <Profile key={user.pubkey} user={user} onSaved={session.userUpdated} />;
}

function Profile({ user, onSaved }: { user: User; onSaved(user: User): void }) {
  const heading = usePageHeadingFocus();
  const save = async (patch: UserPatch): Promise<ProfileSaveOutcome> => {
    try {
      const saved = await api.patchAccount(patch);
      // The session shows the saved user at once (the header's name, the other account pages).
      onSaved(saved);
      return { ok: true, user: saved };
    } catch (error) {
      if (!serverFieldErrors(error)) reportError('account: update profile', error);
      return { ok: false, error };
    }
  };
  return (
    <div className="page page--narrow account-page">
      <p className="account-page__back">
        <Link to="/account">Your account</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        Your profile
      </h1>
      <ProfileForm user={user} onSave={save} />
    </div>
  );
}
