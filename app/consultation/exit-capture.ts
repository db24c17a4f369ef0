/**
 * @module app/consultation/exit-capture: what the consultation page on screen says about leaving it (spec 000 §2.7):
 * a store the page arms with useExitCapture and the Exit link (./exit-link.tsx, ./consultation-exit.tsx) reads.
 * Store and hook only: the UI that reads it lives apart, so nothing here imports it back.
 */
import { useEffect } from 'react';
import type { ExitModalCopy } from './exit-modal';

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
