import { Suspense, useState, type ReactNode } from 'react';
import type { ChoiceStep, OptionValue } from '#engine';
import { lazyComponent } from '../lazy-component';

// Most steps never open it, so the modal's code loads only when needed (or ahead, with the other step kinds).
const lazyModal = lazyComponent(() => import('../modal').then((m) => m.Modal));
const Modal = lazyModal.component;

/** Loads the modal's code ahead of time. */
export const preloadModal = lazyModal.preload;

type FollowUp = NonNullable<ChoiceStep['followUp']>;

/**
 * The follow-up modal of a choice step (spec 000 §2.8 MedicalModal): `guard(values, go)` opens it
 * instead of going on when the values include one of `followUp.on`; its button then goes on.
 * Escape, the backdrop and the close button return to the question.
 */
export function useFollowUp(followUp: FollowUp | undefined): { guard(values: readonly OptionValue[], go: () => void): void; modal: ReactNode } {
  const [pending, setPending] = useState<{ go: () => void } | null>(null);
  const guard = (values: readonly OptionValue[], go: () => void) => {
    if (followUp && values.some((v) => followUp.on.includes(v))) setPending({ go });
    else go();
  };
  const modal = followUp ? (
    <Suspense fallback={null}>
      <Modal open={pending !== null} title={followUp.title} description={<p>{followUp.body}</p>} onClose={() => setPending(null)}>
        <div className="modal__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              const go = pending?.go;
              setPending(null);
              go?.();
            }}
          >
            {followUp.button}
          </button>
        </div>
      </Modal>
    </Suspense>
  ) : null;
  return { guard, modal };
}
