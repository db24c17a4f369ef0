import { useState } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { Selection, StepScreen } from '#engine';
import { StepView, stepComponents, type AnyStepScreen, type SaveNamesResult, type SignUpResult, type StepFacts } from '../../renderer/components';

export interface RenderStepOptions {
  facts?: StepFacts;
  busy?: boolean;
  error?: string;
  signUp?: (form: { firstName: string; lastName: string; email: string }) => Promise<SignUpResult>;
  saveNames?: (form: { firstName: string; lastName: string }) => Promise<SaveNamesResult>;
}

/** Renders a screen in StepView the way the flow machine drives it: the reported selection comes back in the screen. */
export function renderStep(screen: AnyStepScreen, options: RenderStepOptions = {}) {
  const onChange = vi.fn<(selection: Selection) => void>();
  const onNext = vi.fn<() => void>();
  const signUp = vi.fn(options.signUp ?? (async (): Promise<SignUpResult> => ({ kind: 'signed-up' })));
  const saveNames = vi.fn(options.saveNames ?? (async (): Promise<SaveNamesResult> => ({ kind: 'saved' })));
  function Machine({ current }: { current: AnyStepScreen }) {
    const [selection, setSelection] = useState<Selection>(current.selection as Selection);
    return (
      <StepView
        components={stepComponents}
        screen={{ ...current, selection } as StepScreen}
        onChange={(next: Selection) => {
          setSelection(next);
          onChange(next);
        }}
        onNext={onNext}
        busy={options.busy ?? false}
        error={options.error}
        services={{ signUp, saveNames }}
        facts={options.facts ?? {}}
      />
    );
  }
  const user = userEvent.setup();
  const view = render(<Machine current={screen} />);
  return {
    ...view,
    user,
    onChange,
    onNext,
    signUp,
    saveNames,
    /** Shows another step, as the machine does after onNext. */
    showStep: (next: AnyStepScreen) => view.rerender(<Machine key={next.step.route} current={next} />),
  };
}
