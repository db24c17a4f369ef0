import { useState } from 'react';
import type { Selection, StepScreen } from '#engine';
import { StepView, stepComponents, type AnyStepScreen, type StepFacts, type StepServices } from '../../renderer/components';
import { storyServices } from '../mocks/story-services';

export interface StepHarnessProps {
  screen: AnyStepScreen;
  facts?: StepFacts;
  busy?: boolean;
  error?: string;
  services?: StepServices;
  onChange?(selection: Selection): void;
  onNext?(): void;
}

/** Stands in for the flow machine: keeps the selection the step reports and hands the screen back with it. */
export function StepHarness({ screen, facts = {}, busy = false, error, services, onChange, onNext }: StepHarnessProps) {
  const [selection, setSelection] = useState<Selection>(screen.selection as Selection);
  const [fallbackServices] = useState(storyServices);
  return (
    <StepView
      components={stepComponents}
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
