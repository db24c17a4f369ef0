import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ExitModalCopy } from '../consultation/exit-modal';

/** What a consultation page tells the page frame about leaving it (spec 000 §2.7). */
export interface ExitSetup {
  /** Leaving now asks for an e-mail: an anonymous visitor, mid-way through. */
  armed: boolean;
  /** Where the account would come from: consultation_exit_modal_{category} (haircare, skincare or agnostic). */
  category: string;
  /** Loads what the words need before the modal opens (the flow's texts, when they arrive apart). */
  prepare?: () => Promise<void>;
  /** The modal's words, worked out when it opens (the flow's exit modal, the heading by offer). */
  copy?: () => Partial<ExitModalCopy> | undefined;
}

// One page shows at a time: the setup of the one on screen, read when the visitor leaves.
let shown: ExitSetup | null = null;

/** The setup of the consultation page on screen, if any. */
export const shownExitSetup = () => shown;

/** A consultation page arms the frame's Exit link and exit intent while it shows (its latest render counts). */
export function useExitCapture(setup: ExitSetup): void {
  useEffect(() => {
    shown = setup;
    return () => void (shown === setup && (shown = null));
  });
}

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
