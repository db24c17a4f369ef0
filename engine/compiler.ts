/** @module engine/compiler: YAML -> checked flow, the checks, the server's view of the flows. Node only (reads files, parses YAML). */
export { compileFlowSource, formatIssues } from './compile/compile-source.ts';
export type { CompileResult, CompileOptions } from './compile/compile-source.ts';
export { loadFlowFile, loadFlowDirectory, flowFiles, readFromRoot, isFragmentFile } from './compile/load-flows.ts';
export { formatIssue, issueMessage } from './issues/format-issue.ts';
export type { FlowIssue, FlowIssueCode, SourceLocation } from './issues/flow-issue.ts';
export { flowSchema, stepSchema } from './schema/flow-schema.ts';
export { flowJsonSchema, fragmentJsonSchema } from './schema/json-schema.ts';
export { flowGraph, describeRule } from './compile/flow-graph.ts';
export { fieldModel } from './compile/field-model.ts';
export type { FieldInfo } from './compile/field-model.ts';
export { answerCatalog, checkAnswers } from './server/answer-catalog.ts';
export type { AnswerCatalog } from './server/answer-catalog.ts';
export { questionSets } from './server/question-sets.ts';
export type { QuestionSetQuestion } from './server/question-sets.ts';
export { compileFactRule } from './rules/fact-rule.ts';
export type { Facts, FactRuleProblem, KnownFacts } from './rules/fact-rule.ts';
export { readDataSource, formatDataProblem } from './parse/data-file.ts';
export type { DataSource, DataProblem } from './parse/data-file.ts';
