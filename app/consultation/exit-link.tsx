import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';

const ConsultationExit = lazy(() => import('./consultation-exit'));
const firstMoves = ['pointermove', 'pointerdown', 'keydown'] as const;

/**
 * The way out of a consultation, in the page frame: a plain link home until the visitor first moves the
 * pointer, taps or types; then the e-mail capture around it loads (consultation-exit.tsx), so a step
 * page's first download does not carry it.
 */
export function ExitLink() {
  const [live, setLive] = useState(false);
  useEffect(() => {
    const wake = () => setLive(true);
    firstMoves.forEach((type) => addEventListener(type, wake, { once: true, passive: true }));
    return () => firstMoves.forEach((type) => removeEventListener(type, wake));
  }, []);
  const plain = <Link to="/">Exit</Link>;
  return live ? (
    <Suspense fallback={plain}>
      <ConsultationExit />
    </Suspense>
  ) : (
    plain
  );
}
