import type { TokenPair } from '../schemas/common';
import { isTokenPair } from './shapes';

/** The stored token pairs: the signed-in user's and the guest's (spec 000 §4.6). */
export interface StoredTokens {
  user: TokenPair | null;
  guest: TokenPair | null;
}

/** Where the client keeps tokens. Listeners hear every change, including other tabs' for localStorage. */
export interface TokenStore {
  read(): StoredTokens;
  /** Stores (or, with null, removes) the user's pair. */
  setUser(tokens: TokenPair | null): void;
  /** Stores (or, with null, removes) the guest's pair. */
  setGuest(tokens: TokenPair | null): void;
  /** Removes every stored token. */
  clear(): void;
  subscribe(listener: (tokens: StoredTokens) => void): () => void;
}

type Slot = keyof StoredTokens;

function createListeners() {
  const listeners = new Set<(tokens: StoredTokens) => void>();
  return {
    add(listener: (tokens: StoredTokens) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify(tokens: StoredTokens) {
      for (const listener of [...listeners]) listener(tokens);
    },
  };
}

/** A token store in memory, for tests and for places without localStorage. */
export function createMemoryTokenStore(initial: Partial<StoredTokens> = {}): TokenStore {
  let state: StoredTokens = { user: initial.user ?? null, guest: initial.guest ?? null };
  const listeners = createListeners();
  const write = (next: StoredTokens) => {
    state = next;
    listeners.notify(state);
  };
  return {
    read: () => state,
    setUser: (tokens) => write({ ...state, user: tokens }),
    setGuest: (tokens) => write({ ...state, guest: tokens }),
    clear: () => write({ user: null, guest: null }),
    subscribe: listeners.add,
  };
}

export const defaultTokenKeys: Record<Slot, string> = { user: 'shop.tokens.user', guest: 'shop.tokens.guest' };

export interface LocalStorageTokenStoreOptions {
  /** Defaults to `globalThis.localStorage`; without one (private mode, server) tokens live in memory. */
  storage?: Storage;
  keys?: Record<Slot, string>;
}

/** A token store in localStorage: one JSON `{access, refresh}` entry per slot, kept in step across tabs. */
export function createLocalStorageTokenStore(options: LocalStorageTokenStoreOptions = {}): TokenStore {
  const keys = options.keys ?? defaultTokenKeys;
  const storage = options.storage ?? safeLocalStorage();
  if (!storage) return createMemoryTokenStore();
  const listeners = createListeners();
  // Pairs that storage refused to keep (quota, disabled): the session then lasts as long as the page.
  const unsaved = new Map<Slot, TokenPair | null>();

  const readSlot = (slot: Slot): TokenPair | null => {
    if (unsaved.has(slot)) return unsaved.get(slot) ?? null;
    try {
      const raw = storage.getItem(keys[slot]);
      if (raw === null) return null;
      const parsed: unknown = JSON.parse(raw);
      return isTokenPair(parsed) ? { access: parsed.access, refresh: parsed.refresh } : null;
    } catch {
      return null; // unreadable or corrupt entries count as absent
    }
  };
  const read = (): StoredTokens => ({ user: readSlot('user'), guest: readSlot('guest') });
  const writeSlot = (slot: Slot, tokens: TokenPair | null) => {
    try {
      if (tokens) storage.setItem(keys[slot], JSON.stringify({ access: tokens.access, refresh: tokens.refresh }));
      else storage.removeItem(keys[slot]);
      unsaved.delete(slot);
    } catch {
      unsaved.set(slot, tokens);
    }
  };

  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key === keys.user || event.key === keys.guest) listeners.notify(read());
    });
  }

  return {
    read,
    setUser(tokens) {
      writeSlot('user', tokens);
      listeners.notify(read());
    },
    setGuest(tokens) {
      writeSlot('guest', tokens);
      listeners.notify(read());
    },
    clear() {
      writeSlot('user', null);
      writeSlot('guest', null);
      listeners.notify(read());
    },
    subscribe: listeners.add,
  };
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage;
  } catch {
    return undefined; // accessing localStorage throws when the browser blocks it
  }
}
