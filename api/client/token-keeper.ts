import type { TokenPair } from '../schemas/common';
import { errors, isRetryable, toApiError } from './api-error';
import { expiresWithin } from './jwt';
import type { StoredTokens, TokenStore } from './token-store';

export interface TokenKeeperOptions {
  tokens: TokenStore;
  /** One refresh call: the refresh token in, a rotated pair out. */
  refresh(refreshToken: string): Promise<TokenPair>;
  now(): number;
  /** Refresh this many seconds before `exp` (30). */
  leewaySeconds: number;
}

type Slot = keyof StoredTokens;

/** Picks the bearer for a request and refreshes it when it is about to expire (spec 000 §4.6 Tokens). */
export function createTokenKeeper({ tokens, refresh, now, leewaySeconds }: TokenKeeperOptions) {
  let inflight: { refreshToken: string; access: Promise<string> } | null = null;

  /** The pair requests use: the user's, else the guest's; a guest pair next to a user pair is dropped. */
  function current(): { slot: Slot; pair: TokenPair } | null {
    const stored = tokens.read();
    if (stored.user && stored.guest) tokens.setGuest(null);
    if (stored.user) return { slot: 'user', pair: stored.user };
    if (stored.guest) return { slot: 'guest', pair: stored.guest };
    return null;
  }

  /** Starts, or joins, the refresh of `pair`: concurrent requests share one refresh call. */
  function refreshShared(slot: Slot, pair: TokenPair): Promise<string> {
    if (inflight?.refreshToken === pair.refresh) return inflight.access;
    const access = (async () => {
      if (!pair.refresh || expiresWithin(pair.refresh, 0, now())) {
        tokens.clear();
        throw errors.cannotRefresh();
      }
      let next: TokenPair;
      try {
        next = await refresh(pair.refresh);
      } catch (cause) {
        const error = toApiError(cause);
        // A flaky network is not a lost session: the request's own retries try the refresh again.
        if (isRetryable(error)) throw error;
        tokens.clear();
        throw errors.cannotRefresh(error);
      }
      // Store the rotated pair only if nobody signed in or out meanwhile.
      if (tokens.read()[slot]?.refresh === pair.refresh) {
        if (slot === 'user') tokens.setUser(next);
        else tokens.setGuest(next);
      }
      return next.access;
    })();
    const entry = { refreshToken: pair.refresh, access };
    inflight = entry;
    const settle = () => {
      if (inflight === entry) inflight = null;
    };
    access.then(settle, settle);
    return access;
  }

  return {
    /** The bearer for the next attempt, refreshed first when it expires within the leeway; null when none is stored. */
    async accessToken(): Promise<string | null> {
      const found = current();
      if (!found) return null;
      if (!expiresWithin(found.pair.access, leewaySeconds, now())) return found.pair.access;
      return refreshShared(found.slot, found.pair);
    },
    /** True when a user or guest pair is stored. */
    hasTokens(): boolean {
      const stored = tokens.read();
      return stored.user !== null || stored.guest !== null;
    },
  };
}

export type TokenKeeper = ReturnType<typeof createTokenKeeper>;
