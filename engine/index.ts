/** @module engine: flow types, rules, flow runtime and machines; browser-safe (no YAML, no zod). The compiler is `engine/compiler`. */
export type { Rule, RuleInput, Scalar, OperatorTest } from './schema/predicate-schema';
export type { FlowDefinition, FlowInput, StepDefinition, StepInput, StepKind, Option, OptionValue, Image, Tip, Derived } from './schema/flow-schema';
export type {
  CompiledFlow,
  CompiledStep,
  CompiledStepOf,
  CompiledOption,
  CompiledOptionCase,
  CompiledFollowUp,
  ChoiceStep,
  SaveMode,
} from './compile/compiled-flow';
export type { Answers, AnswerValue, SessionStatus, FlowEnvironment, Selection, StepScreen, ProgressSection } from './runtime/types';
export { toggleOption } from './runtime/selection';
export { compileRule } from './rules/evaluate-rule';
export type { Guard, RuleScope, RuleFunctions } from './rules/evaluate-rule';
export { deriveValue, derivedWrites } from './runtime/derive';
export { createFlowRuntime } from './runtime/flow-runtime';
export type { FlowRuntime } from './runtime/flow-runtime';
export { selectVariants, defaultVariants } from './runtime/select-variants';
export { orderSteps } from './runtime/order-steps';
export { offeredOptions, activeTip, selectionFromAnswers, answersFromSelection, normalizeZipcode } from './runtime/step-answers';
export { nextStepIndex, previousStepIndex, resolveRoute, firstUnansweredIndex, mayEnter, routePath } from './runtime/navigation';
export { describeStep, fillPlaceholders, progressSections } from './runtime/describe-step';
export type { ScreenFacts } from './runtime/describe-step';
export { createFlowMachine, saveValues, ADVANCE_DELAY_MS } from './machine/flow-machine';
export type { FlowMachine, FlowActor, FlowSnapshot, FlowContext, FlowEvent, FlowMachineInput, SaveRequest, SaveResult } from './machine/flow-machine';
export { anonymousEnvironment } from './runtime/environment';
