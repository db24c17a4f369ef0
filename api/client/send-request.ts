import type { HttpMethod } from '../routes';
import type { ApiErrorCode } from '../error-codes';
import { asErrorBody } from './shapes';
import { ApiError, errors } from './api-error';

export interface SendRequestInput {
  fetch: typeof fetch;
  url: string;
  method: HttpMethod;
  /** A JSON-serialisable body; undefined sends none. */
  body?: unknown;
  bearer: string | null;
  headers?: Record<string, string>;
  /** The caller's cancellation. */
  signal?: AbortSignal;
  timeoutMs: number;
}

/**
 * One HTTP attempt: JSON in and out, credentials included, aborted after `timeoutMs` (spec 000 §7).
 * Resolves with the status and parsed JSON body (undefined for an empty one); rejects with an ApiError.
 */
export async function sendRequest(input: SendRequestInput): Promise<{ status: number; data: unknown }> {
  if (input.signal?.aborted) throw errors.cancelled();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, input.timeoutMs);
  const cancel = () => controller.abort();
  input.signal?.addEventListener('abort', cancel, { once: true });

  const failure = (cause: unknown) => (timedOut ? errors.timeout(input.timeoutMs) : input.signal?.aborted ? errors.cancelled() : errors.network(cause));
  try {
    const headers: Record<string, string> = { Accept: 'application/json', ...input.headers };
    if (input.body !== undefined) headers['Content-Type'] = 'application/json';
    if (input.bearer) headers.Authorization = `Bearer ${input.bearer}`;

    let response: Response;
    let text: string;
    try {
      response = await input.fetch(input.url, {
        method: input.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        credentials: 'include',
        signal: controller.signal,
      });
      text = response.status === 204 || response.status === 205 ? '' : await response.text();
    } catch (cause) {
      throw failure(cause);
    }
    return { status: response.status, data: readBody(response, text) };
  } finally {
    clearTimeout(timer);
    input.signal?.removeEventListener('abort', cancel);
  }
}

function readBody(response: Response, text: string): unknown {
  if (text.trim() === '') {
    if (response.ok) return undefined;
    throw errors.notAJson(response.status);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw errors.notAJson(response.status); // an HTML error page, or a proxy's plain text
  }
  if (response.ok) return json;
  throw toErrorFromBody(response, json);
}

/** Builds the ApiError of an error response, tolerating bodies that miss part of `{code, detail, fields}`. */
function toErrorFromBody(response: Response, json: unknown): ApiError {
  const body = asErrorBody(json);
  if (body) return new ApiError({ status: response.status, ...body });
  const loose = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  return new ApiError({
    status: response.status,
    // A code this client does not know yet is kept as it came (api/client/shapes.ts ReadErrorBody).
    code: typeof loose.code === 'string' ? (loose.code as ApiErrorCode) : `http_${response.status}`,
    detail: typeof loose.detail === 'string' ? loose.detail : response.statusText || `HTTP ${response.status}`,
  });
}
