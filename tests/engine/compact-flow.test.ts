import { describe, expect, it } from 'vitest';
import { splitFlowContent, type CompiledFlow } from '#engine';
import { flowFiles } from '../../engine/compile/load-flows.ts';
import { serializeFlow } from '../../engine/compile/serialize-flow.ts';
import { packFlow, unpackFlow, type PackedFlow } from '../../engine/runtime/compact-flow.ts';
import { flow, haircarePath } from './support/flows';

/** A flow as the browser gets it (serializeFlow), then packed, sent as JSON and unpacked as its module loads. */
const shipped = (path: string) => JSON.parse(serializeFlow(flow(path))) as CompiledFlow;
const roundTrip = (value: CompiledFlow) => unpackFlow(JSON.parse(JSON.stringify(packFlow(value))) as PackedFlow);

describe('the compiled flow the browser downloads leaves out what it can work out again (issue 25: a step page ≤ 120 KB)', () => {
  it('every shipped flow, whole or as the logic of a split one, comes back exactly as compiled', () => {
    const paths = flowFiles('flows');
    expect(paths.length).toBeGreaterThanOrEqual(4);
    for (const path of paths) {
      const whole = shipped(path);
      expect(roundTrip(structuredClone(whole)), path).toEqual(whole);
      const { logic } = splitFlowContent(whole);
      expect(roundTrip(structuredClone(logic)), path).toEqual(logic);
    }
  });

  it('routes relative to the base, a section only where it changes, no written fields, values for bare options', () => {
    const { logic } = splitFlowContent(shipped(haircarePath));
    const packed = packFlow(logic);
    const byName = (name: string) => packed.steps.find((s) => s.name === name)!;
    expect(byName('welcome').route).toBe('');
    expect(byName('length')).toMatchObject({ route: 'my-hair/length', options: ['very_short', 'short', 'shoulder', 'long', 'very_long'] });
    expect(byName('texture')).not.toHaveProperty('section'); // the same as the step before it
    expect(byName('treatments-introduction')).toHaveProperty('section', 'treatments');
    for (const step of packed.steps) expect(step).not.toHaveProperty('answerFields');
    expect(byName('welcome')).toHaveProperty('saveMode', 'none');
    expect(byName('length')).not.toHaveProperty('saveMode');
    expect(JSON.stringify(packed).length).toBeLessThan(0.9 * JSON.stringify(logic).length);
  });

  it('keeps what it cannot work out again: an absolute route elsewhere, written fields that differ, options with more than a value', () => {
    const logic = structuredClone(splitFlowContent(shipped(haircarePath)).logic);
    const length = logic.steps.find((s) => s.name === 'length')!;
    length.route = '/elsewhere/length';
    length.answerFields = ['diag_hair_length', 'something_else'];
    const packed = packFlow(logic).steps.find((s) => s.name === 'length')!;
    expect(packed).toMatchObject({ route: '/elsewhere/length', answerFields: ['diag_hair_length', 'something_else'] });
    expect(packFlow(shipped(haircarePath)).steps.find((s) => s.name === 'length')!.options).toContainEqual({
      value: 'short',
      label: 'Short',
      description: expect.any(String),
    });
    expect(roundTrip(logic)).toEqual(logic);
  });
});
