import type { CompiledFlow, CompiledOption, CompiledStep } from '../compile/compiled-flow.ts';
import { fieldsWritten } from '../compile/field-model.ts';

/**
 * The compiled flow as the flows Vite plugin writes it into the browser's code, and back: what the browser can work
 * out again is left out of the download. A step's route is written relative to the flow's base; its name only when
 * that route does not end in it (`my-hair/length` is the step `length`); its section only where it changes (steps
 * follow their file's order); its field as "" where it is named like the step (the feedback's `overall_experience`); the
 * fields it writes not at all (they follow from its fields, options and writes); a
 * save mode only when it is not 'answers'; an option that is a value alone (its words travel apart,
 * engine/runtime/flow-content.ts) as that value. `unpackFlow(packFlow(flow))` equals `flow`.
 */
export type PackedFlow = Omit<CompiledFlow, 'steps'> & { steps: Record<string, unknown>[] };

type Holder = Record<string, unknown>;

const packOptions = (options: CompiledOption[]) => options.map((o) => (Object.keys(o).length === 1 && 'value' in o ? o.value : o));
const unpackOptions = (options: unknown[]) => options.map((o) => (typeof o === 'object' && o !== null ? o : { value: o }));
/** A route's last segment: `length` of `my-hair/length`. */
const lastSegment = (route: string) => route.slice(route.lastIndexOf('/') + 1);

/** Node side (the flows Vite plugin). @example JSON.stringify(packFlow(flow)) */
export function packFlow(flow: CompiledFlow): PackedFlow {
  const base = `${flow.routes.base}/`;
  let section: string | undefined;
  const steps = flow.steps.map((step) => {
    const packed: Holder = { ...step };
    if (step.route === flow.routes.base) packed.route = '';
    else if (step.route.startsWith(base)) packed.route = step.route.slice(base.length);
    if (lastSegment(packed.route as string) === step.name) delete packed.name;
    if ('field' in step && step.field === step.name) packed.field = '';
    if (step.section === section) delete packed.section;
    section = step.section;
    if (step.saveMode === 'answers') delete packed.saveMode;
    if (sameList(step.answerFields, fieldsWritten(step))) delete packed.answerFields;
    if ('options' in step) {
      packed.options = packOptions(step.options);
      if (step.optionCases) packed.optionCases = step.optionCases.map((c) => ({ ...c, options: packOptions(c.options) }));
    }
    return packed;
  });
  return { ...flow, steps };
}

/** Browser side: the flow as the engine runs it. */
export function unpackFlow(packed: PackedFlow): CompiledFlow {
  const { base } = packed.routes;
  let section = '';
  for (const step of packed.steps) {
    const route = step.route as string;
    step.name ??= lastSegment(route);
    if (step.field === '') step.field = step.name;
    if (!route.startsWith('/')) step.route = route ? `${base}/${route}` : base;
    section = (step.section as string | undefined) ?? section;
    step.section = section;
    step.saveMode ??= 'answers';
    if (step.options) {
      step.options = unpackOptions(step.options as unknown[]);
      for (const c of (step.optionCases ?? []) as Holder[]) c.options = unpackOptions(c.options as unknown[]);
    }
    step.answerFields ??= fieldsWritten(step as unknown as CompiledStep);
  }
  return packed as unknown as CompiledFlow;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
