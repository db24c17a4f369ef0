import type { z } from 'zod';
import type { FieldErrors } from './api-error';

/** The key for errors about the body as a whole. */
export const NON_FIELD_ERRORS = 'non_field_errors';

/** Turns zod issues into field errors; unknown keys are named, missing fields say so. */
export function fieldErrorsFromZod(error: z.ZodError, input: unknown): FieldErrors {
  // A Map, not an object: a field may be called "__proto__".
  const fields = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const list = fields.get(key) ?? [];
    if (!list.includes(message)) list.push(message);
    fields.set(key, list);
  };
  for (const issue of error.issues) {
    const at = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(at ? `${at}.${key}` : key, 'This field is not allowed.');
    } else if (!at) {
      add(NON_FIELD_ERRORS, issue.code === 'invalid_type' ? 'Expected a JSON object.' : issue.message);
    } else if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) {
      add(at, 'This field is required.');
    } else {
      add(at, issue.message);
    }
  }
  return Object.fromEntries(fields);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
