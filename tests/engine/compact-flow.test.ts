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
    const byName = (name: string) => packed.steps[logic.steps.findIndex((s) => s.name === name)]!;
    expect(byName('welcome')).toMatchObject({ name: 'welcome', route: '' });
    expect(byName('length')).toMatchObject({ route: 'my-hair/length', options: ['very_short', 'short', 'shoulder', 'long', 'very_long'] });
    expect(byName('texture')).not.toHaveProperty('section'); // the same as the step before it
    expect(byName('treatments-introduction')).toHaveProperty('section', 'treatments');
    for (const step of packed.steps) expect(step).not.toHaveProperty('answerFields');
    expect(byName('welcome')).toHaveProperty('saveMode', 'none');
    expect(byName('length')).not.toHaveProperty('saveMode');
    expect(JSON.stringify(packed).length).toBeLessThan(0.9 * JSON.stringify(logic).length);
  });

  it("a step's name only where its route does not end in it", () => {
    const { logic } = splitFlowContent(shipped(haircarePath));
    const at = (value: CompiledFlow, name: string) => packFlow(value).steps[value.steps.findIndex((s) => s.name === name)]!;
    expect(at(logic, 'length')).toEqual(expect.objectContaining({ route: 'my-hair/length' }));
    expect(at(logic, 'length')).not.toHaveProperty('name');
    expect(at(logic, 'welcome')).toMatchObject({ name: 'welcome', route: '' }); // the base's route
    const renamed = structuredClone(logic);
    renamed.steps.find((s) => s.name === 'texture')!.route = `${logic.routes.base}/my-hair/curl-pattern`;
    // A step at the base's route named as the base's last segment keeps its name too.
    renamed.steps.find((s) => s.name === 'welcome')!.name = 'haircare';
    expect(at(renamed, 'texture')).toMatchObject({ name: 'texture', route: 'my-hair/curl-pattern' });
    expect(at(renamed, 'haircare')).toMatchObject({ name: 'haircare', route: '' });
    expect(roundTrip(structuredClone(renamed))).toEqual(renamed);
  });

  it('keeps what it cannot work out again: an absolute route elsewhere, written fields that differ, options with more than a value', () => {
    const logic = structuredClone(splitFlowContent(shipped(haircarePath)).logic);
    const length = logic.steps.find((s) => s.name === 'length')!;
    length.route = '/elsewhere/length';
    length.answerFields = ['diag_hair_length', 'something_else'];
    const packed = packFlow(logic).steps[logic.steps.indexOf(length)]!;
    expect(packed).toMatchObject({ route: '/elsewhere/length', answerFields: ['diag_hair_length', 'something_else'] });
    const whole = shipped(haircarePath);
    expect(packFlow(whole).steps[whole.steps.findIndex((s) => s.name === 'length')]!.options).toContainEqual({
      value: 'short',
      label: 'Short',
      description: expect.any(String),
    });
    expect(roundTrip(logic)).toEqual(logic);
  });

  it('issue 26 (feedback step page ≤ 120 KB): a field named like its step travels as "", the results’ topic names with the texts', () => {
    const whole = shipped('flows/feedback/haircare.yaml');
    const { logic, chunks } = splitFlowContent(structuredClone(whole));
    const packed = packFlow(logic);
    const at = (name: string) => packed.steps[logic.steps.findIndex((s) => s.name === name)]!;
    expect(at('overall_experience')).toMatchObject({ route: 'overall_experience', field: '' });
    expect(at('overall_experience')).not.toHaveProperty('name');
    expect(JSON.stringify(at('results'))).not.toContain('Scalp comfort');
    expect(chunks.review?.results).toMatchObject({ topics: expect.objectContaining({ scalp_sensitivity: 'Scalp comfort' }) });
    const unpacked = roundTrip(structuredClone(logic));
    expect(unpacked.steps.find((s) => s.name === 'overall_experience')).toMatchObject({ field: 'overall_experience' });
    expect(unpacked).toEqual(logic);
  });
});
