import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, validationError } from './api-error';
import { fieldErrorsFromZod, NON_FIELD_ERRORS } from './zod-fields';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const NUL = '\u0000';
const NUL_MESSAGE = 'Text cannot contain the NUL character.';

/** True when a path parameter can be looked up at all (the database refuses NUL). */
export function isStorableText(value: string): boolean {
  return !value.includes(NUL);
}

/** Reads the JSON body and checks it with the call's schema; an empty body counts as {}. */
export async function readJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let data: unknown = {};
  if (text.trim() !== '') {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/([a-z0-9.+-]*\+)?json\b/i.test(type.trim())) {
      throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
    }
    const forbidden = new Set<string>();
    const nul = new Set<string>();
    try {
      data = JSON.parse(text, (key, value: unknown) => {
        if (FORBIDDEN_KEYS.has(key)) forbidden.add(key);
        if (key.includes(NUL) || (typeof value === 'string' && value.includes(NUL))) nul.add(key || NON_FIELD_ERRORS);
        return value;
      });
    } catch {
      throw new ApiError(400, 'invalid_json', 'The body is not valid JSON.');
    }
    // Keys that can reach an object's prototype are refused before any code spreads the body around.
    if (forbidden.size > 0) throw validationError(Object.fromEntries([...forbidden].map((key) => [key, ['This field is not allowed.']])));
    // PostgreSQL cannot store U+0000 in text or jsonb.
    if (nul.size > 0) throw validationError(Object.fromEntries([...nul].map((key) => [key, [NUL_MESSAGE]])));
  }
  return check(schema, data);
}

/** Reads the query string (each parameter once) and checks it with the call's schema. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  // Maps, then fromEntries: a parameter may be called "__proto__".
  const data = new Map<string, string>();
  const problems = new Map<string, string[]>();
  for (const [key, values] of Object.entries(c.req.queries())) {
    if (values.length > 1) problems.set(key, ['Give this parameter once.']);
    else if (key.includes(NUL) || values.some((value) => value.includes(NUL))) problems.set(key, [NUL_MESSAGE]);
    data.set(key, values[0] ?? '');
  }
  if (problems.size > 0) throw validationError(Object.fromEntries(problems));
  return check(schema, Object.fromEntries(data));
}

function check<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(fieldErrorsFromZod(result.error, data));
  return result.data;
}
