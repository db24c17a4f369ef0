import type { AccountCreationOrigin, Category } from '#api';
import type { SignUpFieldErrors } from '../session/session-core';
import { useSession } from '../session';
import { emailProblem, useSignUpForm } from '../../renderer/parts/text-field';
import { TermsNotice, termsFor } from '../shell/terms-notice';

export const createAccountMessages = {
  first_name: 'Enter your first name.',
  last_name: 'Enter your last name.',
  magicLinkSent: (email: string) => `You already have an account with us. We sent you a link at ${email}: open it to sign in.`,
  error: 'Something went wrong and your account was not created. Please try again.',
} as const;

const BUTTON = 'Create my account';

/**
 * On /signin, when no account has the e-mail (spec 000 §4.6 unknownUser): create it right there, with
 * the origin no_sign_in_link_received_{category} (§9); a new account goes on to `onCreated`, server field
 * errors show on their fields (§5.6).
 */
export function CreateAccountForm({ email: typed, category, onCreated }: { email: string; category: Category; onCreated(): void }) {
  const session = useSession();
  const { values, field, outcome, submit } = useSignUpForm({
    initial: { email: typed, first_name: '', last_name: '' },
    check: (v) => {
      const found: SignUpFieldErrors = {};
      if (!v.first_name.trim()) found.first_name = createAccountMessages.first_name;
      if (!v.last_name.trim()) found.last_name = createAccountMessages.last_name;
      const problem = emailProblem(v.email);
      if (problem) found.email = problem;
      return found;
    },
    send: (v) =>
      session.signUp({
        email: v.email.trim(),
        firstName: v.first_name.trim(),
        lastName: v.last_name.trim(),
        origin: `no_sign_in_link_received_${category}` as AccountCreationOrigin,
      }),
    done: 'signed-up',
    onDone: onCreated,
  });
  const state = outcome === 'magic-link-sent' ? 'sent' : outcome === 'idle' || outcome === 'sending' ? outcome : 'failed';

  return (
    <form className="create-account" noValidate onSubmit={submit} aria-labelledby="create-account-title" aria-busy={state === 'sending' || undefined}>
      <h2 id="create-account-title">Create your account</h2>
      <p>Save your answers and come back to them at any time.</p>
      {field('email', 'Email', 'email')}
      {field('first_name', 'First name', 'given-name')}
      {field('last_name', 'Last name', 'family-name')}
      <div role="status">
        {state === 'sent' ? <p className="form-message form-message--success">{createAccountMessages.magicLinkSent(values.email.trim())}</p> : null}
      </div>
      {state === 'failed' ? (
        <p className="form-message form-message--error" role="alert">
          {createAccountMessages.error}
        </p>
      ) : null}
      <TermsNotice text={termsFor(BUTTON)} />
      <button
        className="form-button create-account__submit"
        type="submit"
        aria-disabled={state === 'sending' || undefined}
        aria-busy={state === 'sending' || undefined}
      >
        {state === 'sending' ? 'Creating your account…' : BUTTON}
      </button>
    </form>
  );
}
