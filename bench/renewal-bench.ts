/**
 * Renewals at scale (issue 27 target): `count` subscriptions all due on one day, renewed by the real server
 * (`server/main.ts`, as `npm start` runs it) once its clock reaches the renewal hour: on PostgreSQL with `workers`
 * server processes sharing one database, or on the embedded database (one process). Timed from the server's start
 * until every renewal is paid; then checked: each subscription renewed exactly once, one order and one charge each.
 *
 * The subscribers are written straight into a migrated database before the server starts (as a shop that has had
 * them for a while holds them): a customer with a consultation (Rosa's answers: real formulas), a saved test card,
 * a haircare subscription of a shampoo every 4 weeks and a conditioner every 8, both due on DUE_DAY, and its renewal job.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../server/db/database';
import { openDatabase } from '../server/db/open-database';
import { hairProfiles, paymentMethods, scheduledJobs, subscriptionProducts, subscriptions, users } from '../server/db/schema';
import { issueTestMethodRef } from '../server/payments/test-card-token';
import { scheduleRenewal, UPCOMING_RENEWAL_JOB } from '../server/subscriptions/schedule';
import { personas } from '../tests/fixtures/personas';
import { startServer } from '../scripts/start-server';
import { POSTGRES_ADMIN_URL, type LoadDatabase } from './load-target';

/** The day every subscription is due, and the server's clock at its start: just past that day's renewal hour. */
export const DUE_DAY = '2027-03-01';
export const CLOCK_START = `${DUE_DAY}T15:00:30Z`;
const BATCH = 500;

export interface RenewalFigures {
  database: string;
  workers: number;
  subscriptions: number;
  /** From the server's spawn until the last renewal is paid (its start included). */
  seconds: number;
  /** From the server answering /healthz until the last renewal is paid. */
  seconds_after_start: number;
  per_second: number;
  renewal_orders: number;
  charges: number;
  /** Subscriptions renewed more than once, orders or charges beyond one per subscription: must be 0. */
  duplicates: number;
  /** Subscriptions not renewed when the run stopped: must be 0. */
  missing: number;
  /**
   * With `countQueries` (PostgreSQL): what the server processes did while renewing, over the renewals (from the
   * first 5% paid, every process started, to the last renewal paid; pg-boss's polling of the other jobs included). Statements are
   * round trips with node-postgres (one each). Independent of the machine's load, unlike the times.
   */
  per_renewal?: { statements: number; cpu_ms: number; top: [string, number][] };
}

/** Runs the renewals of `count` due subscriptions; `timeoutSeconds` bounds a run that would never finish. */
export async function renewalBench(
  database: LoadDatabase,
  count = 10_000,
  workers = database === 'postgres' ? 2 : 1,
  options: { timeoutSeconds?: number; nodeArgs?: string[]; countQueries?: boolean } = {},
): Promise<RenewalFigures> {
  const timeoutSeconds = options.timeoutSeconds ?? 900;
  const secret = randomBytes(24).toString('hex');
  const scratch = database === 'postgres' ? await createScratchDatabase() : null;
  const dataDir = database === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'shop-renewals-')) : undefined;
  try {
    const seeding = await openDatabase({ databaseUrl: scratch?.url, dataDir });
    try {
      await seedDueSubscribers(seeding.db, count, secret);
    } finally {
      await seeding.close();
    }
    const env: Record<string, string> = {
      HOST: '127.0.0.1',
      RATE_LIMITS: 'off',
      ACCESS_LOG: 'off',
      WORKERS: String(workers),
      CLOCK_START,
      SECRET_KEY: secret,
      PAYMENTS: 'test',
      ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir! }),
    };
    const counting = options.countQueries && scratch ? mkdtempSync(path.join(tmpdir(), 'shop-renewal-queries-')) : null;
    const nodeArgs = [...(options.nodeArgs ?? []), ...(counting ? ['--import', './bench/renewal-query-count.mjs'] : [])];
    if (counting) env.RENEWAL_QUERY_COUNT_DIR = counting;
    const spawned = performance.now();
    const server = await startServer({ env, nodeArgs });
    const answered = performance.now();
    // Counted from the first 5% renewed (both processes started and renewing) to the last.
    let before: (QueryCounts & { paid: number }) | null = null;
    try {
      // The embedded database belongs to the server's process while it runs: progress is read from its log instead.
      const progress = scratch ? postgresProgress(scratch.url) : null;
      const deadline = Date.now() + timeoutSeconds * 1000;
      let paid = 0;
      for (;;) {
        paid = progress ? await progress.paid() : 0;
        if (counting && !before && paid >= Math.max(1, count / 20) && readdirSync(counting).length >= workers)
          before = { ...(await snapshotQueryCounts(counting)), paid };
        if (!progress || paid >= count || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      if (!progress) {
        // PGlite: the server logs each renewal run with its outcome; wait for the last one renewed.
        paid = await waitForPaidInLog(server.output, count, deadline);
      }
      const done = performance.now();
      let perRenewal: RenewalFigures['per_renewal'];
      if (counting && before) {
        perRenewal = perRenewalOf(before, await snapshotQueryCounts(counting), paid - before.paid);
        rmSync(counting, { recursive: true, force: true });
      }
      await progress?.close();
      const counts = scratch ? await postgresCounts(scratch.url) : null;
      await server.stop();
      const final = counts ?? (await pgliteCounts(dataDir!));
      const seconds = (done - spawned) / 1000;
      return {
        database: database === 'postgres' ? 'PostgreSQL' : 'embedded database',
        workers,
        subscriptions: count,
        seconds,
        seconds_after_start: (done - answered) / 1000,
        per_second: paid / ((done - answered) / 1000),
        renewal_orders: final.orders,
        charges: final.charges,
        duplicates: final.duplicates + Math.max(0, final.orders - count) + Math.max(0, final.charges - count),
        missing: count - final.renewed,
        ...(perRenewal ? { per_renewal: perRenewal } : {}),
      };
    } finally {
      await server.stop().catch(() => undefined);
    }
  } finally {
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Writes `count` subscribers due on DUE_DAY into a freshly migrated database, in batches (`secret`: the server's SECRET_KEY, which signs their saved cards). */
export async function seedDueSubscribers(db: Database, count: number, secret: string, day = DUE_DAY): Promise<number[]> {
  const rosa = personas.find((p) => p.name === 'Rosa')!;
  const run = randomBytes(4).toString('hex');
  const made: number[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const ids = Array.from({ length: size }, (_, i) => start + i);
    await db.transaction(async (tx) => {
      const people = await tx
        .insert(users)
        .values(
          ids.map((i) => ({
            pubkey: `usr_${run}_${i}`,
            email: `renewal.${run}.${i}@example.com`,
            username: `renewal.${run}.${i}@example.com`,
            firstName: 'Rosa',
            isGuest: false,
          })),
        )
        .returning({ id: users.id });
      await tx.insert(hairProfiles).values(people.map((p) => ({ userId: p.id, answers: rosa.answers })));
      const cards = await tx
        .insert(paymentMethods)
        .values(
          people.map((p, i) => ({
            pubkey: `pm_${run}_${ids[i]}`,
            userId: p.id,
            provider: 'test' as const,
            service: 'card' as const,
            providerRef: issueTestMethodRef(
              { service: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, behaviour: { outcome: 'succeeds' } },
              secret,
            ),
            brand: 'visa',
            last4: '4242',
            isDefault: true,
          })),
        )
        .returning({ id: paymentMethods.id });
      const subs = await tx
        .insert(subscriptions)
        .values(
          people.map((p, i) => ({
            pubkey: `sub_${run}_${ids[i]}`,
            userId: p.id,
            category: 'haircare' as const,
            subCategory: 'topicals' as const,
            status: 'active' as const,
            shippingAddress: { address1: '1100 Congress Ave', address2: null, city: 'Austin', state: 'TX', zipcode: '78701', country: 'US' as const },
            paymentMethodId: cards[i]!.id,
            discountPercentage: 15,
            currency: 'USD' as const,
          })),
        )
        .returning({ id: subscriptions.id });
      await tx.insert(subscriptionProducts).values(
        subs.flatMap((s) => [
          { subscriptionId: s.id, type: 'shampoo', product: 'shampoo', quantity: 1, frequency: 4, nextStart: day },
          { subscriptionId: s.id, type: 'conditioner', product: 'conditioner', quantity: 1, frequency: 8, nextStart: day },
        ]),
      );
      for (const s of subs) await scheduleRenewal(tx, s.id);
      // Their upcoming-renewal mails went three days before, as a shop that has had them would have sent them.
      await tx.delete(scheduledJobs).where(eq(scheduledJobs.name, UPCOMING_RENEWAL_JOB));
      made.push(...subs.map((s) => s.id));
    });
  }
  return made;
}

interface QueryCounts {
  /** The oldest of the processes' latest writes. */
  at: number;
  total: number;
  cpuMs: number;
  byText: Map<string, number>;
}

/** The server processes' counts (bench/renewal-query-count.mjs), summed. */
function readQueryCounts(dir: string): QueryCounts {
  const sum: QueryCounts = { at: Infinity, total: 0, cpuMs: 0, byText: new Map() };
  for (const file of readdirSync(dir)) {
    let one: { at: number; total: number; cpuMs: number; byText: Record<string, number> };
    try {
      one = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as typeof one;
    } catch {
      continue; // being written
    }
    sum.at = Math.min(sum.at, one.at);
    sum.total += one.total;
    sum.cpuMs += one.cpuMs;
    for (const [text, n] of Object.entries(one.byText)) sum.byText.set(text, (sum.byText.get(text) ?? 0) + n);
  }
  if (sum.at === Infinity) sum.at = 0;
  return sum;
}

/** Asks every server process for its counts now (SIGUSR2) and reads them once all have written. */
async function snapshotQueryCounts(dir: string): Promise<QueryCounts> {
  const asked = Date.now();
  for (const file of readdirSync(dir)) process.kill(Number(path.basename(file, '.json')), 'SIGUSR2');
  for (;;) {
    const counts = readQueryCounts(dir);
    if (counts.at >= asked) return counts;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function perRenewalOf(before: QueryCounts, after: QueryCounts, renewals: number): NonNullable<RenewalFigures['per_renewal']> {
  const per = (n: number) => Math.round((n / Math.max(1, renewals)) * 100) / 100;
  const top = [...after.byText]
    .map(([text, n]): [string, number] => [text, per(n - (before.byText.get(text) ?? 0))])
    .filter(([, n]) => n >= 0.05)
    .sort((a, b) => b[1] - a[1]);
  return { statements: per(after.total - before.total), cpu_ms: per(after.cpuMs - before.cpuMs), top };
}

async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_renewals_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function postgresProgress(url: string) {
  const client = new pg.Client({ connectionString: url });
  // Dropped with the scratch database when a run fails: that run's own error is the one to report.
  client.on('error', () => undefined);
  const connected = client.connect();
  return {
    async paid(): Promise<number> {
      await connected;
      const result = await client.query<{ n: string }>(`select count(*) as n from subscription_renewals where status = 'paid'`);
      return Number(result.rows[0]!.n);
    },
    close: () => client.end(),
  };
}

/** What the run left, by the database's own counts. */
const COUNTS = sql`select
  (select count(distinct subscription_id) from subscription_renewals where status = 'paid') as renewed,
  (select count(*) from (select subscription_id from subscription_renewals group by subscription_id, due_on having count(*) > 1) d) as duplicates,
  (select count(*) from orders where idempotency_key like 'renewal:%' and status <> 'payment_failed') as orders,
  (select count(*) from test_provider_charges) as charges`;

async function postgresCounts(url: string) {
  const handle = await openDatabase({ databaseUrl: url });
  try {
    return countsOf(await handle.db.execute(COUNTS));
  } finally {
    await handle.close();
  }
}

async function pgliteCounts(dataDir: string) {
  const handle = await openDatabase({ dataDir });
  try {
    return countsOf(await handle.db.execute(COUNTS));
  } finally {
    await handle.close();
  }
}

function countsOf(result: unknown): { renewed: number; duplicates: number; orders: number; charges: number } {
  const rows = (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
  const row = rows[0]!;
  return { renewed: Number(row.renewed), duplicates: Number(row.duplicates), orders: Number(row.orders), charges: Number(row.charges) };
}

/** The embedded database cannot be read while the server holds it: the renewals are counted from the server's log. */
async function waitForPaidInLog(output: () => string, count: number, deadline: number): Promise<number> {
  for (;;) {
    const paid = output()
      .split('\n')
      .filter((line) => line.includes('Subscription renewal run') && line.includes('renewed')).length;
    if (paid >= count || Date.now() > deadline) return paid;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// node --import tsx bench/renewal-bench.ts [--renewals=2000] [--database=postgres|pglite] [--workers=2] [--count-queries]
if (import.meta.url === `file://${process.argv[1]}`) {
  const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const database = (option('database') ?? 'postgres') as LoadDatabase;
  const figures = await renewalBench(database, Number(option('renewals') ?? 2000), option('workers') ? Number(option('workers')) : undefined, {
    countQueries: process.argv.includes('--count-queries'),
  });
  console.log(JSON.stringify(figures, null, 2));
}
