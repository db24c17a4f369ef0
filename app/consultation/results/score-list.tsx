import type { ProfileScore } from '#api';

const levelWords: Record<ProfileScore['level'], string> = { low: 'Low need', moderate: 'Moderate need', high: 'High need' };

/**
 * The profile's needs (issue 4 point 3), highest first, each as a native meter (0-100) with its level in
 * words and the reasons that moved it most, in the shopper's own terms.
 */
export function ScoreList({ scores, limit = 6 }: { scores: readonly ProfileScore[]; limit?: number }) {
  const shown = [...scores].sort((a, b) => b.score - a.score).slice(0, limit);
  return (
    <ul className="scores">
      {shown.map((s) => {
        const id = `score-${s.dimension}`;
        const reasons = s.reasons.filter((r) => r.points > 0).slice(0, 3);
        return (
          <li key={s.dimension} className={`score score--${s.level}`}>
            <div className="score__head">
              <span className="score__label" id={id}>
                {s.label}
              </span>
              <span className="score__level">{levelWords[s.level]}</span>
            </div>
            <meter className="score__meter" min={0} max={100} low={30} high={60} optimum={0} value={s.score} aria-labelledby={id}>
              {s.score} out of 100
            </meter>
            {reasons.length > 0 ? <p className="score__why">Because {joinReasons(reasons.map((r) => r.because))}.</p> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** "a, b and c". */
function joinReasons(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
