import './feedback-steps.css';
import { useState, type FormEvent } from 'react';
import { FEEDBACK_TEXT_MAX } from '#engine';
import type { StepProps } from '../step-props';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { ActionButton } from '../parts/action-button';
import { FeedbackTextArea } from './feedback-text-area';

/** A free-text answer (spec 002 §2.6), optional unless the step requires it; an empty text is not saved (§5.4). */
export function TextStep({ screen, onChange, onNext, busy }: StepProps<'text'>) {
  const { step } = screen;
  const [text, setText] = useState(screen.selection ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onChange(text);
    onNext();
  };
  return (
    <form className="step step--text" onSubmit={submit} noValidate>
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <FeedbackTextArea
        name={step.field}
        label={step.label ?? 'Your answer'}
        value={text}
        maxLength={step.maxLength ?? FEEDBACK_TEXT_MAX}
        placeholder={step.placeholder}
        onChange={setText}
      />
      <div className="step__actions">
        <ActionButton type="submit" busy={busy}>
          {step.button ?? 'Continue'}
        </ActionButton>
      </div>
    </form>
  );
}
