import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, createLocalStorageTokenStore, isApiError } from '#api/client';
import { takeEarlyFetch } from '../../api/client/early-responses';
import { earlyRequestsTag } from '../../server/http/early-requests';
import { sampleUser, tokenPairFor } from '../api/client-fixtures';
import { rosaCart } from '../../stories/fixtures/carts';

/** Runs the inline script a checkout step page carries, as the browser would while parsing the page. */
function runPageScript(path: string) {
  const tag = earlyRequestsTag(path, 'n0nce');
  const code = /^<script nonce="n0nce">([\s\S]*)<\/script>$/.exec(tag)![1]!;
  new Function(code)();
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** What the page's script sends: URL and bearer, in order. */
function sent(fetchSpy: ReturnType<typeof vi.fn>) {
  return fetchSpy.mock.calls.map(([url, init]) => [
    url,
    (init as RequestInit).headers && ((init as RequestInit).headers as Record<string, string>).Authorization,
  ]);
}

// Issue 14 target (Lighthouse ≥ 95 on every checkout step): a step's first reads leave with the page, not after its code.
describe('early reads of a checkout step page (server/http/early-requests.ts)', () => {
  const pageFetch = vi.fn((url: string) =>
    Promise.resolve(url.startsWith('/v1/account/cart/') ? json(rosaCart) : url === '/v1/account/' ? json(sampleUser) : json({})),
  );
  beforeEach(() => {
    localStorage.clear();
    pageFetch.mockClear();
    globalThis.__shopEarly = undefined;
    vi.stubGlobal('fetch', pageFetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a customer’s page sends the account, addresses, cart and saved methods with their token (the flags are in the page)', () => {
    const pair = tokenPairFor('user');
    localStorage.setItem('shop.tokens.user', JSON.stringify(pair));
    localStorage.setItem('shop.tokens.guest', JSON.stringify(tokenPairFor('guest')));
    runPageScript('/checkout/haircare/payment');
    const bearer = `Bearer ${pair.access}`;
    expect(sent(pageFetch)).toEqual([
      ['/v1/account/', bearer],
      ['/v1/account/addresses', bearer],
      ['/v1/account/cart/?category=haircare', bearer],
      ['/v1/account/payments/?payment_mode=all', bearer],
    ]);
  });

  it('a guest’s page sends no saved-methods read; a token about to expire or none sends nothing', () => {
    const guest = tokenPairFor('guest');
    localStorage.setItem('shop.tokens.guest', JSON.stringify(guest));
    runPageScript('/checkout/skincare/account-details');
    expect(sent(pageFetch).map(([url]) => url)).toEqual(['/v1/account/', '/v1/account/addresses', '/v1/account/cart/?category=skincare']);

    pageFetch.mockClear();
    localStorage.setItem('shop.tokens.guest', JSON.stringify(tokenPairFor('guest', 10)));
    runPageScript('/checkout/skincare/account-details');
    expect(sent(pageFetch)).toEqual([]);

    pageFetch.mockClear();
    localStorage.setItem('shop.tokens.guest', 'not json');
    runPageScript('/checkout/skincare/account-details');
    expect(sent(pageFetch)).toEqual([]);
  });

  it('the API client takes each reply once, for the same URL and token; later calls go to the network', async () => {
    const pair = tokenPairFor('user');
    localStorage.setItem('shop.tokens.user', JSON.stringify(pair));
    runPageScript('/checkout/haircare/confirmation');
    const network = vi.fn(() => Promise.resolve(json({ ...rosaCart, pubkey: 'cart_fresh' })));
    const api = createApiClient({ tokens: createLocalStorageTokenStore(), fetch: network });
    expect((await api.getCart({ category: 'haircare' })).pubkey).toBe(rosaCart.pubkey);
    expect(network).not.toHaveBeenCalled();
    expect((await api.getCart({ category: 'haircare' })).pubkey).toBe('cart_fresh');
    expect(network).toHaveBeenCalledTimes(1);
    // Another category's cart was never sent early: asked from the network.
    await api.getCart({ category: 'skincare' });
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('a reply sent with another token, or too late, is not taken', async () => {
    const guest = tokenPairFor('guest');
    localStorage.setItem('shop.tokens.guest', JSON.stringify(guest));
    runPageScript('/checkout/haircare/confirmation');
    // The shopper signed in meanwhile: the account read must be the customer's.
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    const network = vi.fn(() => Promise.resolve(json({ ...sampleUser, pubkey: 'usr_signed_in' })));
    const api = createApiClient({ tokens: createLocalStorageTokenStore(), fetch: network });
    expect((await api.getAccount()).pubkey).toBe('usr_signed_in');
    const until = globalThis.__shopEarly!['/v1/account/addresses']!.until;
    expect(takeEarlyFetch('/v1/account/addresses', guest.access, until + 1)).toBeNull();
    expect(globalThis.__shopEarly!['/v1/account/addresses']).toBeUndefined();
  });

  it('a failed early reply is retried on the network; one that never comes ends with the call’s timeout', async () => {
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    pageFetch.mockImplementation(() => Promise.resolve(json({ code: 'unavailable', detail: 'Try again.' }, 503)));
    runPageScript('/checkout/haircare/payment');
    const network = vi.fn(() => Promise.resolve(json(sampleUser)));
    const api = createApiClient({ tokens: createLocalStorageTokenStore(), fetch: network, retryDelay: () => 0 });
    expect((await api.getAccount()).pubkey).toBe(sampleUser.pubkey);
    expect(network).toHaveBeenCalledTimes(1);

    pageFetch.mockImplementation(() => new Promise<Response>(() => undefined));
    runPageScript('/checkout/haircare/payment');
    const patient = createApiClient({ tokens: createLocalStorageTokenStore(), fetch: network, retries: 0, timeoutMs: 50 });
    const error = await patient.getAccount().catch((e: unknown) => e);
    expect(isApiError(error, 'timeout')).toBe(true);
  });

  it('a help-centre page sends the knowledge base’s three lists without a token, signed in or not, and the client takes them (spec 001 §7 Help centre, §9 page sizes)', async () => {
    const lists = [
      '/v1/knowledge_base/categories?page=1&pageSize=100',
      '/v1/knowledge_base/articles?page=1&pageSize=250&includeLang=en_us',
      '/v1/knowledge_base/tags?page=1&pageSize=100',
    ];
    for (const path of ['/faq', '/faq/our-guarantee', '/faq/topics/subscriptions', '/faq/contact-us']) {
      pageFetch.mockClear();
      runPageScript(path);
      expect(sent(pageFetch)).toEqual(lists.map((url) => [url, undefined]));
    }
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    pageFetch.mockClear();
    runPageScript('/faq/our-guarantee');
    expect(sent(pageFetch)).toEqual(lists.map((url) => [url, undefined]));
    expect(earlyRequestsTag('/faqs', 'n0nce')).toBe('');

    const meta = { page: 1, pageSize: 100, total: 0 };
    pageFetch.mockImplementation((url: string) =>
      Promise.resolve(url.includes('/articles') ? json({ data: [], included: [], meta: { ...meta, pageSize: 250 } }) : json({ data: [], meta })),
    );
    runPageScript('/faq');
    const network = vi.fn(() => Promise.resolve(json({ data: [], meta })));
    const api = createApiClient({ tokens: createLocalStorageTokenStore(), fetch: network });
    await api.listKbCategories();
    await api.listKbArticles();
    await api.listKbTags();
    expect(network).not.toHaveBeenCalled();
  });
});
