import '../styles/exit-modal.css';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { AccountCreationOrigin } from '#api';
import { Modal } from '../../renderer/modal';
import { useSession } from '../session';
import { emailProblem, TextField } from '../../renderer/parts/text-field';
import { TermsNotice, termsFor } from '../shell/terms-notice';

/** The words of the exit modal: the flow's (CompiledFlow.exitModal, the heading by offer), else the app's. */
export interface ExitModalCopy {
  title: string;
  subtitle?: string;
  emailLabel: string;
  button: string;
  dismiss: string;
  /** The sign-in step's terms sentence. */
  terms?: string;
}

/** The app's words, for pages without a flow (/consultation, /consultation/category) and flows without an exit modal. */
export const exitModalDefaults: ExitModalCopy = {
  title: 'Before you go, save your answers',
  subtitle: "Enter your email and we'll keep your answers so you can pick up where you left off.",
  emailLabel: 'Email',
  button: 'Save my answers',
  dismiss: 'No thanks, leave the consultation',
};

export const exitModalMessages = {
  magicLinkSent: (email: string) => `You already have an account with us. We sent you a link at ${email}: open it to pick up where you left off.`,
  error: 'Something went wrong and your email was not saved. Please try again.',
} as const;

export interface ExitModalProps {
  /** consultation_exit_modal_{category}: haircare, skincare or agnostic. */
  category: string;
  copy?: Partial<ExitModalCopy>;
  /** Opened by the Exit link: "No thanks" goes on to the home page (else it only closes). */
  leaving: boolean;
  /** Close button, Escape, backdrop, saved, or "No thanks": the modal goes. */
  onClose(): void;
}

/**
 * The exit-consultation e-mail capture (spec 000 §2.7, §9): signing up with the e-mail alone (origin
 * consultation_exit_modal_*, terms accepted), after which the answers buffered on the device are saved and
 * the visitor stays in the consultation; a known e-mail gets a magic link; server field errors show on the field (§5.6).
 */
export default function ExitModal({ category, copy, leaving, onClose }: ExitModalProps) {
  const words = { ...exitModalDefaults, ...copy };
  const session = useSession();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'sending') return;
    const problem = emailProblem(email);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setState('sending');
    const origin = `consultation_exit_modal_${category}` as AccountCreationOrigin;
    const outcome = await session.signUp({ email: email.trim(), origin }).catch(() => ({ kind: 'error' }) as const);
    // A new account: the consultation page saves the buffered answers as the session turns authenticated (after-sign-up.ts).
    if (outcome.kind === 'signed-up') onClose();
    else if (outcome.kind === 'magic-link-sent') setState('sent');
    else if (outcome.kind === 'field-errors') {
      setState('idle');
      setError(Object.values(outcome.fields).join(' '));
      input.current?.focus();
    } else {
      setState('failed');
    }
  };

  return (
    <Modal open title={words.title} description={words.subtitle} onClose={onClose}>
      <form className="exit-modal" noValidate onSubmit={submit} aria-busy={state === 'sending' || undefined}>
        <TextField name="email" type="email" label={words.emailLabel} autoComplete="email" value={email} error={error} inputRef={input} onChange={setEmail} />
        <div role="status" className="exit-modal__status">
          {state === 'sent' ? <p className="sent-notice">{exitModalMessages.magicLinkSent(email.trim())}</p> : null}
        </div>
        {state === 'failed' ? (
          <p role="alert" className="inline-error">
            {exitModalMessages.error}
          </p>
        ) : null}
        <TermsNotice text={termsFor(words.button, words.terms)} />
        <div className="exit-modal__actions">
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={state === 'sending' || undefined}
            aria-busy={state === 'sending' || undefined}
          >
            {words.button}
          </button>
          <button
            type="button"
            className="exit-modal__dismiss"
            onClick={() => {
              onClose();
              if (leaving) navigate('/');
            }}
          >
            {words.dismiss}
          </button>
        </div>
      </form>
    </Modal>
  );
}
