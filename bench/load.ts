/**
 * `npm run load`: the shop under a burst of shoppers, on the embedded database and on PostgreSQL (bench/README.md).
 *   npm run load -- --duration=60 --connections=100 --db=both --shoppers=200
 * Starts the real server (a child process on a free loopback port, rate limits off) on a fresh database, signs up a
 * pool of shoppers and gives them answers, then drives `connections` concurrent connections with autocannon for
 * `duration` seconds: 80% reads (GET /v1/account/hair_profile/, GET /v1/account/) and 20% answer saves (PATCH
 * /v1/account/hair_profile/), each from a random shopper. Prints a markdown table per database. The targets are
 * reported, not asserted: it exits non-zero only when something crashes.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { BURST_MS, SLOW_MS, loadTable, summarizeLoad, type LoadSummary, type Sample } from './load-stats';
import { startLoadTarget, type LoadDatabase } from './load-target';

interface LoadOptions {
  durationS: number;
  connections: number;
  databases: LoadDatabase[];
  shoppers: number;
  /** Where to write every request's send time, latency and status as JSON, for a timeline. */
  samplesFile: string | null;
  /** Where the server writes a CPU profile (node --cpu-prof-dir), to see where its time goes. */
  cpuProfDir: string | null;
  /** Server processes to run on PostgreSQL, one run each (WORKERS; the embedded database is always one). */
  workers: number[];
}

function readOptions(argv: readonly string[]): LoadOptions {
  const options: LoadOptions = {
    durationS: 60,
    connections: 100,
    databases: ['pglite', 'postgres'],
    shoppers: 200,
    samplesFile: null,
    cpuProfDir: null,
    workers: [1],
  };
  for (const arg of argv) {
    const [key, value = ''] = arg.replace(/^--/, '').split('=');
    const positive = () => {
      const n = Number(value);
      if (!Number.isInteger(n) || n <= 0) throw new Error(`--${key} takes a positive whole number, not "${value}".`);
      return n;
    };
    if (key === 'duration') options.durationS = positive();
    else if (key === 'connections') options.connections = positive();
    else if (key === 'shoppers') options.shoppers = positive();
    else if (key === 'samples') options.samplesFile = value || null;
    else if (key === 'cpu-prof') options.cpuProfDir = value || null;
    else if (key === 'workers') {
      options.workers = value.split(',').map((n) => Number(n));
      if (options.workers.some((n) => !Number.isInteger(n) || n < 1 || n > 64))
        throw new Error(`--workers takes counts from 1 to 64, such as 1,2, not "${value}".`);
    } else if (key === 'db') {
      if (value === 'both') options.databases = ['pglite', 'postgres'];
      else if (value === 'pglite' || value === 'postgres') options.databases = [value];
      else throw new Error(`--db is pglite, postgres or both, not "${value}".`);
    } else
      throw new Error(
        `Unknown option ${arg} (--duration=<s> --connections=<n> --db=pglite|postgres|both --shoppers=<n> --workers=<n,n> --samples=<file, {db} replaced> --cpu-prof=<dir>).`,
      );
  }
  return options;
}

/** Two valid answers a save alternates between (flows/consultation/haircare.yaml, step "length"). */
const LENGTHS = ['long', 'short'] as const;
/** A sign-up or health check slower than this means the server is stuck: the run stops instead of hanging. */
const SETUP_TIMEOUT_MS = 30_000;

/** Signs up `count` shoppers (ten at a time) and saves a first answer for each; returns their access tokens. */
async function signUpShoppers(baseUrl: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  const run = Date.now().toString(36);
  let next = 0;
  async function worker() {
    while (next < count) {
      const i = next++;
      const email = `load-${run}-${i}@example.com`;
      const signup = await fetch(`${baseUrl}/v1/auth/signup/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, first_name: 'Load', last_name: `Shopper ${i}`, has_accepted_terms: true }),
        signal: AbortSignal.timeout(SETUP_TIMEOUT_MS),
      });
      if (signup.status !== 201) throw new Error(`Sign-up failed: ${signup.status} ${await signup.text()}`);
      const { access } = (await signup.json()) as { access: string };
      const saved = await fetch(`${baseUrl}/v1/account/hair_profile/`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ diag_hair_type: 'oily', diag_hair_length: 'long', source: 'website' }),
        signal: AbortSignal.timeout(SETUP_TIMEOUT_MS),
      });
      if (!saved.ok) throw new Error(`Saving answers failed: ${saved.status} ${await saved.text()}`);
      tokens.push(access);
    }
  }
  await Promise.all(Array.from({ length: 10 }, worker));
  return tokens;
}

/** A small seeded generator, so every run sends the same mix in the same order. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Drives the mix against `baseUrl` and returns every answered request and the socket errors. */
async function drive(
  baseUrl: string,
  tokens: readonly string[],
  options: LoadOptions,
): Promise<{ samples: Sample[]; socketErrors: number; durationMs: number }> {
  const random = mulberry32(10);
  let saves = 0;
  const samples: Sample[] = [];
  let socketErrors = 0;
  const startedAt = performance.now();
  const instance = autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.durationS,
    // A stalled request is measured, not cut off at autocannon's default 10 s.
    timeout: 60,
    requests: [
      {
        setupRequest: (request) => {
          const token = tokens[Math.floor(random() * tokens.length)]!;
          const roll = random();
          const headers = { ...request.headers, authorization: `Bearer ${token}` };
          if (roll < 0.2) {
            saves += 1;
            return {
              ...request,
              method: 'PATCH',
              path: '/v1/account/hair_profile/',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ diag_hair_length: LENGTHS[saves % 2], source: 'website' }),
            };
          }
          return { ...request, method: 'GET', path: roll < 0.6 ? '/v1/account/hair_profile/' : '/v1/account/', headers, body: undefined };
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    const now = performance.now();
    samples.push({ sentAtMs: now - responseTime - startedAt, latencyMs: responseTime, ok: statusCode >= 200 && statusCode < 300 });
  });
  instance.on('reqError', () => {
    socketErrors += 1;
  });
  await instance;
  return { samples, socketErrors, durationMs: performance.now() - startedAt };
}

/** User + system CPU time (ms) of a process and its children so far (the WORKERS a primary started), from /proc on Linux; null elsewhere. */
function processCpuMs(pid: number): number | null {
  // Fields after the parenthesised command name: the parent's id is the 2nd, user and system time the 12th and 13th.
  const stat = (id: string) => readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
  try {
    let ticks = 0;
    for (const id of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const fields = stat(id);
        if (id === String(pid) || fields[1] === String(pid)) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // gone meanwhile
      }
    }
    return (ticks * 1000) / 100; // clock ticks; USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

async function runOn(database: LoadDatabase, workers: number, options: LoadOptions): Promise<LoadSummary> {
  const target = await startLoadTarget(database, options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [], workers);
  try {
    process.stderr.write(`${database}: signing up ${options.shoppers} shoppers on ${target.url}…\n`);
    const tokens = await signUpShoppers(target.url, options.shoppers);
    process.stderr.write(`${database}: ${options.connections} connections for ${options.durationS} s…\n`);
    const cpuBefore = processCpuMs(target.server.pid);
    const { samples, socketErrors, durationMs } = await drive(target.url, tokens, options);
    const cpuAfter = processCpuMs(target.server.pid);
    const health = await fetch(`${target.url}/healthz`, { signal: AbortSignal.timeout(SETUP_TIMEOUT_MS) }).catch(() => null);
    if (!health?.ok) throw new Error(`The server stopped answering during the run:\n${target.server.output().slice(-4000)}`);
    if (options.samplesFile) writeFileSync(options.samplesFile.replace('{db}', database), JSON.stringify(samples));
    return summarizeLoad(samples, durationMs, socketErrors, cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore);
  } finally {
    await target.stop();
  }
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  const rows: { label: string; summary: LoadSummary }[] = [];
  const runs = options.databases.flatMap((database): { database: LoadDatabase; workers: number }[] =>
    database === 'pglite' ? [{ database, workers: 1 }] : options.workers.map((workers) => ({ database, workers })),
  );
  for (const { database, workers } of runs) {
    const summary = await runOn(database, workers, options);
    const label =
      database === 'pglite'
        ? 'embedded (PGlite)'
        : `PostgreSQL${options.workers.length > 1 || workers > 1 ? `, ${workers} process${workers > 1 ? 'es' : ''}` : ''}`;
    rows.push({ label, summary });
    console.log(`\n### ${label}: ${options.connections} connections, ${options.durationS} s, 80% reads / 20% answer saves\n`);
    console.log(loadTable([{ label, summary }]));
  }
  if (rows.length > 1) console.log(`\n### Both\n\n${loadTable(rows)}`);
  console.log(`\n"over 2 s": answered after more than ${SLOW_MS / 1000} s; "max, first 5 s": the slowest request sent in the first ${BURST_MS / 1000} s.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
