import { spawn } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';

/**
 * What this machine allows at best under the help-centre search's load (issue 29's target: p99 < 20 ms at 50
 * concurrent searches): a bare `node:http` server, with no framework, no middleware and no database, that hands each
 * request to a thread of its own, as the shop hands a search to its search thread (the requests of one event-loop
 * turn in one message, their answers in one message back), where each request costs a fixed CPU time, answered with
 * a body the size of a search's answer. It is loaded as the cold part loads the shop: autocannon from this process,
 * 50 connections, each sending its next request when the last is answered.
 *
 * The hosts these benches run on differ by half in speed from one day to the next (bench/results: Lighthouse's
 * benchmark index 2,816 one day, 3,802 the day before), and their load from other work moves the tail most. The floor,
 * measured in the same run, says how far the shop's own figures are from what the host allows at all.
 */
export interface FloorTimes {
  /** The CPU time each request costs on the thread, in ms. */
  work_ms: number;
  median_ms: number;
  p99_ms: number;
  requests: number;
}

/** The mean size of a search's answer over the bench's cold terms (4,206 bytes on 29 Nov; a fifth answer no article). */
export const ANSWER_BYTES = 4200;

/**
 * The thread's code (plain JavaScript: it is evaluated). It first measures how many rounds of a fixed integer loop
 * take 1 ms of its CPU (the best of several tries, before any load), then spends `work_ms` of rounds on each request.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let sink = 0;
const spin = (rounds) => { let x = sink | 1; for (let i = 0; i < rounds; i++) x = (x ^ (x << 13)) ^ ((x ^ (x << 13)) >>> 17); sink = x; };
let best = Infinity;
for (let t = 0; t < 7; t++) { const t0 = performance.now(); spin(1e6); best = Math.min(best, performance.now() - t0); }
const rounds = Math.round((1e6 / best) * workerData.workMs);
parentPort.on('message', (ids) => { for (let i = 0; i < ids.length; i++) spin(rounds); parentPort.postMessage(ids); });
`;

/** Serves the floor's requests on `127.0.0.1`, each costing `workMs` of the thread's CPU; resolves with the port and how to stop. */
export function serveFloor(workMs: number): Promise<{ port: number; close: () => Promise<void> }> {
  const thread = new Worker(THREAD_SOURCE, { eval: true, workerData: { workMs } });
  const body = Buffer.alloc(ANSWER_BYTES, 'x');
  const waiting = new Map<number, ServerResponse>();
  let batch: number[] = [];
  let next = 1;
  thread.on('message', (ids: number[]) => {
    for (const id of ids) {
      const response = waiting.get(id)!;
      waiting.delete(id);
      response.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': body.length });
      response.end(body);
    }
  });
  const flush = () => {
    thread.postMessage(batch);
    batch = [];
  };
  const server = createServer((_request, response) => {
    const id = next++;
    waiting.set(id, response);
    if (batch.length === 0) setImmediate(flush);
    batch.push(id);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as { port: number }).port,
        close: async () => {
          server.closeAllConnections();
          await new Promise((done) => server.close(done));
          await thread.terminate();
        },
      }),
    );
  });
}

/**
 * The floor at `workMs` a request: the server in a process of its own (as the shop's is), loaded for `seconds` by 50
 * connections after a warm-up of 3 s (as the cold part).
 */
export async function hostFloor(workMs: number, seconds = 5): Promise<FloorTimes> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), `--serve=${workMs}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const listening = /listening (\d+)/.exec(out);
        if (listening) resolve(Number(listening[1]));
      });
      child.once('exit', (code) => reject(new Error(`the floor's server exited (${code}) before listening`)));
    });
    const url = `http://127.0.0.1:${port}`;
    await autocannon({ url, connections: 50, duration: 3 });
    const result = await autocannon({ url, connections: 50, duration: seconds });
    if (result.errors + result.non2xx > 0) throw new Error(`host floor: ${result.errors} errors, ${result.non2xx} answers not 2xx`);
    return { work_ms: workMs, median_ms: result.latency.p50, p99_ms: result.latency.p99, requests: result.requests.total };
  } finally {
    child.kill();
  }
}

// `node --import tsx bench/host-floor.ts --work=0.1,0.2`: the floor at each CPU time a request; `--serve=MS` is the
// server's own process.
if (import.meta.url === `file://${process.argv[1]}`) {
  const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const serve = option('serve');
  if (serve !== undefined) console.log(`listening ${(await serveFloor(Number(serve))).port}`);
  else for (const work of (option('work') ?? '0.1,0.2').split(',')) console.log(JSON.stringify(await hostFloor(Number(work))));
}
