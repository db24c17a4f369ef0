import type { Scalar } from '../schema/predicate-schema.ts';
import { isKeptPostalCode, postalCountryOf } from '../runtime/postal-code.ts';
import type { CompiledFlow } from '../compile/compiled-flow.ts';
import { allOptions, fieldModel, type FieldInfo } from '../compile/field-model.ts';
import { didYouMean } from '../issues/did-you-mean.ts';

/** Every answer field the flows define, with what it accepts: the server's view of the flows. */
export interface AnswerCatalog {
  fields: Map<string, FieldInfo & { exclusive: Scalar[] }>;
}

/** Builds the catalog from every flow (fields shared by flows accept the union of their values). */
export function answerCatalog(flows: readonly CompiledFlow[]): AnswerCatalog {
  const model = fieldModel(flows);
  const fields = new Map<string, FieldInfo & { exclusive: Scalar[] }>();
  for (const [name, info] of model) fields.set(name, { ...info, exclusive: [] });
  for (const flow of flows) {
    for (const step of flow.steps) {
      if (!('options' in step) || !step.field) continue;
      const entry = fields.get(step.field);
      if (entry)
        entry.exclusive.push(
          ...allOptions(step)
            .filter((o) => o.exclusive)
            .map((o) => o.value),
        );
    }
  }
  return { fields };
}

const shown = (v: unknown) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));
const acceptedList = (values: Scalar[]) => values.map(shown).join(', ');

/**
 * Checks answer fields sent by a client against the flows: known fields only, values that are
 * options, lists without duplicates and without an exclusive option mixed with others (spec 000
 * §5.1), zip codes that fit their country, feedback texts within their length (spec 002 §2.6). Every problem is
 * reported by field.
 * @example checkAnswers(catalog, { diag_hair_length: 'medium' }) // { ok: false, fields: { diag_hair_length: [...] } }
 */
export function checkAnswers(
  catalog: AnswerCatalog,
  body: Record<string, unknown>,
): { ok: true; answers: Record<string, unknown>; categories: string[] } | { ok: false; fields: Record<string, string[]> } {
  // A Map until the end: a field may be named like an Object.prototype member ("toString", "constructor").
  const problems = new Map<string, string[]>();
  const fail = (field: string, message: string) => problems.set(field, [...(problems.get(field) ?? []), message]);
  const categories = new Set<string>();
  for (const [name, value] of Object.entries(body)) {
    const info = catalog.fields.get(name);
    if (!info) {
      const suggestion = didYouMean(name, catalog.fields.keys());
      fail(name, `Unknown answer field.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`);
      continue;
    }
    // A field both consultations ask (age, hydration, stress…) says nothing about which one is under way.
    if (info.categories.length === 1) categories.add(info.categories[0]!);
    if (info.shape === 'list') {
      if (!Array.isArray(value)) {
        fail(name, 'Expected a list of answers.');
        continue;
      }
      const unknown = value.filter((v) => !info.values?.includes(v as Scalar));
      if (unknown.length > 0)
        fail(
          name,
          `${unknown.map(shown).join(', ')} ${unknown.length === 1 ? 'is not an accepted answer' : 'are not accepted answers'}. Accepted: ${acceptedList(info.values ?? [])}.`,
        );
      if (new Set(value).size !== value.length) fail(name, 'An answer is listed twice.');
      const exclusive = value.filter((v) => info.exclusive.includes(v as Scalar));
      if (exclusive.length > 0 && value.length > 1) fail(name, `${exclusive.map(shown).join(', ')} cannot be combined with other answers.`);
      continue;
    }
    if (info.format === 'zipcode') {
      const countryField = name.replace('zipcode', 'country');
      const country = Object.hasOwn(body, countryField) ? body[countryField] : undefined;
      // As the zip-code step keeps it (runtime/postal-code.ts), of the country sent with it when that is one we know.
      const ok = isKeptPostalCode(value, postalCountryOf(country));
      if (!ok) fail(name, country === 'CA' ? 'Enter a Canadian postal code like A1A 1A1.' : 'Enter a 5-digit ZIP code (or a Canadian postal code).');
      continue;
    }
    if (info.format === 'text') {
      // Feedback free text (spec 002 §2.6): kept as typed, up to its length; null clears it.
      if (value !== null && typeof value !== 'string') fail(name, 'Expected a text.');
      else if (typeof value === 'string' && info.maxLength !== undefined && [...value].length > info.maxLength)
        fail(name, `At most ${info.maxLength} characters.`);
      continue;
    }
    if (Array.isArray(value) || (value !== null && typeof value === 'object')) {
      fail(name, 'Expected a single answer.');
      continue;
    }
    if (info.values && !info.values.includes(value as Scalar)) {
      fail(name, `${shown(value)} is not an accepted answer. Accepted: ${acceptedList(info.values)}.`);
    }
  }
  return problems.size > 0 ? { ok: false, fields: Object.fromEntries(problems) } : { ok: true, answers: body, categories: [...categories] };
}
