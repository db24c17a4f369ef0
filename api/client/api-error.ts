import type { ApiErrorCode, FieldErrors } from '../error-codes';

export type { ApiErrorCode, ClientErrorCode, FieldErrors } from '../error-codes';

export interface ApiErrorInit {
  /** HTTP status; 0 when no response arrived (network, timeout, cancelled, cannot refresh). */
  status: number;
  code: ApiErrorCode;
  detail: string;
  fields?: FieldErrors;
  cause?: unknown;
}

/** Every failed call rejects with an ApiError: `{status, code, detail, fields?}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly detail: string;
  readonly fields?: FieldErrors;

  constructor(init: ApiErrorInit) {
    super(init.detail, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    if (init.fields) this.fields = init.fields;
  }
}

/** True for an ApiError, and when `code` is given, one with that code. */
export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** Wraps anything thrown into an ApiError (code "unexpected"), keeping ApiErrors as they are. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ApiError({ status: 0, code: 'unexpected', detail, cause: error });
}

export const errors = {
  network: (cause: unknown) => new ApiError({ status: 0, code: 'network_error', detail: 'The network request failed.', cause }),
  timeout: (ms: number) => new ApiError({ status: 0, code: 'timeout', detail: `No response within ${ms} ms.` }),
  cancelled: () => new ApiError({ status: 0, code: 'cancelled', detail: 'The request was cancelled.' }),
  notAJson: (status: number) => new ApiError({ status, code: 'not_a_json', detail: 'Expected a JSON response.' }),
  cannotRefresh: (cause?: unknown) => new ApiError({ status: 0, code: 'cannot_refresh', detail: 'Cannot refresh token, must signin', cause }),
  unexpectedResponse: (status: number, cause: unknown) =>
    new ApiError({ status, code: 'unexpected_response', detail: 'The response does not match the API contract.', cause }),
};

/** Network failures, timeouts, 429 and 5xx are worth another try (spec 000 §7); other errors are final. */
export function isRetryable(error: ApiError): boolean {
  return error.code === 'network_error' || error.code === 'timeout' || error.status === 429 || error.status >= 500;
}
