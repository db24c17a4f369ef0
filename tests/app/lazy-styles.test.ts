import { afterEach, describe, expect, it, vi } from 'vitest';
import { __vitePreload as loadLazyChunk } from '../../app/shell/lazy-styles';

const stylesheets = (file: string) =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].filter((l) => l.getAttribute('href') === `/${file}`);
const settle = (file: string, event: 'load' | 'error') => stylesheets(file).forEach((link) => link.dispatchEvent(new Event(event)));

/** The build's loader of a lazy chunk (vite.config.ts `lazyStyles`): a page's code never draws before its styles. */
describe('loading a lazy chunk with its stylesheets', () => {
  afterEach(() => document.head.replaceChildren());

  it('links each stylesheet (crossorigin, as the server preloads it) and fetches the chunk at once, handing it over only once they have loaded', async () => {
    const chunk = vi.fn(() => Promise.resolve({ page: 'checkout' }));
    let handed = false;
    const loading = loadLazyChunk(chunk, ['assets/a.css', 'assets/b.css']).then((module) => ((handed = true), module));
    await vi.waitFor(() => expect(stylesheets('assets/b.css')).toHaveLength(1));
    expect(stylesheets('assets/a.css')[0]!.crossOrigin).toBe('');
    // The chunk's request does not wait for the stylesheets (one round trip fewer).
    expect(chunk).toHaveBeenCalledTimes(1);
    settle('assets/a.css', 'load');
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(handed).toBe(false);
    settle('assets/b.css', 'load');
    await expect(loading).resolves.toEqual({ page: 'checkout' });
    expect(chunk).toHaveBeenCalledTimes(1);
  });

  it('does not link a stylesheet twice: one already on the page, or one another chunk is loading', async () => {
    const linked = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/assets/shell.css' });
    document.head.append(linked);
    await expect(loadLazyChunk(() => Promise.resolve('footer'), ['assets/shell.css'])).resolves.toBe('footer');
    const first = loadLazyChunk(() => Promise.resolve('header'), ['assets/shared.css']);
    const second = loadLazyChunk(() => Promise.resolve('menu'), ['assets/shared.css']);
    settle('assets/shared.css', 'load');
    await expect(Promise.all([first, second])).resolves.toEqual(['header', 'menu']);
    expect(stylesheets('assets/shell.css')).toHaveLength(1);
    expect(stylesheets('assets/shared.css')).toHaveLength(1);
    await expect(loadLazyChunk(() => Promise.resolve('again'), ['assets/shared.css'])).resolves.toBe('again');
    expect(stylesheets('assets/shared.css')).toHaveLength(1);
  });

  it('a stylesheet that fails to load fails the import; importing again fetches it again', async () => {
    const chunk = vi.fn(() => Promise.resolve('payment'));
    const failed = loadLazyChunk(chunk, ['assets/payment.css']);
    settle('assets/payment.css', 'error');
    await expect(failed).rejects.toThrow('/assets/payment.css');
    expect(stylesheets('assets/payment.css')).toHaveLength(0);
    const retried = loadLazyChunk(chunk, ['assets/payment.css']);
    settle('assets/payment.css', 'load');
    await expect(retried).resolves.toBe('payment');
  });

  it('a chunk without stylesheets is imported at once', async () => {
    await expect(loadLazyChunk(() => Promise.resolve('session'), [])).resolves.toBe('session');
    await expect(loadLazyChunk(() => Promise.resolve('session'))).resolves.toBe('session');
  });
});
