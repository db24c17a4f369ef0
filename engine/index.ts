/** @module engine: flow types, rules, flow runtime and machines; browser-safe (no YAML, no zod). The compiler is `engine/compiler`. */
export type { Rule, RuleInput, Scalar, OperatorTest } from './schema/predicate-schema.ts';
export type {
  FlowDefinition,
  FlowInput,
  StepDefinition,
  StepInput,
  StepKind,
  CheckoutStepKind,
  FeedbackStepKind,
  CancelStepKind,
  QuestionStepKind,
  Option,
  OptionValue,
  Image,
  Tip,
  Derived,
} from './schema/flow-schema.ts';
export type {
  CompiledFlow,
  CompiledStep,
  CompiledStepOf,
  CompiledOption,
  CompiledOptionCase,
  CompiledFollowUp,
  ChoiceStep,
  SaveMode,
} from './compile/compiled-flow.ts';
export type { Answers, AnswerValue, SessionStatus, FlowEnvironment, Selection, StepScreen, ProgressSection } from './runtime/types.ts';
export { toggleOption } from './runtime/selection.ts';
export { compileRule } from './rules/evaluate-rule.ts';
export type { Guard, RuleScope, RuleFunctions } from './rules/evaluate-rule.ts';
export { deriveValue, derivedWrites } from './runtime/derive.ts';
export { createFlowRuntime } from './runtime/flow-runtime.ts';
export type { FlowRuntime } from './runtime/flow-runtime.ts';
export { selectVariants, defaultVariants } from './runtime/select-variants.ts';
export { orderSteps } from './runtime/order-steps.ts';
export { parsePostalCode, isKeptPostalCode, postalCountryOf } from './runtime/postal-code.ts';
export type { PostalCode, PostalCountry } from './runtime/postal-code.ts';
export { offeredOptions, activeTip, selectionFromAnswers, answersFromSelection, normalizeZipcode, differentFragrance } from './runtime/step-answers.ts';
export { nextStepIndex, previousStepIndex, resolveRoute, firstUnansweredIndex, mayEnter, routePath } from './runtime/navigation.ts';
export { describeStep, exitModalText, feedbackPlaceholders, fillPlaceholders, fragranceName, progressSections, stepText } from './runtime/describe-step.ts';
export type { OrderedProduct, ScreenFacts } from './runtime/describe-step.ts';
export { addContent, contentReady, loadContent, loadAllContent, withContent, splitFlowContent } from './runtime/flow-content.ts';
export type { ContentChunk, StepContent } from './runtime/flow-content.ts';
export { createFlowMachine, saveValues, ADVANCE_DELAY_MS, flowStep, flowAtResults, flowBusy, flowProblem } from './machine/flow-machine.ts';
export type {
  FlowMachine,
  FlowActor,
  FlowSnapshot,
  FlowContext,
  FlowEvent,
  FlowMachineInput,
  FlowProblem,
  SaveRequest,
  SaveResult,
  CompleteRequest,
} from './machine/flow-machine.ts';
export { anonymousEnvironment } from './runtime/environment.ts';
export { FEEDBACK_TEXT_MAX, FEEDBACK_COMPLETED, RATING_SKIP, RATING_SCALE, INTENSITY_OPTIONS, PHASE_LABELS } from './schema/feedback-values.ts';
export { feedbackSummary, durationFromMonths, isFragranceFree, SUPPLEMENT_PHASES } from './runtime/feedback-summary.ts';
export type {
  FeedbackSummary,
  SummaryTopic,
  SummaryFragrance,
  SummaryIntensity,
  SummaryTexture,
  SummaryPhases,
  SummaryOrderFacts,
  UsageDuration,
} from './runtime/feedback-summary.ts';
