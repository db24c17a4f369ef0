import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Context } from 'hono';

/** How much of an unread body a closing connection still reads and discards, and for how long (nginx's lingering close). */
export const LINGER_MAX_BYTES = 10 * 1024 * 1024;
export const LINGER_MAX_MS = 2_000;

/**
 * When the reply goes out before the request's body was read to its end (413 on a declared length, an auth or
 * routing error before the body was read), it says `Connection: close` and the socket is closed after it. Kept
 * alive, the connection would take the unread rest of the body for the next request, and a client that stopped
 * sending on the error would wait for an answer that never comes. The close lingers (`lingerBeforeClose`), so a
 * client still sending reads the reply instead of a reset.
 */
export function closeIfBodyUnread(c: Context, headers: Headers): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableEnded || !hasBody(incoming)) return;
  headers.set('Connection', 'close');
  lingerBeforeClose(incoming);
}

/**
 * Node closes a `Connection: close` socket as soon as the reply is written (`socket.destroySoon()`). Closed while the
 * body is still arriving, the kernel answers the next bytes with a reset, which can reach a client that is still
 * sending before it has read the reply: fetch and undici then fail with EPIPE or ECONNRESET instead of showing the
 * 413. As nginx's lingering close does, this socket's close instead ends the sending side once the reply is out and
 * reads and discards what still comes, until the client closes its side or the body ends, at most
 * LINGER_MAX_BYTES or LINGER_MAX_MS; then it closes.
 */
function lingerBeforeClose(incoming: IncomingMessage): void {
  const socket = incoming.socket as Socket | null;
  if (!socket || socket.destroyed) return;
  let lingering = false;
  socket.destroySoon = () => {
    if (lingering) return;
    lingering = true;
    const start = socket.bytesRead;
    const close = () => {
      clearTimeout(timer);
      if (socket.writableFinished) socket.destroy();
      else socket.once('finish', () => socket.destroy());
    };
    const timer = setTimeout(close, LINGER_MAX_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', close); // the client closed its side: it has what it needs
    socket.end(); // the reply's last bytes, then FIN: the client reads the whole reply
    // Discard the rest of the body: what the handler's reader left is never read (as Node's own request dump does).
    incoming.removeAllListeners('data');
    incoming.on('data', () => {
      if (socket.bytesRead - start > LINGER_MAX_BYTES) close();
    });
    incoming.once('end', close);
    incoming.resume();
  };
}

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
