import type { Scalar } from '../schema/predicate-schema.ts';
import type { Derived } from '../schema/flow-schema.ts';
import type { CompiledFlow, CompiledOption, CompiledStep } from './compiled-flow.ts';
import { isListKind } from '../schema/step-shapes.ts';
import { FEEDBACK_COMPLETED } from '../schema/feedback-values.ts';

/** What the flows say about one answer field: one value or a list, the values it can take, who writes it. */
export interface FieldInfo {
  name: string;
  shape: 'one' | 'list';
  /** Every value it can hold; undefined when free text (zip code). */
  values?: Scalar[];
  /** Free-text format, checked by the server: a zip code, a country, or free text (feedback, at most `maxLength`). */
  format?: 'zipcode' | 'country' | 'text';
  /** The longest text a `text` field accepts, in characters. */
  maxLength?: number;
  /** The steps that write it (step names), or "derived" / "onComplete". */
  writers: string[];
  categories: string[];
}

/** All options of a step, whatever case applies. */
export function allOptions(step: CompiledStep): CompiledOption[] {
  if (!('options' in step)) return [];
  return [...step.options, ...(step.optionCases ?? []).flatMap((c) => c.options)];
}

/** The fields a choice of `option` on `step` writes, and their values (spec 000 §5.3-5.5 saving rules). */
export function optionWrites(step: CompiledStep, option: CompiledOption): Record<string, Scalar> {
  if (!('options' in step)) return {};
  const out: Record<string, Scalar> = {};
  if (step.field && !isListKind(step.kind) && step.kind !== 'matrix') out[step.field] = option.value;
  Object.assign(out, step.writes ?? {}, option.writes ?? {});
  return out;
}

/** Every field a step may write: its field, per-option fields and option writes, or the zip code fields. */
export function fieldsWritten(step: CompiledStep): string[] {
  const fields = new Set<string>();
  if ('fields' in step) Object.values(step.fields).forEach((f) => fields.add(f));
  if (step.kind === 'matrix') step.rows.forEach((r) => fields.add(r.field));
  if (step.kind === 'text') fields.add(step.field);
  if (step.kind === 'fragrance-choice' && step.newFragrance) fields.add(step.newFragrance.field);
  if ('options' in step) {
    if (step.field) fields.add(step.field);
    for (const option of allOptions(step)) {
      if (option.field) fields.add(option.field);
      for (const key of Object.keys(option.writes ?? {})) fields.add(key);
    }
  }
  return [...fields];
}

/** Possible values of a derived field: every sum of its terms' scores, clamped. */
export function derivedValues(derived: Derived): number[] {
  let sums = new Set<number>([0]);
  for (const term of derived.terms) {
    const next = new Set<number>();
    for (const s of sums) for (const v of Object.values(term.values)) next.add(s + v);
    sums = next;
  }
  const clamp = derived.clamp;
  return [...new Set([...sums].map((v) => (clamp ? Math.min(clamp[1], Math.max(clamp[0], v)) : v)))].sort((a, b) => a - b);
}

/** Builds the field model of one or more flows. Conflicting shapes are reported by the checker. */
export function fieldModel(flows: readonly CompiledFlow[]): Map<string, FieldInfo> {
  const fields = new Map<string, FieldInfo>();
  const add = (
    name: string,
    shape: FieldInfo['shape'],
    values: Scalar[] | undefined,
    writer: string,
    category: string,
    format?: FieldInfo['format'],
    maxLength?: number,
  ) => {
    const known = fields.get(name);
    if (!known) {
      fields.set(name, {
        name,
        shape,
        ...(values ? { values: [...new Set(values)] } : {}),
        ...(format ? { format } : {}),
        ...(maxLength ? { maxLength } : {}),
        writers: [writer],
        categories: [category],
      });
      return;
    }
    // A text written by several steps accepts the longest they allow.
    if (maxLength && known.maxLength) known.maxLength = Math.max(known.maxLength, maxLength);
    if (known.values && values) known.values = [...new Set([...known.values, ...values])];
    else if (!values) delete known.values;
    if (!known.writers.includes(writer)) known.writers.push(writer);
    if (!known.categories.includes(category)) known.categories.push(category);
  };
  for (const flow of flows) {
    for (const step of flow.steps) {
      if (step.kind === 'zipcode') {
        add(step.fields.zipcode, 'one', undefined, step.name, flow.category, 'zipcode');
        add(step.fields.country, 'one', ['US', 'CA'], step.name, flow.category, 'country');
        continue;
      }
      // Feedback (spec 002 §9): free texts of at most maxLength characters (empty ones saved as null), a fragrance
      // rating's 0-5 and intensity (cleared to null by a 0, §4.4), the results' completed status.
      if (step.kind === 'text') {
        add(step.field, 'one', undefined, step.name, flow.category, 'text', step.maxLength);
        continue;
      }
      if (step.kind === 'public-review') {
        for (const field of Object.values(step.fields)) add(field, 'one', undefined, step.name, flow.category, 'text', step.maxLength);
        continue;
      }
      if (step.kind === 'fragrance-rating') {
        add(
          step.fields.satisfaction,
          'one',
          step.satisfactionOptions.map((o) => o.value),
          step.name,
          flow.category,
        );
        add(step.fields.intensity, 'one', [...step.intensityOptions.map((o) => o.value), null], step.name, flow.category);
        continue;
      }
      if (step.kind === 'feedback-results') {
        add(step.fields.status, 'one', [FEEDBACK_COMPLETED], step.name, flow.category);
        continue;
      }
      if (step.kind === 'fragrance-choice' && step.newFragrance) add(step.newFragrance.field, 'one', [true, false], step.name, flow.category);
      // A checkout step's fields take whatever its form gives (an e-mail, an address's pubkey, an order's status).
      if ('fields' in step) {
        for (const field of Object.values(step.fields)) add(field, 'one', undefined, step.name, flow.category);
        continue;
      }
      if (!('options' in step)) continue;
      const options = allOptions(step);
      const list = isListKind(step.kind);
      if (step.kind === 'matrix') {
        for (const row of step.rows)
          add(
            row.field,
            'one',
            options.map((o) => o.value),
            step.name,
            flow.category,
          );
        continue;
      }
      if (step.field && list)
        add(
          step.field,
          'list',
          options.filter((o) => !o.field).map((o) => o.value),
          step.name,
          flow.category,
        );
      for (const option of options) {
        if (option.field) add(option.field, 'one', [option.selected ?? true, option.unselected ?? false], step.name, flow.category);
        for (const [field, value] of Object.entries(list ? { ...step.writes, ...option.writes } : optionWrites(step, option))) {
          add(field, 'one', [value], step.name, flow.category);
        }
      }
    }
    for (const derived of flow.derived) add(derived.field, 'one', derivedValues(derived), 'derived', flow.category);
    for (const [field, value] of Object.entries(flow.onComplete ?? {})) add(field, 'one', [value], 'onComplete', flow.category);
    for (const set of Object.values(flow.questionSets ?? {})) {
      for (const [field, value] of Object.entries(set.onComplete ?? {})) add(field, 'one', [value], 'onComplete', flow.category);
    }
  }
  return fields;
}
