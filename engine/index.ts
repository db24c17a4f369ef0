/** @module engine: flow schema, rules, YAML compiler with source positions, flow machines. No React, no DOM. */
export type { Rule, RuleInput, Scalar, OperatorTest } from './schema/predicate-schema';
export type { FlowDefinition, FlowInput, StepDefinition, StepInput, StepKind, Option, OptionValue, Image, Tip, Derived } from './schema/flow-schema';
export type {
  CompiledFlow,
  CompiledStep,
  CompiledStepOf,
  CompiledOption,
  CompiledOptionCase,
  ChoiceStep,
  SaveMode,
} from './compile/compiled-flow';
export type { Answers, AnswerValue, SessionStatus, FlowEnvironment, Selection, StepScreen, ProgressSection } from './runtime/types';
export { toggleOption } from './runtime/selection';
