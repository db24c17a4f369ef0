/**
 * Replies to calls a page sent before the app's code arrived (server/http/early-requests.ts writes the script that
 * sends them into the page, as `window.__shopEarly`: by URL, the token sent, until when the reply may be used, and the
 * fetch's promise). A call takes the reply of its URL once, only with the same token (none for a call without one)
 * and in time; else, and after it, calls go to the network as usual.
 */
interface EarlyRequest {
  bearer: string | null;
  until: number;
  response: Promise<Response>;
}

declare global {
  var __shopEarly: Record<string, EarlyRequest> | undefined;
}

/**
 * A fetch answering with the early reply of a GET of `url` sent with `bearer` (taken: a second call gets null), or null.
 * The caller's signal (its timeout, its cancellation) still ends the wait.
 */
export function takeEarlyFetch(url: string, bearer: string | null, now = Date.now()): typeof fetch | null {
  const sent = globalThis.__shopEarly;
  const early = sent?.[url];
  if (!sent || !early) return null;
  delete sent[url];
  if (early.bearer !== bearer || now > early.until) return null;
  return (_input, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init?.signal;
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      early.response.then(resolve, reject);
    });
}
