/** @module engine/compiler: YAML -> checked flow, the checks, the server's view of the flows. Node only (reads files, parses YAML). */
export { compileFlowSource } from './compile/compile-source';
export type { CompileResult } from './compile/compile-source';
export { loadFlowFile, loadFlowDirectory, flowFiles } from './compile/load-flows';
export { formatIssue, issueMessage } from './issues/format-issue';
export type { FlowIssue, FlowIssueCode, SourceLocation } from './issues/flow-issue';
export { flowSchema, stepSchema } from './schema/flow-schema';
export { flowJsonSchema } from './schema/json-schema';
export { flowGraph, describeRule } from './compile/flow-graph';
export { fieldModel } from './compile/field-model';
export type { FieldInfo } from './compile/field-model';
export { answerCatalog, checkAnswers } from './server/answer-catalog';
export type { AnswerCatalog } from './server/answer-catalog';
export { questionSets } from './server/question-sets';
export type { QuestionSetQuestion } from './server/question-sets';
