import { createApiClient, createLocalStorageTokenStore, type ApiClient, type TokenStore } from '#api/client';

/** The app's single API client and token store (tokens in localStorage; spec 000 §4.6). */
export interface AppServices {
  api: ApiClient;
  tokens: TokenStore;
}

let services: AppServices | undefined;

/** Creates the services once, on first use. */
export function appServices(): AppServices {
  if (!services) {
    const tokens = createLocalStorageTokenStore();
    services = { tokens, api: createApiClient({ tokens }) };
  }
  return services;
}
