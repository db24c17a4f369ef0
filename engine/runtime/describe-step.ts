import type { CompiledStep } from '../compile/compiled-flow.ts';
import type { RuleScope } from '../rules/evaluate-rule.ts';
import type { FlowRuntime } from './flow-runtime.ts';
import { activeTip, offeredOptions, selectionFromAnswers } from './step-answers.ts';
import type { ProgressSection, StepScreen } from './types.ts';

/** Facts from outside the flow that screens show ({city} on geo-aggressors, {firstName}, the aggressors list). */
export type ScreenFacts = Record<string, unknown>;

/** Fills {placeholders} from facts; an unknown one is left empty rather than shown raw. */
export function fillPlaceholders(text: string | undefined, facts: ScreenFacts): string | undefined {
  return text?.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = facts[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  });
}

/**
 * Everything the renderer needs to draw one step, resolved against the answers: offered options,
 * tip, picture, texts with placeholders filled, the pre-filled selection and progress.
 * @example describeStep(runtime, runtime.steps[3], scope, { city: 'New York' }).selection
 */
export function describeStep(runtime: FlowRuntime, step: CompiledStep, scope: RuleScope, facts: object = {}): StepScreen {
  const all: ScreenFacts = { subject: 'subject' in step ? step.subject : undefined, ...feedbackPlaceholders(step, facts as ScreenFacts), ...facts };
  const image = 'image' in step && step.image ? pickImage(runtime, step.image, scope) : undefined;
  const tip = activeTip(runtime, step, scope);
  const shown = runtime.steps.filter((s) => runtime.isIncluded(s, scope) || s === step);
  // A follow-up whose own rule does not hold (a reading without the modal) is not offered.
  const followUp = 'followUp' in step ? step.followUp : undefined;
  const shownStep = followUp?.when && !runtime.guard(followUp.when)(scope) ? { ...step, followUp: undefined } : step;
  return {
    step: shownStep,
    options: offeredOptions(runtime, step, scope),
    ...(tip ? { tip } : {}),
    ...(image ? { image } : {}),
    text: stepText(runtime, step, scope, all),
    selection: selectionFromAnswers(runtime, step, scope),
    progress: {
      tracker: runtime.flow.progress.tracker,
      counter: runtime.flow.progress.counter,
      sections: progressSections(runtime, step),
      position: shown.indexOf(step) + 1,
      total: shown.length,
    },
  } as StepScreen;
}

/** What a feedback kind's facts say of the order's products: each product type's name and fragrance slug. */
export interface OrderedProduct {
  name?: string;
  fragrance?: string;
}

/** `rating` → "Rating", `hair_oil` → "Hair oil". */
const readable = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1).replace(/[_-]+/g, ' ');

/**
 * Placeholders of the feedback steps (spec 002 §2.3, §2.4, §2.6): those the facts list under `text` ({ingredient}, the
 * supplement's {product}), {date} the order's date (`orderDate`), and on a step with a `product`: {product} its name and
 * {fragrance} its fragrance's name (an unknown slug shown as it is, §8), from `products` and `fragranceNames`.
 */
export function feedbackPlaceholders(step: CompiledStep, facts: ScreenFacts): ScreenFacts {
  const out: ScreenFacts = {};
  const text = facts.text;
  if (text && typeof text === 'object') {
    for (const [key, value] of Object.entries(text)) if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (typeof facts.orderDate === 'string') out.date ??= facts.orderDate;
  const product = 'product' in step ? step.product : undefined;
  if (!product) return out;
  const item = (facts.products as Record<string, OrderedProduct> | undefined)?.[product];
  out.product = item?.name ?? readable(product);
  if (item?.fragrance) out.fragrance = fragranceName(item.fragrance, facts.fragranceNames as Record<string, string> | undefined);
  return out;
}

/** A fragrance's name from its slug; an unknown slug is shown by its raw name (spec 002 §8). */
export function fragranceName(slug: string, names: Record<string, string> | undefined): string {
  return names?.[slug] ?? names?.[slug.toLowerCase()] ?? slug;
}

/** Title, subtitle and body: the first text case that holds overrides the step's own, then placeholders are filled. */
export function stepText(runtime: FlowRuntime, step: CompiledStep, scope: RuleScope, facts: ScreenFacts): StepScreen['text'] {
  const chosen = step.textCases?.find((c) => runtime.guard(c.when)(scope));
  const pick = (key: 'title' | 'subtitle' | 'body') => fillPlaceholders(chosen?.[key] ?? step[key], facts);
  return { title: pick('title'), subtitle: pick('subtitle'), body: pick('body') };
}

/** The exit modal's heading and subtitle for this shopper (the first text case that holds, e.g. by offer), or undefined when the flow has none. */
export function exitModalText(runtime: FlowRuntime, scope: RuleScope): { title: string; subtitle?: string } | undefined {
  const modal = runtime.flow.exitModal;
  if (!modal) return undefined;
  // Without cases of its own, the modal uses the sign-in step's (the e-mail-capture heading by offer, spec 000 §2.7).
  const cases = modal.textCases ?? runtime.flow.steps.find((s) => s.kind === 'signin')?.textCases;
  const chosen = cases?.find((c) => runtime.guard(c.when)(scope));
  const subtitle = chosen?.subtitle ?? modal.subtitle;
  return { title: chosen?.title ?? modal.title, ...(subtitle ? { subtitle } : {}) };
}

function pickImage(runtime: FlowRuntime, image: NonNullable<Extract<CompiledStep, { kind: 'intro' }>['image']>, scope: RuleScope) {
  const { cases, ...rest } = image;
  const match = cases?.find((c) => runtime.guard(c.when)(scope));
  return match ? { ...rest, src: match.src } : rest;
}

/** Sections before the step's are done, its own is current, later ones are to do. */
export function progressSections(runtime: FlowRuntime, step: CompiledStep): ProgressSection[] {
  const current = runtime.flow.sections.findIndex((s) => s.id === step.section);
  return runtime.flow.sections.map((s, i) => ({ ...s, state: i < current ? 'done' : i === current ? 'current' : 'todo' }));
}
