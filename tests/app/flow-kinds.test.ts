import { describe, expect, it } from 'vitest';
import type { CompiledFlow } from '#engine';
import { consultationKind } from '../../app/consultation/consultation-kind';
import { checkoutKind } from '../../app/checkout/checkout-kind';
import { feedbackKind } from '../fixtures/flows/feedback/feedback-kind';
import { feedbackKind as shopFeedbackKind } from '../../app/feedback/feedback-kind';
import { cancellationKind } from '../fixtures/flows/cancellation/cancellation-kind';

/** Issue 24: each flow kind draws every step its flows have, and its flows say they are of that kind. */
const kinds: { name: string; flows: Readonly<Record<string, () => Promise<CompiledFlow>>>; components: object }[] = [
  consultationKind,
  checkoutKind,
  feedbackKind,
  shopFeedbackKind,
  cancellationKind,
];

describe('flow kinds', () => {
  it.each(kinds.map((kind) => [kind.name, kind] as const))(
    'every flow of the %s kind is of that kind, and each of its steps has a component',
    async (_, kind) => {
      const flows: CompiledFlow[] = await Promise.all(Object.values(kind.flows).map((load) => load()));
      expect(flows.length).toBeGreaterThan(0);
      for (const flow of flows) {
        expect(flow.kind).toBe(kind.name);
        for (const step of flow.steps) expect(kind.components, `${flow.id}: ${step.name}`).toHaveProperty([step.kind]);
      }
    },
  );
});
