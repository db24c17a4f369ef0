import type { StepProps, GeoAggressor } from '../step-props';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { ActionButton } from '../parts/action-button';

const levelText: Record<GeoAggressor['level'], string> = { low: 'Low', moderate: 'Moderate', high: 'High' };
const levelBars: Record<GeoAggressor['level'], number> = { low: 1, moderate: 2, high: 3 };

/** "Here's what affects your hair in New York.": the aggressors where the shopper lives, then Next. */
export function GeoAggressorsStep({ screen, onNext, busy, facts }: StepProps<'geo-aggressors'>) {
  const aggressors = facts.aggressors ?? [];
  return (
    <div className="step step--geo-aggressors">
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      {aggressors.length > 0 ? (
        <ul className="aggressors">
          {aggressors.map((a) => (
            <li key={a.slug} className={`aggressor aggressor--${a.level}`}>
              <div className="aggressor__head">
                <span className="aggressor__label">{a.label}</span>
                <span className="aggressor__level">
                  <span className="aggressor__meter" aria-hidden="true">
                    {[1, 2, 3].map((n) => (
                      <span key={n} className={n <= levelBars[a.level] ? 'aggressor__bar aggressor__bar--on' : 'aggressor__bar'} />
                    ))}
                  </span>
                  {levelText[a.level]}
                  <span className="visually-hidden"> level</span>
                </span>
              </div>
              {a.detail ? <p className="aggressor__detail">{a.detail}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="step__actions">
        <ActionButton busy={busy} onClick={onNext}>
          {screen.step.button ?? 'Next'}
        </ActionButton>
      </div>
    </div>
  );
}
