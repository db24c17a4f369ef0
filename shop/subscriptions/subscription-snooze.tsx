import { useId, useState } from 'react';
import type { Subscription } from '#api';
import { Notice } from '../../ui/notice';
import { addDays, daysUntil, SNOOZE_LIMIT_DAYS, SNOOZE_WEEKS, snoozeProblem } from './subscription-rules';
import { dayWords } from './subscription-words';

/**
 * Snooze (spec 001 §4, §5): move every product's next delivery by 2, 4, 6 or 8 weeks, or to a date, never more than
 * 90 days after today. Checked before sending with §5's messages; the server's refusal is shown in its words.
 */
export function SubscriptionSnooze({
  subscription,
  today,
  busy,
  problem,
  onSnooze,
}: {
  subscription: Subscription | undefined;
  today: string;
  busy: boolean;
  /** The server's refusal, in words. */
  problem: string | null;
  onSnooze: (days: number) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<string>('14');
  const [date, setDate] = useState('');
  const [checked, setChecked] = useState<string | null>(null);
  const start = subscription?.next_start && subscription.next_start > today ? subscription.next_start : today;
  const days = choice === 'date' ? (date ? daysUntil(date, start) : NaN) : Number(choice);
  const submit = () => {
    if (busy) return;
    if (choice === 'date' && (!date || days < 1)) return setChecked('Choose a date after your next delivery.');
    const refused = snoozeProblem(subscription, days, today);
    setChecked(refused);
    if (!refused) onSnooze(days);
  };
  const message = checked ?? problem;
  return (
    <section className="card subscription-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Snooze</h2>
      <p>Need a break? Move every product’s next delivery later, up to {SNOOZE_LIMIT_DAYS} days from today.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="subscription-snooze__choices">
          <legend>Snooze by</legend>
          {SNOOZE_WEEKS.map((weeks) => (
            <label key={weeks} className="subscription-snooze__choice">
              <input
                type="radio"
                name={`${id}-days`}
                value={weeks * 7}
                checked={choice === String(weeks * 7)}
                onChange={() => (setChoice(String(weeks * 7)), setChecked(null))}
              />
              <span>
                {weeks} weeks <span className="subscription-snooze__until">(next delivery {dayWords(addDays(start, weeks * 7))})</span>
              </span>
            </label>
          ))}
          <label className="subscription-snooze__choice">
            <input type="radio" name={`${id}-days`} value="date" checked={choice === 'date'} onChange={() => (setChoice('date'), setChecked(null))} />
            <span>Until a date</span>
          </label>
          {choice === 'date' ? (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-date`}>
                New next delivery
              </label>
              <input
                id={`${id}-date`}
                className="field__input field__input--short"
                type="date"
                min={addDays(start, 1)}
                max={addDays(today, SNOOZE_LIMIT_DAYS)}
                value={date}
                onChange={(event) => (setDate(event.target.value), setChecked(null))}
              />
            </div>
          ) : null}
        </fieldset>
        {message ? (
          <Notice tone="error" focus>
            {message}
          </Notice>
        ) : null}
        <button type="submit" className="button button--secondary" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {busy ? 'Snoozing…' : 'Snooze'}
        </button>
      </form>
    </section>
  );
}
