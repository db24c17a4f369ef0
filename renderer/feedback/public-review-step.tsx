import './feedback-steps.css';
import { useState, type FormEvent } from 'react';
import { FEEDBACK_TEXT_MAX } from '#engine';
import type { StepProps } from '../step-props';
import { StepHeading, titleOf } from '../parts/step-heading';
import { ActionButton } from '../parts/action-button';
import { FeedbackTextArea } from './feedback-text-area';

/**
 * The public review (spec 002 §2.6): the legal notice that it may be made public (the step's body), a review and a
 * private note, both optional. Submit saves what was written (an empty text is not saved); Skip moves on without.
 */
export function PublicReviewStep({ screen, onChange, onNext, busy }: StepProps<'public-review'>) {
  const { step } = screen;
  const max = step.maxLength ?? FEEDBACK_TEXT_MAX;
  const [texts, setTexts] = useState({ public: screen.selection?.public ?? '', internal: screen.selection?.internal ?? '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onChange(texts);
    onNext();
  };
  const skip = () => {
    if (busy) return;
    onChange({ public: '', internal: '' });
    onNext();
  };
  return (
    <form className="step step--public-review" onSubmit={submit} noValidate>
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      {screen.text.body ? <div className="notice notice--info feedback-legal">{screen.text.body}</div> : null}
      <FeedbackTextArea
        name={step.fields.public}
        label={step.publicLabel ?? 'Your review'}
        value={texts.public}
        maxLength={max}
        rows={6}
        onChange={(value) => setTexts((t) => ({ ...t, public: value }))}
      />
      <FeedbackTextArea
        name={step.fields.internal}
        label={step.internalLabel ?? 'Anything else you’d like to tell us? (private)'}
        value={texts.internal}
        maxLength={max}
        rows={4}
        onChange={(value) => setTexts((t) => ({ ...t, internal: value }))}
      />
      <div className="step__actions feedback-actions">
        <ActionButton type="submit" busy={busy}>
          {step.button ?? 'Submit'}
        </ActionButton>
        <button type="button" className="button button--quiet" aria-disabled={busy || undefined} onClick={skip}>
          {step.skip ?? 'Skip'}
        </button>
      </div>
    </form>
  );
}
