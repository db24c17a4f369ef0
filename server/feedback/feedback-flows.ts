import { answerCatalog, checkAnswers, fieldModel, type AnswerCatalog, type FieldInfo } from '#engine/compiler';
import type { CompiledFlow } from '#engine';
import type { FeedbackCategory } from '../db/schema';
import { FEEDBACK_TEXT_MAX } from '#api';

/** Where an answer field is asked in a flow (spec 002 §3.9): the flow's id, the question's name and position (from 1). */
export interface FeedbackQuestion {
  feedbackName: string;
  topic: string;
  questionNum: number;
}

/** The outcome of checking PATCHed feedback answers against the category's flows. */
export type FeedbackAnswerCheck = { ok: true } | { ok: false; fields: Record<string, string[]> };

/** What the feedback calls need from the feedback flows (flows/feedback/*.yaml), per category. */
export interface FeedbackFlows {
  /** Checks answer fields (not `status` nor `origin`) against the category's flows: known fields, accepted values, texts within their length; null clears. */
  checkAnswers(category: FeedbackCategory, answers: Record<string, unknown>): FeedbackAnswerCheck;
  /** Whether the field is free text (its events never carry it). */
  isText(category: FeedbackCategory, field: string): boolean;
  /** The follow-up fields a rating of 0 clears (spec 002 §4.4). */
  clearedBySkip(category: FeedbackCategory, field: string): readonly string[];
  /** Fields asked after the results screen (the public review): they may still be written once after completion. */
  askedAfterResults(category: FeedbackCategory, field: string): boolean;
  /** The question that asks `field`, in the flow the order is reviewed with (`starter`: the Skincare Starter Set's, §2.3). */
  questionOf(category: FeedbackCategory, field: string, starter: boolean): FeedbackQuestion | undefined;
}

/** A flow's category of feedback: supplements is its own, even when its file files it under haircare. */
export function feedbackCategoryOf(flow: Pick<CompiledFlow, 'id' | 'category'>): FeedbackCategory | undefined {
  if (flow.category === 'supplements' || flow.id.includes('supplements')) return 'supplements';
  if (flow.category === 'skincare' || flow.category === 'haircare') return flow.category;
  return undefined;
}

interface CategoryFlows {
  catalog: AnswerCatalog;
  /** Per flow, field -> the question asking it. */
  questions: { starter: boolean; byField: Map<string, FeedbackQuestion> }[];
  clears: Map<string, string[]>;
  late: Set<string>;
}

/** Whether the step asks `field` itself (a rating that clears a follow-up writes it too, but does not ask it). */
function asks(step: CompiledFlow['steps'][number], field: string): boolean {
  if ('field' in step && step.field === field) return true;
  return 'fields' in step && Object.values<string>(step.fields).includes(field);
}

/** The step that asks `info` (else its first writer that is a step), with its position. */
function questionFor(flow: CompiledFlow, info: FieldInfo): FeedbackQuestion | undefined {
  const writers = flow.steps.flatMap((step, index) => (info.writers.includes(step.name) ? [{ step, index }] : []));
  const found = writers.find(({ step }) => asks(step, info.name)) ?? writers[0];
  return found ? { feedbackName: flow.id, topic: found.step.name, questionNum: found.index + 1 } : undefined;
}

function categoryFlows(flows: readonly CompiledFlow[]): CategoryFlows {
  const clears = new Map<string, string[]>();
  const late = new Set<string>();
  const questions = flows.map((flow) => {
    const byField = new Map<string, FeedbackQuestion>();
    const model = fieldModel([flow]);
    for (const info of model.values()) {
      const question = questionFor(flow, info);
      if (question) byField.set(info.name, question);
    }
    const results = flow.steps.findIndex((step) => step.kind === 'feedback-results');
    for (const [index, step] of flow.steps.entries()) {
      if (step.kind === 'rating' && step.clears && step.clears.length > 0) clears.set(step.field, step.clears);
      if (results >= 0 && index > results) {
        for (const info of model.values()) if (info.writers.includes(step.name)) late.add(info.name);
      }
    }
    return { starter: flow.id.includes('starter'), byField };
  });
  return { catalog: answerCatalog(flows), questions, clears, late };
}

/** A field the flows leave free (no options): free text, at most its step's length. */
const isFreeText = (info: FieldInfo | undefined): info is FieldInfo =>
  !!info && info.values === undefined && (info.format === undefined || info.format === 'text');
const maxLengthOf = (info: FieldInfo) => info.maxLength ?? FEEDBACK_TEXT_MAX;

/**
 * The feedback flows' checks and questions, from the compiled flows of kind feedback: haircare, skincare (the
 * full-size and Starter Set flows together) and supplements.
 * @example feedbackFlows(loadFlowDirectory('flows').flows).checkAnswers('haircare', { scalp_satisfaction: 7 }) // { ok: false, fields: {...} }
 */
export function feedbackFlows(compiled: readonly CompiledFlow[]): FeedbackFlows {
  const byCategory = new Map<FeedbackCategory, CategoryFlows>();
  for (const category of ['haircare', 'skincare', 'supplements'] as const) {
    byCategory.set(category, categoryFlows(compiled.filter((flow) => flow.kind === 'feedback' && feedbackCategoryOf(flow) === category)));
  }
  const of = (category: FeedbackCategory) => byCategory.get(category)!;
  return {
    checkAnswers(category, answers) {
      const { catalog } = of(category);
      const problems = new Map<string, string[]>();
      const forEngine: [string, unknown][] = [];
      for (const [name, value] of Object.entries(answers)) {
        const info = catalog.fields.get(name);
        if (!info || (value !== null && !isFreeText(info))) forEngine.push([name, value]);
        else if (value !== null && typeof value !== 'string') problems.set(name, ['Expected text.']);
        else if (typeof value === 'string' && value.length > maxLengthOf(info)) problems.set(name, [`Write at most ${maxLengthOf(info)} characters.`]);
      }
      const engine = checkAnswers(catalog, Object.fromEntries(forEngine));
      if (!engine.ok) for (const [name, messages] of Object.entries(engine.fields)) problems.set(name, messages);
      return problems.size > 0 ? { ok: false, fields: Object.fromEntries(problems) } : { ok: true };
    },
    isText: (category, field) => isFreeText(of(category).catalog.fields.get(field)),
    clearedBySkip: (category, field) => of(category).clears.get(field) ?? [],
    askedAfterResults: (category, field) => of(category).late.has(field),
    questionOf(category, field, starter) {
      const { questions } = of(category);
      const preferred = questions.filter((q) => q.starter === starter);
      for (const flow of [...preferred, ...questions]) {
        const question = flow.byField.get(field);
        if (question) return question;
      }
      return undefined;
    },
  };
}
