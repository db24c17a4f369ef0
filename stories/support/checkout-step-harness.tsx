import { useState } from 'react';
import type { Selection, StepScreen } from '#engine';
import { StepView, type AnyStepScreen } from '../../renderer/components';
import { checkoutStepComponents, preloadCheckoutSteps } from '../../shop/checkout/checkout-steps';
import { CheckoutRefusal, type CheckoutFacts, type RefusalOutcome } from '../../shop/checkout/checkout-facts';
import { storyServices } from '../mocks/story-services';
import { checkoutFacts } from '../fixtures/checkout';

export interface CheckoutStepHarnessProps {
  screen: AnyStepScreen;
  facts?: CheckoutFacts;
  busy?: boolean;
  error?: string;
  /** How the checkout's save adapter refuses the step's save, if it does: the step then stays, showing it. */
  refusal?: RefusalOutcome;
  onChange?(selection: Selection): void;
  onNext?(): void;
}

/** Stands in for the flow machine and the checkout's save adapter: keeps the selection, and refuses the save as told. */
export function CheckoutStepHarness({ screen, facts, busy = false, error, refusal, onChange, onNext }: CheckoutStepHarnessProps) {
  const [selection, setSelection] = useState<Selection>(screen.selection as Selection);
  const [saveError, setSaveError] = useState<CheckoutRefusal>();
  const [services] = useState(storyServices);
  const [fallbackFacts] = useState(checkoutFacts);
  return (
    <StepView<StepScreen['step']['kind'], CheckoutFacts>
      components={checkoutStepComponents}
      preload={preloadCheckoutSteps}
      screen={{ ...screen, selection } as StepScreen}
      facts={facts ?? fallbackFacts}
      busy={busy}
      error={error}
      saveError={saveError}
      services={services}
      onChange={(next: Selection) => {
        setSaveError(undefined);
        setSelection(next);
        onChange?.(next);
      }}
      onNext={() => (refusal ? setSaveError(new CheckoutRefusal(refusal)) : onNext?.())}
    />
  );
}
