import type { RawIssue } from '../issues/flow-issue.ts';
import { didYouMean } from '../issues/did-you-mean.ts';
import type { Rule } from '../schema/predicate-schema.ts';
import type { FlowDefinition, Option, OptionValue, StepDefinition } from '../schema/flow-schema.ts';
import { INTENSITY_OPTIONS, RATING_SCALE, RATING_SKIP } from '../schema/feedback-values.ts';
import { pathKey } from '../rules/collect-rules.ts';
import type { CompiledFlow, CompiledOption, CompiledStep, SaveMode } from './compiled-flow.ts';
import { fieldsWritten } from './field-model.ts';
import { orderSteps } from '../runtime/order-steps.ts';
import { defaultVariants } from '../runtime/select-variants.ts';

type Path = (string | number)[];

/** Kinds that never save an answer of their own (spec 000 §4.3). */
const unsavedKinds = new Set<StepDefinition['kind']>(['welcome', 'intro', 'signin', 'geo-aggressors']);
/** Checkout kinds that save nothing unless asked: the payment step keeps its token in the checkout until the order is placed. */
const unsavedByDefault = new Set<StepDefinition['kind']>(['payment', 'wait-payment']);

const scale = (list: readonly { value: OptionValue; label: string }[]): CompiledOption[] => list.map((o) => ({ ...o, exclusive: false, retired: false }));
/** A rating without options of its own offers spec 002 §9.2's scale. */
const ratingScale = scale(RATING_SCALE);
const intensityOptions = scale(INTENSITY_OPTIONS);

const defaultBooleanOptions: CompiledOption[] = [
  { value: true, label: 'Yes', exclusive: false, retired: false },
  { value: false, label: 'No', exclusive: false, retired: false },
];

/**
 * Resolves a checked flow definition into the form that runs: absolute routes, sections filled in,
 * option lists resolved, rules normalised, save modes and written fields worked out.
 */
export function compileFlow(flow: FlowDefinition, rules: ReadonlyMap<string, Rule>): { flow: CompiledFlow; issues: RawIssue[] } {
  const issues: RawIssue[] = [];
  const ruleAt = (path: Path) => rules.get(pathKey(path));
  const sets = flow.optionSets ?? {};

  const options = (list: Option[], path: Path): CompiledOption[] =>
    list.map((o, i) => {
      const { when: _when, ...rest } = o;
      const when = ruleAt([...path, i, 'when']);
      return when ? { ...rest, when } : rest;
    });

  const resolveOptions = (ref: string | Option[] | undefined, path: Path): CompiledOption[] => {
    if (ref === undefined) return [];
    if (typeof ref !== 'string') return options(ref, path);
    const set = sets[ref];
    if (!set) {
      issues.push({ code: 'unknown_option_set', path, data: { found: ref, expected: Object.keys(sets), suggestion: didYouMean(ref, Object.keys(sets)) } });
      return [];
    }
    return options(set, ['optionSets', ref]);
  };

  let section = flow.sections[0]!.id;
  const steps = flow.steps.map((step, i): CompiledFlow['steps'][number] => {
    const path: Path = ['steps', i];
    section = step.section ?? section;
    const route = step.route ? `${flow.routes.base}/${step.route}` : flow.routes.base;
    const saveMode: SaveMode = unsavedKinds.has(step.kind) || (step.skipSave ?? unsavedByDefault.has(step.kind)) ? 'none' : 'answers';
    const { when: _w, skipSave: _s, ...rest } = step as StepDefinition & { when?: unknown; skipSave?: unknown };
    const compiled: Record<string, unknown> = { ...rest, route, section, saveMode, answerFields: [] as string[] };
    const when = ruleAt([...path, 'when']);
    if (when) compiled.when = when;

    if ('options' in step) {
      let list = resolveOptions(step.options, [...path, 'options']);
      if (step.kind === 'boolean' && list.length === 0) list = defaultBooleanOptions;
      if (step.kind === 'goals') list = list.map((o) => ({ ...o, selected: o.selected ?? 3, unselected: o.unselected ?? 0 }));
      if (step.kind === 'rating') {
        if (list.length === 0) list = ratingScale;
        // Spec 002 §4.4: "I haven't used it enough" clears the product's follow-ups in the same save.
        const clears = step.clears ?? [];
        if (clears.length > 0) {
          const nulls = Object.fromEntries(clears.map((f) => [f, null]));
          list = list.map((o) => (o.value === RATING_SKIP ? { ...o, writes: { ...nulls, ...o.writes } } : o));
        }
      }
      // Spec 002 §5.4: the NONE choice saves the step's noneValue (frag_free, FRAGRANCE_FREE for hair oil).
      if (step.kind === 'fragrance-choice' && step.noneValue !== undefined) {
        const none = step.noneValue;
        list = list.map((o) => (o.value === 'NONE' ? { ...o, writes: { [step.field]: none, ...o.writes } } : o));
      }
      compiled.options = list;
      if (step.optionCases) {
        compiled.optionCases = step.optionCases.map((c, k) => ({
          when: ruleAt([...path, 'optionCases', k, 'when'])!,
          options: resolveOptions(c.options, [...path, 'optionCases', k, 'options']),
          ...(c.tip ? { tip: c.tip } : {}),
        }));
      }
      if (step.followUp) {
        const { when: _fw, ...followUp } = step.followUp;
        const followWhen = ruleAt([...path, 'followUp', 'when']);
        compiled.followUp = followWhen ? { ...followUp, when: followWhen } : followUp;
      }
      const clearWhen = ruleAt([...path, 'initial', 'clearWhen']);
      if (clearWhen) compiled.initial = { clearWhen };
      else delete compiled.initial;
    }
    if (step.kind === 'fragrance-rating') {
      compiled.satisfactionOptions = step.satisfactionOptions ? options(step.satisfactionOptions, [...path, 'satisfactionOptions']) : ratingScale;
      compiled.intensityOptions = step.intensityOptions ? options(step.intensityOptions, [...path, 'intensityOptions']) : intensityOptions;
    }
    if ('image' in step && step.image) {
      compiled.image = {
        ...step.image,
        cases: step.image.cases?.map((c, k) => ({ when: ruleAt([...path, 'image', 'cases', k, 'when'])!, src: c.src })),
      };
    }
    if (step.textCases) {
      compiled.textCases = step.textCases.map((c, k) => ({ ...c, when: ruleAt([...path, 'textCases', k, 'when'])! }));
    }
    compiled.answerFields = fieldsWritten(compiled as unknown as CompiledStep);
    return compiled as unknown as CompiledFlow['steps'][number];
  });

  const variants = Object.fromEntries(
    Object.entries(flow.variants ?? {}).map(([name, v]) => [
      name,
      { ...v, choose: v.choose?.map((c, k) => ({ when: ruleAt(['variants', name, 'choose', k, 'when'])!, use: c.use })) },
    ]),
  );

  const compiled: CompiledFlow = {
    id: flow.id,
    category: flow.category,
    kind: flow.kind,
    ...(flow.title ? { title: flow.title } : {}),
    routes: flow.routes,
    ...(flow.query ? { query: flow.query } : {}),
    progress: flow.progress,
    sections: flow.sections,
    ...(flow.onComplete ? { onComplete: flow.onComplete } : {}),
    variants,
    derived: flow.derived ?? [],
    context: Object.keys(flow.context ?? {}),
    ...(flow.questionSets ? { questionSets: compileQuestionSets(flow, ruleAt) } : {}),
    ...(flow.exitModal
      ? {
          exitModal: {
            ...flow.exitModal,
            textCases: flow.exitModal.textCases?.map((c, k) => ({ ...c, when: ruleAt(['exitModal', 'textCases', k, 'when'])! })),
          },
        }
      : {}),
    steps,
  };
  // A step a variant places (the sign-in step) is in the section it shows in by default, not the one its file writes it
  // in: its words travel with that section's texts (engine/runtime/flow-content.ts), and a page opened at its route
  // preloads those. Where it shows for another option, its placement says.
  const shown = orderSteps(compiled, defaultVariants(compiled));
  for (const step of steps) {
    const placed = step.placement && shown.find((s) => s.name === step.name);
    if (placed) step.section = placed.section;
  }
  return { flow: compiled, issues };
}

function compileQuestionSets(flow: FlowDefinition, ruleAt: (path: Path) => Rule | undefined): NonNullable<CompiledFlow['questionSets']> {
  return Object.fromEntries(
    Object.entries(flow.questionSets ?? {}).map(([name, set]) => {
      const when = ruleAt(['questionSets', name, 'when']);
      const { when: _w, ...rest } = set;
      return [name, when ? { ...rest, when } : rest];
    }),
  );
}
