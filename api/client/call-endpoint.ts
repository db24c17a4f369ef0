import type { TokenPair } from '../schemas/common';
import type { EndpointDefinition, EndpointName, Endpoints, PathParams, RequestBody, RequestQuery, ResponseBody } from '../endpoints';
import { buildPath, type HttpMethod, type Route } from '../http-route';
import type { Routes } from '../routes';
import { isTokenPair } from './shapes';
import { type ApiError, errors, isApiError, isRetryable, toApiError } from './api-error';
import { sendRequest } from './send-request';
import { takeEarlyFetch } from './early-responses';
import { createTokenKeeper } from './token-keeper';
import type { TokenStore } from './token-store';

export interface ApiClientOptions {
  /** Prefix of every path; '' (the default) calls the page's own origin. */
  baseUrl?: string;
  /** Defaults to the global fetch, looked up at each call. */
  fetch?: typeof fetch;
  tokens: TokenStore;
  /** Per attempt (spec 000 §9: 60 s). */
  timeoutMs?: number;
  /** Extra attempts after network errors, timeouts, 429 and 5xx (spec 000 §9: 3). */
  retries?: number;
  /** Milliseconds to wait before retry number `attempt` (0-based); default 300 ms doubling, with jitter. */
  retryDelay?: (attempt: number) => number;
  /**
   * The contract (api/endpoints.ts) to check every response against: a mismatch is ApiError
   * "unexpected_response". Tests and Storybook pass it; the browser app does not, so zod stays out of its bundle.
   */
  contract?: Endpoints;
  /** Clock for token expiry, in milliseconds. */
  now?: () => number;
  /** Hears failures nobody can act on (network, timeout, 5xx, not_a_json, contract mismatch), for error reporting. */
  onUnhandled?: (error: ApiError, call: { endpoint: EndpointName; method: HttpMethod; url: string }) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type ParamsInput<K extends EndpointName> = [keyof PathParams<K>] extends [never] ? { params?: undefined } : { params: PathParams<K> };
type QueryInput<K extends EndpointName> =
  // `{} extends Q`: every field of the query is optional, so the query may be left out.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  RequestQuery<K> extends undefined ? { query?: undefined } : {} extends RequestQuery<K> ? { query?: RequestQuery<K> } : { query: RequestQuery<K> };
type BodyInput<K extends EndpointName> = RequestBody<K> extends undefined ? { body?: undefined } : { body: RequestBody<K> };
/** What a call takes: its path parameters, query and body, each typed by the endpoint table. */
export type CallInput<K extends EndpointName> = ParamsInput<K> & QueryInput<K> & BodyInput<K>;

const leewaySeconds = 30;
const defaultRetryDelay = (attempt: number) => 300 * 2 ** attempt + Math.random() * 100;

/** The refresh call's path (api/routes.ts `refresh`: the type says so), not read from the table of every call, so that a client of a few calls carries no more than theirs. */
const refreshPath = '/v1/auth/token/refresh/' satisfies Routes['refresh']['path'];

/** Sends one call of the contract by its name and route (method, path, who may call). */
export type CallRoute = <K extends EndpointName>(name: K, route: Route, input: CallInput<K>, callOptions?: CallOptions) => Promise<ResponseBody<K>>;

/**
 * Builds the one function every typed client method goes through: bearer, refresh, timeout, retries, errors. Each
 * client names its calls' routes (./create-api-client.ts all of them, ./session-client.ts the session's and a signed-in
 * page's first reads); clients made on the same function share its tokens, so one refresh serves them all.
 */
export function createCallRoute(options: ApiClientOptions): CallRoute {
  const { tokens, baseUrl = '', timeoutMs = 60_000, retries = 3, contract, onUnhandled } = options;
  const retryDelay = options.retryDelay ?? defaultRetryDelay;
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const root = baseUrl.replace(/\/+$/, '');

  const keeper = createTokenKeeper({
    tokens,
    leewaySeconds,
    now: options.now ?? Date.now,
    async refresh(refreshToken): Promise<TokenPair> {
      const url = root + refreshPath;
      const { data } = await sendRequest({ fetch: fetchImpl, url, method: 'POST', body: { refresh: refreshToken }, bearer: null, timeoutMs });
      if (!isTokenPair(data)) throw errors.unexpectedResponse(200, 'a refresh answered without {access, refresh}');
      return { access: data.access, refresh: data.refresh };
    },
  });

  async function bearerFor(auth: Route['auth']): Promise<string | null> {
    if (auth === 'none') return null;
    try {
      return await keeper.accessToken();
    } catch (error) {
      // Sign-up and sign-in work without a session: a lost one just means calling them anonymously.
      if (auth !== 'required' && isApiError(error, 'cannot_refresh')) return null;
      throw error;
    }
  }

  return async function callRoute<K extends EndpointName>(
    name: K,
    definition: Route,
    input: CallInput<K>,
    callOptions: CallOptions = {},
  ): Promise<ResponseBody<K>> {
    const url = root + buildPath(definition.path, input.params as Record<string, string> | undefined) + queryString(input.query);
    for (let attempt = 0; ; attempt++) {
      let bearer: string | null = null;
      try {
        bearer = await bearerFor(definition.auth);
        // The page may have sent this very read already (./early-responses.ts): its reply is taken as this call's first attempt.
        const early = attempt === 0 && definition.method === 'GET' ? takeEarlyFetch(url, bearer) : null;
        const { status, data } = await sendRequest({
          fetch: early ?? fetchImpl,
          url,
          method: definition.method,
          body: input.body,
          bearer,
          headers: callOptions.headers,
          signal: callOptions.signal,
          timeoutMs,
        });
        return readResponse(contract?.[name], status, data) as ResponseBody<K>;
      } catch (caught) {
        const error = toApiError(caught);
        // The server rejected a token we sent: the stored session is dead (spec 000 §4.6).
        if (error.code === 'token_not_valid' && bearer !== null && definition.auth !== 'context') tokens.clear();
        if (attempt < retries && isRetryable(error) && !callOptions.signal?.aborted) {
          await sleep(retryDelay(attempt), callOptions.signal);
          continue;
        }
        if (isUnhandled(error)) onUnhandled?.(error, { endpoint: name, method: definition.method, url });
        throw error;
      }
    }
  };
}

function readResponse(definition: EndpointDefinition | undefined, status: number, data: unknown): unknown {
  if (status === 204) return undefined;
  if (!definition) return data;
  if (definition.response === null) return undefined;
  const parsed = definition.response.safeParse(data);
  if (!parsed.success) throw errors.unexpectedResponse(status, parsed.error);
  return parsed.data;
}

function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isUnhandled(error: ApiError): boolean {
  if (error.code === 'cancelled') return false;
  return error.status === 0 ? error.code !== 'cannot_refresh' : error.status >= 500 || ['not_a_json', 'unexpected_response'].includes(error.code);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(errors.cancelled());
    const onAbort = () => {
      clearTimeout(timer);
      reject(errors.cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
