import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldErrors, ServerErrorBody, ServerErrorCode } from '#api';

export type { FieldErrors };

/** An error the client may see: a status, a code of api/error-codes.ts, a safe detail, and field errors for validation. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ServerErrorCode,
    readonly detail: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  /** The JSON body: {code, detail[, fields]}. */
  toBody(): ServerErrorBody {
    return this.fields ? { code: this.code, detail: this.detail, fields: this.fields } : { code: this.code, detail: this.detail };
  }
}

/** 400 validation_error naming the fields. */
export function validationError(fields: FieldErrors, detail = 'Some fields are not valid.'): ApiError {
  return new ApiError(400, 'validation_error', detail, fields);
}

/** 401 token_not_valid: any bad, expired, revoked or forged token. */
export function tokenNotValid(): ApiError {
  return new ApiError(401, 'token_not_valid', 'The token is not valid or has expired.', undefined, { 'WWW-Authenticate': 'Bearer' });
}

/** 404 for a missing resource or one that belongs to someone else. */
export function notFound(code: ServerErrorCode = 'not_found', detail = 'Not found.'): ApiError {
  return new ApiError(404, code, detail);
}
