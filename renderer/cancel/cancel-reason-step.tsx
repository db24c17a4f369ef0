import './cancel-steps.css';
import { useId, useState, type FormEvent } from 'react';
import type { StepProps } from '../step-props';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { ActionButton } from '../parts/action-button';
import { OptionList } from '../parts/option-list';
import type { CancelFacts } from './cancel-facts';

/**
 * Why the shopper cancels (spec 001 §7 log reasons): one reason, as native radios, and the comment field when the reason
 * takes one (optional, or required: then Continue says so instead of going on). Continue reports both and moves on.
 */
export function CancelReasonStep({ screen, onChange, onNext, busy, facts }: StepProps<'cancel-reason', CancelFacts>) {
  const { step } = screen;
  const id = useId();
  const [reason, setReason] = useState(typeof screen.selection?.reason === 'string' ? screen.selection.reason : '');
  const [comment, setComment] = useState(typeof screen.selection?.comment === 'string' ? screen.selection.comment : '');
  const [missing, setMissing] = useState(false);
  const reasons = facts.reasons.filter((r) => r.kind === step.reasons);
  const chosen = reasons.find((r) => r.slug === reason);
  const asks = chosen !== undefined && chosen.comment !== 'none';
  const options = reasons.map((r) => ({ value: r.slug, label: r.label }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (chosen?.comment === 'required' && comment.trim() === '') {
      setMissing(true);
      return;
    }
    // A reason not chosen: the engine refuses to move on (answer_required) and the runner says so.
    if (chosen) onChange({ reason: chosen.slug, comment: asks && comment.trim() !== '' ? comment.trim() : undefined });
    onNext();
  };
  return (
    <form className="step step--cancel-reason" onSubmit={submit} noValidate>
      <StepHeading id={`${id}-title`} title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <OptionList
        type="radio"
        name={step.fields.reason}
        options={options}
        labelledBy={`${id}-title`}
        isChecked={(o) => o.value === reason}
        onToggle={(o) => {
          setReason(String(o.value));
          setMissing(false);
        }}
      />
      {asks ? (
        <div className={`field cancel-comment${missing ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${id}-comment`}>
            {step.commentLabel}
            {chosen.comment === 'optional' ? <span className="field__optional"> (optional)</span> : null}
          </label>
          <textarea
            id={`${id}-comment`}
            className="field__input cancel-comment__input"
            name={step.fields.comment}
            value={comment}
            rows={4}
            maxLength={step.commentMaxLength}
            required={chosen.comment === 'required'}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${id}-comment-error` : undefined}
            onChange={(event) => {
              setComment(event.target.value);
              setMissing(false);
            }}
          />
          {missing ? (
            <p id={`${id}-comment-error`} className="field__error" role="alert">
              Please tell us a little more about this reason.
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="step__actions">
        <ActionButton type="submit" busy={busy}>
          {step.button ?? 'Continue'}
        </ActionButton>
      </div>
    </form>
  );
}
