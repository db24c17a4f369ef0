import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * When the reply goes out before the request's body was read to its end (413 on a declared length, an auth or
 * routing error before the body was read), it says `Connection: close` and Node closes the socket after it. Kept
 * alive, the connection would take the unread rest of the body for the next request, and a client that stopped
 * sending on the error would wait for an answer that never comes.
 */
export const closeOnUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableEnded || !hasBody(incoming)) return;
  c.res.headers.set('Connection', 'close');
};

/**
 * Whether the request may carry a body. Under Node it reads the incoming message's headers, so a GET costs nothing
 * (asking the web Request for its body would build one, with its stream and abort signal, on every request); elsewhere
 * (tests calling `app.request`) it answers yes and the caller looks for itself.
 */
export function mayHaveBody(c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming ? hasBody(incoming) : true;
}

function hasBody(incoming: IncomingMessage): boolean {
  if (incoming.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(incoming.headers['content-length'] ?? 0);
  return !Number.isFinite(length) || length > 0;
}
