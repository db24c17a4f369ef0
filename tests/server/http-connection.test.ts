import net, { type AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../server/app';
import { LINGER_MAX_BYTES } from '../../server/http/close-unread-body';
import { describeEachDatabase } from './support/databases';
import { createTestApp } from './support/test-app';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One client TCP connection speaking HTTP/1.1 by hand, so the test sees exactly what the server does with the socket. */
class RawConnection {
  private buffer = '';
  private waiting: (() => void) | null = null;
  readonly socket: net.Socket;
  readonly closed: Promise<void>;
  ended = false;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setEncoding('latin1');
    this.socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.waiting?.();
    });
    // A write after the server closed fails with EPIPE or ECONNRESET: that is the close the test waits for.
    this.socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      this.socket.once('close', () => {
        this.ended = true;
        this.waiting?.();
        resolve();
      }),
    );
  }

  send(text: string): void {
    this.socket.write(text, 'latin1');
  }

  /** The next whole response (headers and a Content-Length body); throws if the connection closes first. */
  async response(): Promise<RawResponse> {
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.ended) throw new Error(`The connection closed before a response was read (${JSON.stringify(this.buffer.slice(0, 200))}).`);
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = null;
    }
  }

  private parse(): RawResponse | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine, ...lines] = this.buffer.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return null;
    const body = this.buffer.slice(end + 4, end + 4 + length);
    this.buffer = this.buffer.slice(end + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body };
  }
}

function post(path: string, body: string, declaredLength = Buffer.byteLength(body), extra = ''): string {
  return `POST ${path} HTTP/1.1\r\nHost: shop.test\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${declaredLength}\r\n${extra}\r\n${body}`;
}

/**
 * Sends `attempts` oversized bodies with fetch (undici) from a worker thread, so the client runs on its own event loop
 * as a real client does, and answers what each one saw: a status and code, or the error fetch failed with.
 */
function fetchOversizedFromWorker(port: number, options: { bytes: number; attempts: number; stream: boolean }): Promise<string[]> {
  const code = `
    const { parentPort, workerData: { port, bytes, attempts, stream } } = require('node:worker_threads');
    const chunk = new Uint8Array(64 * 1024).fill(120);
    const streamed = () => {
      let sent = 0;
      return new ReadableStream({ pull(controller) { if (sent >= bytes) return controller.close(); sent += chunk.length; controller.enqueue(chunk); } });
    };
    (async () => {
      const seen = [];
      for (let i = 0; i < attempts; i++) {
        try {
          const body = stream ? streamed() : new Uint8Array(bytes).fill(120);
          const response = await fetch('http://127.0.0.1:' + port + '/v1/auth/signin/', {
            method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half',
          });
          seen.push(response.status + ' ' + (await response.json()).code);
        } catch (error) {
          seen.push('failed: ' + (error.cause?.code ?? error.cause?.message ?? error.message));
        }
      }
      parentPort.postMessage(seen);
    })();
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { port, ...options } });
    worker.once('message', (seen: string[]) => {
      resolve(seen);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const healthz = 'GET /healthz HTTP/1.1\r\nHost: shop.test\r\nConnection: keep-alive\r\n\r\n';

/** Connection handling of the real node server (issue 10): an answer sent before the body was read closes the connection. */
describeEachDatabase('keep-alive connections after an early answer', (database) => {
  let server: ServerType;
  let port: number;
  const connections: RawConnection[] = [];
  const connect = () => {
    const connection = new RawConnection(port);
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    const t = createTestApp(database().db);
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const connection of connections) connection.socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('413 on an oversized body says Connection: close and closes the socket; a new connection is answered', async () => {
    const oversized = JSON.stringify({ username: 'x'.repeat(MAX_BODY_BYTES + 10_000) });
    const connection = connect();
    connection.send(post('/v1/auth/signin/', oversized));
    const response = await connection.response();
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body).code).toBe('payload_too_large');
    expect(response.headers.connection).toBe('close');
    await connection.closed;

    const next = connect();
    next.send(healthz);
    expect((await next.response()).status).toBe(200);
  });

  it('a client still sending a large body reads its 413, not EPIPE or ECONNRESET: the close lingers (issue 24 §7)', async () => {
    const bytes = LINGER_MAX_BYTES - 2 * 1024 * 1024;
    const streamed = await fetchOversizedFromWorker(port, { bytes, attempts: 5, stream: true });
    expect(streamed).toEqual(Array(5).fill('413 payload_too_large'));
    const whole = await fetchOversizedFromWorker(port, { bytes, attempts: 5, stream: false });
    expect(whole).toEqual(Array(5).fill('413 payload_too_large'));
    // The connection closed after the reply, and the server answers the next one.
    const next = connect();
    next.send(healthz);
    expect((await next.response()).status).toBe(200);
  }, 60_000);

  it('a client that stops sending once it has the 413 is not left waiting on that socket', async () => {
    const connection = connect();
    connection.send(post('/v1/auth/signin/', '{"username": "', 1_000_000));
    const response = await connection.response();
    expect(response.status).toBe(413);
    expect(response.headers.connection).toBe('close');
    // Kept alive, the server would read this request as the rest of the first one's body and never answer it.
    connection.send(healthz);
    await connection.closed;
    await expect(connection.response()).rejects.toThrow('closed before a response');
  });

  it('an error before the body is read (401 on a bad token) also closes the connection', async () => {
    const connection = connect();
    connection.send(post('/v1/account/', '{"first_name": "Ada"}', undefined, 'Authorization: Bearer not.a.token\r\n').replace('POST', 'PATCH'));
    const response = await connection.response();
    expect(response.status).toBe(401);
    expect(response.headers.connection).toBe('close');
    await connection.closed;
  });

  it('a 4xx after the whole body was read (invalid JSON) keeps the connection, and the next request on it is answered', async () => {
    const connection = connect();
    connection.send(post('/v1/auth/signup/', '{"email": '));
    const first = await connection.response();
    expect(first.status).toBe(400);
    expect(JSON.parse(first.body).code).toBe('invalid_json');
    expect(first.headers.connection).toBe('keep-alive');
    connection.send(healthz);
    const second = await connection.response();
    expect(second.status).toBe(200);
    expect(JSON.parse(second.body)).toEqual({ status: 'ok', database: 'ok' });
    expect(connection.ended).toBe(false);
  });
});
