import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { emailGiven } from './email-given';
import type { ExitModalProps } from './exit-modal';
import { shownExitSetup } from './exit-capture';

const ExitModal = lazy(() => import('./exit-modal'));

/** Exit intent is offered once per visit (this tab's session). */
const INTENT_KEY = 'shop.exit-intent';

/**
 * The consultation's "Exit" link home and the exit-consultation e-mail capture (spec 000 §2.7, §9): an
 * anonymous visitor who has given no e-mail yet and leaves by the link, or moves the pointer out through
 * the top of the window (once per visit), is first offered to save their answers.
 */
export default function ConsultationExit() {
  const [open, setOpen] = useState<ExitModalProps | null>(null);
  /** Opens the modal when the page on screen asks for an e-mail; false when the visitor may simply go. */
  const ask = (leaving: boolean): boolean => {
    const setup = shownExitSetup();
    if (!setup?.armed || emailGiven()) return false;
    const show = () => setOpen({ leaving, category: setup.category, copy: setup.copy?.(), onClose: () => setOpen(null) });
    // Without the flow's texts the app's own words show: the visitor is never kept waiting on a failed load.
    (setup.prepare?.() ?? Promise.resolve()).then(show, show);
    return true;
  };

  // Desktop exit intent: the pointer leaves the page through the top of the window.
  useEffect(() => {
    const onLeaveWindow = (event: globalThis.MouseEvent) => {
      if (event.relatedTarget || event.clientY > 0) return;
      try {
        if (sessionStorage.getItem(INTENT_KEY) || !ask(false)) return;
        sessionStorage.setItem(INTENT_KEY, '1');
      } catch {
        // No storage: exit intent is simply not remembered.
      }
    };
    document.addEventListener('mouseout', onLeaveWindow);
    return () => document.removeEventListener('mouseout', onLeaveWindow);
  });

  return (
    <>
      {/* data-exit-capture: the capture has loaded and now owns the link (its tests wait for it). */}
      <Link to="/" data-exit-capture="" onClick={(event: MouseEvent) => ask(true) && event.preventDefault()}>
        Exit
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <ExitModal {...open} />
        </Suspense>
      ) : null}
    </>
  );
}
