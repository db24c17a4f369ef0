import autocannon from 'autocannon';
import { startServer } from '../scripts/start-server';

/**
 * GET /v1/products/ under load on the embedded database: 50 connections for 10 s, each asking for the US and the
 * Canadian catalogue in turn, gzip accepted as a browser does, no If-None-Match (the whole body every time). The
 * server runs as `npm run load` runs it (no access log, no rate limits), on its own fresh data directory, and is
 * warmed up for 3 s first.
 */
export async function catalogueLoadBench(
  connections = 50,
  seconds = 10,
): Promise<{ median_ms: number; p99_ms: number; requests: number; errors: number; rps: number }> {
  const server = await startServer({ env: { HOST: '127.0.0.1', RATE_LIMITS: 'off', ACCESS_LOG: 'off' } });
  try {
    const load = (duration: number) =>
      autocannon({
        url: server.url,
        requests: [{ path: '/v1/products/?country=US' }, { path: '/v1/products/?country=CA' }],
        connections,
        duration,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
    // A warm-up, not counted: the first request reads the tables (every later one is served from memory), and the
    // server's code is optimised while it runs, as in a shop that has been up for a while.
    await load(3);
    const result = await load(seconds);
    return {
      median_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors + result.non2xx,
      rps: result.requests.average,
    };
  } finally {
    await server.stop();
  }
}
