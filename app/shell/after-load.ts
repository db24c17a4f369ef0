/**
 * Runs `work` once the page has loaded and the browser is idle (at most `timeout` ms after the load; where the browser
 * has no idle callbacks, right after the load): for what no first paint needs, so it neither competes with the page's
 * own code and calls nor weighs on its first download. Returns a cancel.
 */
export function afterLoad(work: () => void, timeout = 2000): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) work();
  };
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout });
    else setTimeout(run, 0);
  };
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    removeEventListener('load', idle);
  };
}
