import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { runShopCommand } from '../../server/cli/shop-command';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import type { DatabaseHandle } from '../../server/db/database';
import { openDatabase } from '../../server/db/open-database';
import { orderEvents, orders, outbox, referralCodes, scheduledJobs } from '../../server/db/schema';
import { customerReferralCode } from '../../server/referrals/referral-codes';
import type { OrderRow } from '../../server/orders/order-view';
import { createPostgresDatabase, migratedDataDir } from './support/databases';
import { insertOrder, insertShopper } from './support/fulfilment-orders';
import { removeTempDirs, tempDir } from './support/temp-dirs';

const root = path.resolve(import.meta.dirname, '../..');

/** The environment the command sees: none of the machine's database settings, besides what a test gives. */
function commandEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: '', DATA_DIR: '', PUBLIC_URL: 'https://shop.example.com', NODE_ENV: 'development', ...env };
}

type Outcome = { code: number | null; stdout: string; stderr: string };

/** `npm run shop -- <args>` as an operator runs it: its own process, on the database `env` names. */
function shopProcess(args: string[], env: Record<string, string>): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/shop.ts', ...args], {
    cwd: root,
    env: commandEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The same command run in this process: `runShopCommand`, which is all server/cli/shop.ts runs (its output to stdout
 * and stderr, its answer the exit status). A new process costs seconds of start-up; the tests that the process itself
 * wires these together (exit status, stdout, stderr, a lock held by another process) use `shopProcess`.
 */
async function shop(args: string[], env: Record<string, string>): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const code = await runShopCommand(args, { out: (text) => (stdout += text), err: (text) => (stderr += text), env: commandEnv(env), cwd: root });
  return { code, stdout, stderr };
}

/** Opens the database, lets `work` fill it, and closes it again (releasing DATA_DIR for the command). */
async function withDatabase<T>(options: { dataDir?: string; databaseUrl?: string }, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(options);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

afterAll(removeTempDirs);

describe('npm run shop (the operators’ command; server/README.md "Operators")', () => {
  it('help, and bad usage: exit 2 with what was wrong and a "did you mean"', async () => {
    const help = await shopProcess(['help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run shop -- <command>');
    expect(help.stdout).toContain('order <verb> <order> [--tracking <number>] [--carrier <carrier>]');
    const none = await shopProcess([], {});
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: npm run shop -- <command>');
    const cases: [string[], string][] = [
      [['ordr'], 'Unknown command "ordr". Did you mean "order"?'],
      [['order', 'shipp', '100001'], 'Unknown verb "shipp": one of process, pack, ship, deliver, hold, cancel. Did you mean "ship"?'],
      [['order', 'ship'], '"order ship" needs the order\'s serial number or pubkey.'],
      [
        ['orders', '--status', 'shiped'],
        'Unknown status "shiped": one of pending_payment, payment_failed, paid, onhold, processed, packing, shipped, delivered, canceled, processing. Did you mean "shipped"?',
      ],
      [['orders', '--limit', '0'], '--limit takes a whole number from 1 to 1000, not "0".'],
      [['order', 'ship', '100001', '--trackin', 'X'], "Unknown option '--trackin'"],
      [['referal', 'block', 'X'], 'Unknown command "referal". Did you mean "referral"?'],
      [['referral', 'blok', '7KQ2M-XW9DA'], 'Unknown verb "blok": one of block, unblock. Did you mean "block"?'],
      [['referral', 'block'], '"referral block" needs the referral code.'],
      [['referral', 'unblock', '7KQ2M-XW9DA', 'AAAAA-BBBBB'], '"referral unblock" takes one code, not also AAAAA-BBBBB.'],
    ];
    for (const [args, message] of cases) {
      const result = await shop(args, {});
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    const nowhere = await shop(['orders'], { DATA_DIR: path.join(tempDir('shop-none'), 'missing') });
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain('There is no shop database in');
  });

  describe('on the embedded database (DATA_DIR)', () => {
    let dataDir: string;
    let paid: OrderRow;
    let other: OrderRow;
    let email: string;
    const env = () => ({ DATA_DIR: dataDir });

    beforeAll(async () => {
      dataDir = migratedDataDir('shop-command');
      await withDatabase({ dataDir }, async ({ db }) => {
        await seedCatalogue(db, loadCatalogue());
        const shopper = await insertShopper(db, { firstName: 'Rosa' });
        email = shopper.email!;
        paid = await insertOrder(db, shopper.id, { status: 'paid', lines: ['shampoo', 'conditioner'] });
        other = await insertOrder(db, shopper.id, { status: 'paid', lines: ['candle'] });
      });
    }, 60_000);

    it('lists the orders as a table, filtered by status', async () => {
      const all = await shopProcess(['orders'], env());
      expect(all.code).toBe(0);
      const [header, ...rows] = all.stdout.trimEnd().split('\n');
      expect(header).toMatch(/^ORDER\s+STATUS\s+PLACED\s+CUSTOMER\s+ITEMS\s+TOTAL\s+TRACKING$/);
      expect(rows.map((row) => row.split(/\s{2,}/)[0])).toEqual([String(other.serialNo), String(paid.serialNo)]);
      expect(rows[1]).toContain(email);
      expect(rows[1]).toMatch(/\s2\s+\$64$/);
      const none = await shop(['orders', '--status', 'shipped'], env());
      expect(none).toMatchObject({ code: 0, stdout: 'No orders.\n' });
    });

    it('moves an order by its serial number: spec 001 §4 Orders, with exit statuses for each refusal', async () => {
      const serial = String(paid.serialNo);
      expect(await shop(['order', 'pack', serial], env())).toMatchObject({ code: 0, stdout: `Order ${serial}: paid -> packing.\n` });
      const noTracking = await shop(['order', 'ship', serial], env());
      expect(noTracking).toMatchObject({ code: 4, stdout: '' });
      expect(noTracking.stderr).toBe('Shipping needs the parcel’s tracking number: --tracking <number>.\n');
      const shipped = await shop(['order', 'ship', serial, '--tracking', '1Z999AA10123456784', '--carrier', 'ups'], env());
      expect(shipped.code).toBe(0);
      expect(shipped.stdout).toBe(
        `Order ${serial}: packing -> shipped.\n` +
          'Parcel: UPS 1Z999AA10123456784 (https://www.ups.com/track?tracknum=1Z999AA10123456784).\n' +
          'Mailed the shopper: order_shipped (sent by the shop from its outbox).\n',
      );
      expect(await shop(['order', 'ship', `#${serial}`, '--tracking', '1Z999AA10123456784', '--carrier', 'ups'], env())).toMatchObject({
        code: 0,
        stdout: `Order ${serial} is already shipped: nothing changed.\n`,
      });
      const cancel = await shop(['order', 'cancel', serial], env());
      expect(cancel).toMatchObject({ code: 4, stderr: `Order ${serial} has shipped: it can no longer be canceled.\n` });
      const delivered = await shop(['order', 'deliver', paid.pubkey], env());
      expect(delivered.code).toBe(0);
      expect(delivered.stdout).toMatch(
        new RegExp(`^Order ${serial}: shipped -> delivered\\.\\nMailed the shopper: order_delivered .*\\nFeedback invitation \\(haircare\\) due \\d{4}-`),
      );
      expect(await shop(['order', 'deliver', '100999999'], env())).toMatchObject({ code: 3, stderr: 'There is no order 100999999.\n' });
      const held = await shop(['order', 'hold', String(other.serialNo)], env());
      expect(held).toMatchObject({ code: 0, stdout: `Order ${other.serialNo}: paid -> on hold.\n` });
      const canceled = await shop(['order', 'cancel', String(other.serialNo)], env());
      expect(canceled.stdout).toContain('The payment is not refunded by this command');

      await withDatabase({ dataDir }, async ({ db }) => {
        const [row] = await db.select().from(orders).where(eq(orders.id, paid.id));
        expect(row).toMatchObject({ status: 'delivered', trackingNumber: '1Z999AA10123456784', carrier: 'ups' });
        const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, paid.id)).orderBy(orderEvents.id);
        expect(events.map((e) => e.toStatus)).toEqual(['packing', 'shipped', 'delivered']);
        expect(events.every((e) => /^shop command \(.+\)$/.test(e.actor))).toBe(true);
        const mails = await db.select().from(outbox).where(eq(outbox.recipient, email));
        expect(mails.map((m) => m.kind).sort()).toEqual(['order_delivered', 'order_shipped']);
        expect(mails.find((m) => m.kind === 'order_shipped')!.textBody).toContain('https://shop.example.com/account/orders/');
        expect((await db.select().from(scheduledJobs)).map((job) => job.key)).toEqual([`order:${paid.pubkey}:haircare`]);
      });
    }, 120_000);

    it('blocks and unblocks a referral code (server/referrals/README.md "referralCodeBlocked"); an unknown code is exit 1, nothing changed', async () => {
      const code = await withDatabase({ dataDir }, async ({ db }) => {
        const shopper = await insertShopper(db, { firstName: 'Ada' });
        return (await customerReferralCode(db, shopper.id)).code;
      });
      const blockedAt = () =>
        withDatabase({ dataDir }, async ({ db }) => (await db.select().from(referralCodes).where(eq(referralCodes.code, code)))[0]!.blockedAt);
      // Typed as a shopper reads it aloud: lower case, no dash.
      const typed = code.toLowerCase().replace('-', '');
      expect(await shop(['referral', 'block', typed], env())).toMatchObject({
        code: 0,
        stdout: `Referral code ${code} blocked: it refers no one now, and a referee's order paid from now on rewards its advocate nothing.\n`,
        stderr: '',
      });
      const first = await blockedAt();
      expect(first).toBeInstanceOf(Date);
      expect(await shop(['referral', 'block', code], env())).toMatchObject({ code: 0, stdout: `Referral code ${code} is already blocked: nothing changed.\n` });
      expect(await blockedAt()).toEqual(first);

      // A code the shop does not have, or text that cannot be one: a clear message, exit 1, and no code changed.
      const before = await withDatabase({ dataDir }, ({ db }) => db.select().from(referralCodes).orderBy(referralCodes.id));
      const unknown = await shopProcess(['referral', 'unblock', '00000-00000'], env());
      expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'There is no referral code "00000-00000": nothing changed.\n' });
      expect(await shop(['referral', 'block', 'FRIEND20'], env())).toMatchObject({
        code: 1,
        stdout: '',
        stderr: '"FRIEND20" is not a referral code (10 letters and digits, such as 7KQ2M-XW9DA): nothing changed.\n',
      });
      expect(await withDatabase({ dataDir }, ({ db }) => db.select().from(referralCodes).orderBy(referralCodes.id))).toEqual(before);

      expect(await shop(['referral', 'unblock', code], env())).toMatchObject({
        code: 0,
        stdout: `Referral code ${code} unblocked: it refers shoppers again.\n`,
      });
      expect(await blockedAt()).toBeNull();
      expect(await shop(['referral', 'unblock', code], env())).toMatchObject({
        code: 0,
        stdout: `Referral code ${code} is already unblocked: nothing changed.\n`,
      });
    }, 120_000);

    it('refuses, naming the lock, while the shop holds the embedded database, and changes nothing', async () => {
      const result = await withDatabase({ dataDir }, async ({ db }) => {
        const outcome = await shopProcess(['order', 'process', String(paid.serialNo)], env());
        expect((await db.select().from(orderEvents).where(eq(orderEvents.orderId, paid.id))).length).toBe(3);
        return outcome;
      });
      expect(result.code).toBe(5);
      expect(result.stderr).toContain(
        `The shop is running on the embedded database in ${dataDir} (process ${process.pid} holds ${path.join(dataDir, 'shop.lock')})`,
      );
      expect(result.stderr).toContain('run the shop on PostgreSQL (DATABASE_URL), where this command runs alongside it');
    });
  });

  it('on PostgreSQL it runs alongside the shop, which keeps its own connections open', async () => {
    const scratch = await createPostgresDatabase({ migrated: true });
    try {
      const shopStandIn = await openDatabase({ databaseUrl: scratch.url });
      try {
        await seedCatalogue(shopStandIn.db, loadCatalogue());
        const shopper = await insertShopper(shopStandIn.db);
        const order = await insertOrder(shopStandIn.db, shopper.id, { status: 'paid' });
        const result = await shopProcess(['order', 'ship', String(order.serialNo), '--tracking', '9400 1118 9922 3344 5566 77'], { DATABASE_URL: scratch.url });
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        const [row] = await shopStandIn.db.select().from(orders).where(eq(orders.id, order.id));
        expect(row).toMatchObject({ status: 'shipped', trackingNumber: '9400111899223344556677', carrier: 'usps' });
      } finally {
        await shopStandIn.close();
      }
    } finally {
      await scratch.drop();
    }
  }, 60_000);
});
