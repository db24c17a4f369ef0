import '../styles/sign-in.css';
import { useId } from 'react';
import type { SignUpFieldErrors, StepProps } from '../step-props';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { ActionButton } from '../parts/action-button';
import { emailMessages, emailProblem, useSignUpForm } from '../parts/text-field';

type Field = keyof SignUpFieldErrors;

export const signInMessages = {
  first_name: 'Enter your first name.',
  last_name: 'Enter your last name.',
  email: emailMessages.missing,
  emailFormat: emailMessages.format,
  invalidCoupon: 'Your offer code is no longer valid. You can still save your results without it.',
  error: 'Something went wrong and your results were not saved. Please try again.',
  magicLinkSent: (email: string) => `You already have an account with us. We sent you a link at ${email}: open it to pick up where you left off.`,
  savingTo: (email: string) => `Your results are saved to ${email}. Tell us your name to go on.`,
  namesError: 'Something went wrong and your name was not saved. Please try again.',
} as const;

/**
 * The sign-in/save step (spec 000 §2.7): first name, last name and e-mail, then services.signUp. A shopper signed in
 * without names (an account made from an e-mail alone) is asked only for the names, saved with services.saveNames.
 */
export function SignInStep(props: StepProps<'signin'>) {
  return props.facts.accountEmail ? <NamesOnly {...props} email={props.facts.accountEmail} /> : <SignUpForm {...props} />;
}

function SignUpForm({ screen, onNext, busy, services, facts }: StepProps<'signin'>) {
  const { step } = screen;
  const formId = useId();
  const statusId = useId();
  const { values, field, outcome, sending, submit } = useSignUpForm({
    initial: { first_name: facts.firstName ?? '', last_name: '', email: '' },
    check: checkForm,
    send: (v) => services.signUp({ firstName: v.first_name.trim(), lastName: v.last_name.trim(), email: v.email.trim() }),
    done: 'signed-up',
    onDone: onNext,
    busy,
    forgetOutcome: true,
  });
  return (
    <form id={formId} className="step step--signin" noValidate onSubmit={submit} aria-busy={sending || undefined}>
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <div className="signin__names">
        {field('first_name', 'First name', 'given-name')}
        {field('last_name', 'Last name', 'family-name')}
      </div>
      {field('email', 'Email', 'email')}
      <div id={statusId} role="status" className="signin__status">
        {outcome === 'magic-link-sent' ? <p className="sent-notice">{signInMessages.magicLinkSent(values.email.trim())}</p> : null}
      </div>
      {outcome === 'error' || outcome === 'invalid-coupon' ? (
        <p role="alert" className="inline-error">
          {outcome === 'error' ? signInMessages.error : signInMessages.invalidCoupon}
        </p>
      ) : null}
      <p className="signin__terms">
        {withoutEllipsis(step.terms)} <a href="/terms">End User License and Terms of Service</a> and <a href="/privacy">Privacy Policy</a>.
      </p>
      <div className="step__actions">
        <ActionButton type="submit" busy={sending}>
          {step.button ?? 'Next'}
        </ActionButton>
        <a className="step__link" href="/signin">
          {step.resumeLink}
        </a>
      </div>
    </form>
  );
}

/** The names of an account that has an e-mail already: saved to it, then on to the next step. */
function NamesOnly({ screen, onNext, busy, services, facts, email }: StepProps<'signin'> & { email: string }) {
  const formId = useId();
  const { field, outcome, sending, submit } = useSignUpForm({
    initial: { first_name: facts.firstName ?? '', last_name: '', email },
    check: checkNames,
    send: (v) => services.saveNames({ firstName: v.first_name.trim(), lastName: v.last_name.trim() }),
    done: 'saved',
    onDone: onNext,
    busy,
  });
  return (
    <form id={formId} className="step step--signin" noValidate onSubmit={submit} aria-busy={sending || undefined}>
      <StepHeading title={titleOf(screen)} subtitle={signInMessages.savingTo(email)} />
      <div className="signin__names">
        {field('first_name', 'First name', 'given-name')}
        {field('last_name', 'Last name', 'family-name')}
      </div>
      {outcome === 'error' ? (
        <p role="alert" className="inline-error">
          {signInMessages.namesError}
        </p>
      ) : null}
      <div className="step__actions">
        <ActionButton type="submit" busy={sending}>
          {screen.step.button ?? 'Next'}
        </ActionButton>
      </div>
    </form>
  );
}

/** The names a form needs. */
function checkNames(values: Record<Field, string>): SignUpFieldErrors {
  const found: SignUpFieldErrors = {};
  if (!values.first_name.trim()) found.first_name = signInMessages.first_name;
  if (!values.last_name.trim()) found.last_name = signInMessages.last_name;
  return found;
}

/** The form's own checks before asking the server. */
function checkForm(values: Record<Field, string>): SignUpFieldErrors {
  const found = checkNames(values);
  const email = emailProblem(values.email);
  if (email) found.email = email;
  return found;
}

/** "…agree to…" reads badly before the links: drop a trailing ellipsis. */
function withoutEllipsis(text: string): string {
  return text.replace(/\s*(…|\.\.\.)\s*$/, '');
}
