import { lazy, Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { isChunkLoadError } from '../../app/shell/chunk-load-error';
import { PageErrorBoundary } from '../../app/shell/page-error-boundary';
import { SessionProvider } from '../../app/session';
import { errorReports } from '../setup-dom';

// The not-found page's file is gone, as when a new release replaced the hashed chunks an open page names.
vi.mock('../../app/shell/not-found-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module: https://shop.test/assets/not-found-page-OLD.js');
});

const chunkGone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://shop.test/assets/cart-route-OLD.js'));

function renderLazy(load: () => Promise<{ default: ComponentType }>, reload = vi.fn()) {
  const Page = lazy(load);
  render(
    <PageErrorBoundary reload={reload}>
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>
    </PageErrorBoundary>,
  );
  return reload;
}

// Spec 001 §8 generic messages: "We’ve updated the site since your last visit.", "Oops, something went wrong...",
// "Please refresh the page.", "Let's try again".
describe('a page whose code is gone after a release (spec 001 §8)', () => {
  it('says "We’ve updated the site since your last visit." with a Reload button, not a blank page, and reports no bug', async () => {
    const reload = renderLazy(chunkGone);
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('We’ve updated the site since your last visit.');
    expect(alert.textContent).toContain('Your answers and your cart are saved.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(errorReports).toEqual([]);
  });

  it('nothing is lost: what the device keeps (buffered answers, the cart’s session) is left as it was for the reload', async () => {
    localStorage.setItem('consultation:haircare', '{"diag_hair_texture":"wavy"}');
    sessionStorage.setItem('checkout:haircare', '{"step":"address"}');
    renderLazy(chunkGone);
    await screen.findByRole('button', { name: 'Reload' });
    expect(localStorage.getItem('consultation:haircare')).toBe('{"diag_hair_texture":"wavy"}');
    expect(sessionStorage.getItem('checkout:haircare')).toBe('{"step":"address"}');
    localStorage.clear();
    sessionStorage.clear();
  });

  it('knows each browser’s words for a missing chunk, and Vite’s preload error', () => {
    const gone = [
      new TypeError('Failed to fetch dynamically imported module: https://shop.test/assets/a.js'),
      new TypeError('error loading dynamically imported module: https://shop.test/assets/a.js'),
      new TypeError('Importing a module script failed.'),
      new Error('Unable to preload CSS for /assets/a.css'),
      Object.assign(new Error('x'), { name: 'ChunkLoadError' }),
      new Error('The module could not load', { cause: new TypeError('Importing a module script failed.') }),
    ];
    for (const error of gone) expect(isChunkLoadError(error), error.message).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it("any other error reads 'Oops, something went wrong...' with 'Let's try again', and is reported", async () => {
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('a page bug');
      return <h1>The page</h1>;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <PageErrorBoundary>
        <Flaky />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops, something went wrong...');
    expect(screen.getByRole('alert').textContent).toContain('Please refresh the page.');
    await waitFor(() => expect(errorReports.map((r) => r.message)).toContain('a page bug'));
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: "Let's try again" }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The page');
    vi.mocked(console.error).mockRestore();
  });

  it('the app’s router puts every lazy page inside it: the site’s frame stays, the page says the site was updated', async () => {
    const { AppRoutes } = await import('../../app/router');
    render(
      <MemoryRouter initialEntries={['/no-such-page']}>
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'We’ve updated the site since your last visit.' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });
});
