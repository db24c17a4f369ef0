import { useState } from 'react';
import type { Selection, StepScreen } from '#engine';
import { StepView, type AnyStepScreen, type StepComponentTable, type StepFacts, type StepServices } from '../../renderer/components';
import { storyServices } from '../mocks/story-services';

export interface StepHarnessProps {
  screen: AnyStepScreen;
  facts?: StepFacts;
  busy?: boolean;
  error?: string;
  services?: StepServices;
  /** The step kinds a flow kind brings (the checkout's). */
  kinds?: StepComponentTable;
  onChange?(selection: Selection): void;
  onNext?(): void;
}

/** Stands in for the flow machine: keeps the selection the step reports and hands the screen back with it. */
export function StepHarness({ screen, facts = {}, busy = false, error, services, kinds, onChange, onNext }: StepHarnessProps) {
  const [selection, setSelection] = useState<Selection>(screen.selection as Selection);
  const [fallbackServices] = useState(storyServices);
  return (
    <StepView
      kinds={kinds}
      screen={{ ...screen, selection } as StepScreen}
      facts={facts}
      busy={busy}
      error={error}
      services={services ?? fallbackServices}
      onChange={(next: Selection) => {
        setSelection(next);
        onChange?.(next);
      }}
      onNext={() => onNext?.()}
    />
  );
}
