import { describe, expect, it, vi } from 'vitest';
import { createLocalStorageTokenStore, createMemoryTokenStore, defaultTokenKeys, expiresWithin, readExpiry } from '#api';
import { fakeJwt } from '../../api/client/mocks';
import { tokenPairFor } from './client-fixtures';

/** A Storage in memory; `failWrites` makes setItem throw as a full or disabled localStorage does. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  failWrites = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

describe('spec 000 §4.6 token storage: localStorage', () => {
  it('keeps the user and guest pairs under their own keys, as JSON', () => {
    const storage = new MemoryStorage();
    const store = createLocalStorageTokenStore({ storage });
    const user = tokenPairFor('user');
    const guest = tokenPairFor('guest');
    store.setUser(user);
    store.setGuest(guest);
    expect(JSON.parse(storage.getItem(defaultTokenKeys.user)!)).toEqual(user);
    expect(JSON.parse(storage.getItem(defaultTokenKeys.guest)!)).toEqual(guest);
    expect(createLocalStorageTokenStore({ storage }).read()).toEqual({ user, guest });
  });

  it('clears both pairs', () => {
    const storage = new MemoryStorage();
    const store = createLocalStorageTokenStore({ storage });
    store.setUser(tokenPairFor('user'));
    store.setGuest(tokenPairFor('guest'));
    store.clear();
    expect(storage.length).toBe(0);
    expect(store.read()).toEqual({ user: null, guest: null });
  });

  it('treats a corrupt entry as no session', () => {
    const storage = new MemoryStorage();
    storage.setItem(defaultTokenKeys.user, '{not json');
    storage.setItem(defaultTokenKeys.guest, JSON.stringify({ access: 'only-access' }));
    expect(createLocalStorageTokenStore({ storage }).read()).toEqual({ user: null, guest: null });
  });

  it('keeps the session in memory when storage refuses to write', () => {
    const storage = new MemoryStorage();
    storage.failWrites = true;
    const store = createLocalStorageTokenStore({ storage });
    const user = tokenPairFor('user');
    store.setUser(user);
    expect(store.read().user).toEqual(user);
    store.setUser(null);
    expect(store.read().user).toBeNull();
  });

  it('tells listeners about every change until they unsubscribe', () => {
    const store = createLocalStorageTokenStore({ storage: new MemoryStorage() });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const user = tokenPairFor('user');
    store.setUser(user);
    store.clear();
    unsubscribe();
    store.setGuest(tokenPairFor('guest'));
    expect(listener.mock.calls).toEqual([[{ user, guest: null }], [{ user: null, guest: null }]]);
  });

  it('falls back to memory where there is no localStorage (node)', () => {
    const store = createLocalStorageTokenStore();
    const guest = tokenPairFor('guest');
    store.setGuest(guest);
    expect(store.read().guest).toEqual(guest);
  });
});

describe('spec 000 §4.6 token storage: memory', () => {
  it('starts from the given pairs and notifies on change', () => {
    const user = tokenPairFor('user');
    const store = createMemoryTokenStore({ user });
    const listener = vi.fn();
    store.subscribe(listener);
    store.setGuest(null);
    expect(store.read()).toEqual({ user, guest: null });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('spec 000 §4.6 JWT expiry', () => {
  it('reads exp from a base64url payload', () => {
    // "~~~" encodes to base64 with "+" and "/" characters, which base64url spells "-" and "_"
    expect(readExpiry(fakeJwt(1_900_000_000, { note: '~~~???>>>' }))).toBe(1_900_000_000);
  });

  it('reads nothing from opaque or malformed tokens, and never counts them as expiring', () => {
    expect(readExpiry('opaque-token')).toBeNull();
    expect(readExpiry('a.!!!.c')).toBeNull();
    expect(readExpiry(`a.${btoa(JSON.stringify({ exp: 'soon' }))}.c`)).toBeNull();
    expect(expiresWithin('opaque-token', 30, Date.now())).toBe(false);
  });

  it('counts a token as expiring within the leeway', () => {
    const now = 1_000_000_000_000;
    const token = fakeJwt(now / 1000 + 30);
    expect(expiresWithin(token, 30, now)).toBe(true);
    expect(expiresWithin(token, 29, now)).toBe(false);
  });
});
