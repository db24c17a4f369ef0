import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoad } from '../../app/shell/after-load';

/** The document as still loading, until `loaded()` fires its load event. */
function loadingDocument() {
  const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  return () => {
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('afterLoad: what no first paint needs waits for the load and an idle moment', () => {
  it('runs nothing while the page loads; after the load, in the idle callback', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const loaded = loadingDocument();
    const work = vi.fn();
    afterLoad(work);
    expect(idle).toHaveLength(0);
    loaded();
    expect(work).not.toHaveBeenCalled();
    idle.splice(0).forEach((callback) => callback());
    expect(work).toHaveBeenCalledOnce();
  });

  it('a cancel before the load runs nothing, after it either', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const loaded = loadingDocument();
    const work = vi.fn();
    afterLoad(work)();
    loaded();
    idle.splice(0).forEach((callback) => callback());
    expect(work).not.toHaveBeenCalled();
  });

  it('without idle callbacks, runs in the task after the load', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    afterLoad(work);
    expect(work).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(work).toHaveBeenCalledOnce());
  });
});
