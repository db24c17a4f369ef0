import type { ApiErrorCode, FieldErrors } from '../error-codes';
import type { TokenPair } from '../schemas/common';

// Hand-written checks of the two shapes the client itself relies on, so the browser needs no zod.

/** `{access, refresh}`, both non-empty strings. */
export function isTokenPair(value: unknown): value is TokenPair {
  const v = value as Partial<TokenPair> | null;
  return typeof v === 'object' && v !== null && typeof v.access === 'string' && v.access !== '' && typeof v.refresh === 'string' && v.refresh !== '';
}

/**
 * An error body as the client reads it. Its code is an ApiErrorCode by contract (api/error-codes.ts); one this
 * client does not know yet (a newer server) is kept as it came, so callers can still show its detail.
 */
export interface ReadErrorBody {
  code: ApiErrorCode;
  detail: string;
  fields?: FieldErrors;
}

/** The API's error body `{code, detail, fields?}`, or undefined when the body is not one. */
export function asErrorBody(value: unknown): ReadErrorBody | undefined {
  const v = value as Partial<ReadErrorBody> | null;
  if (typeof v !== 'object' || v === null || typeof v.code !== 'string' || typeof v.detail !== 'string') return undefined;
  const fields = v.fields;
  const validFields =
    fields === undefined ||
    (typeof fields === 'object' && fields !== null && Object.values(fields).every((m) => Array.isArray(m) && m.every((x) => typeof x === 'string')));
  if (!validFields) return undefined;
  return fields ? { code: v.code, detail: v.detail, fields } : { code: v.code, detail: v.detail };
}
