/** @module api/client: the typed HTTP client (tokens, refresh, retries, timeouts, errors). Mocks live in ./mocks (msw). */
export { createApiClient } from './create-api-client';
export type { ApiClient } from './create-api-client';
export type { ApiClientOptions, CallInput, CallOptions, CallRoute } from './call-endpoint';
export { createSessionApiClient } from './session-client';
export type { SessionApiClient } from './session-client';
export { ApiError, isApiError, isRetryable, toApiError } from './api-error';
export type { ApiErrorCode, ApiErrorInit, ClientErrorCode, FieldErrors } from './api-error';
export { createLocalStorageTokenStore, createMemoryTokenStore, defaultTokenKeys } from './token-store';
export type { LocalStorageTokenStoreOptions, StoredTokens, TokenStore } from './token-store';
export { readExpiry, expiresWithin } from './jwt';
