import '../styles/aggressors.css';
import type { GeoAggressor } from '../step-props';

const levelText: Record<GeoAggressor['level'], string> = { low: 'Low', moderate: 'Moderate', high: 'High' };
const levelBars: Record<GeoAggressor['level'], number> = { low: 1, moderate: 2, high: 3 };

/** What affects the shopper where they live, each with its level (three bars and the word) and what it does. */
export function AggressorList({ aggressors }: { aggressors: readonly GeoAggressor[] }) {
  return (
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
  );
}
