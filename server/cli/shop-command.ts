import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { didYouMean } from '#engine/compiler';
import { systemClock, type Clock } from '../clock';
import { DataDirLockedError } from '../db/data-dir-lock';
import type { DatabaseHandle } from '../db/database';
import { openDatabase } from '../db/open-database';
import { outboxOnlyMailer } from '../mail/mailer';
import { moveOrder } from '../orders/fulfilment';
import { FULFILMENT_VERBS, FulfilmentError, statusWords, type FulfilmentVerb } from '../orders/fulfilment-moves';
import { trackingView } from '../orders/fulfilment-tracking';
import { LISTED_STATUSES, listOrders, ordersTable } from './orders-table';
import { blockReferralCode, referralBlockText } from './referral-block';
import { parseReportCommand, REPORT_HELP, runReport, type ReportRequest } from '../reports/report-command';

/** The command's exit statuses (README "Operators"). */
export const EXIT = { ok: 0, failed: 1, usage: 2, unknownOrder: 3, refused: 4, databaseInUse: 5 } as const;

/** Where the command writes, and what it reads of its surroundings. */
export interface ShopCommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd?: string;
  clock?: Clock;
}

export const HELP = `Usage: npm run shop -- <command>

Commands:
  order <verb> <order> [--tracking <number>] [--carrier <carrier>]
      Moves an order (its serial number, such as 100042, or its pubkey) through fulfilment:
        process   paid or on hold -> processed
        pack      -> packing
        ship      -> shipped (needs --tracking; --carrier usps, ups, fedex, dhl or canada_post,
                  by default the post of the country it ships to); mails "Your order has shipped"
        deliver   shipped -> delivered; mails "Your order has arrived" and schedules the feedback invitations
        hold      -> on hold (before it ships)
        cancel    -> canceled (before it ships; the payment is not refunded here: refund it with the provider)
      Moving an order to the status it has changes nothing.
  orders [--status <status>[,<status>...]] [--limit <n>]
      Lists orders, newest first (default: every placed order, 50 at most). Statuses: ${LISTED_STATUSES.join(', ')}.
  referral <block|unblock> <code>
      Blocks a referral code (such as 7KQ2M-XW9DA, in any case, the dash optional): it refers no one, and a referee's
      order paid from then on rewards its advocate nothing. unblock lets it refer again. A code already so changes nothing.
${REPORT_HELP}  help
      This text.

The command opens the shop's database as the server does: DATABASE_URL (PostgreSQL: it runs alongside the server),
else the embedded database in DATA_DIR (default ./data), which one process holds at a time: stop the shop first.

Exit status: 0 done (or nothing to change), 1 failure (no database there, no such referral code, an unexpected error),
2 bad usage, 3 no such order,
4 move refused (illegal move, missing or bad tracking number), 5 the embedded database is in use.
`;

/** Runs `npm run shop -- <args>` and answers its exit status; every message goes to `io`. */
export async function runShopCommand(args: readonly string[], io: ShopCommandIo): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'help' || command === '--help' || command === '-h') {
    io.out(HELP);
    return EXIT.ok;
  }
  if (command !== 'order' && command !== 'orders' && command !== 'referral' && command !== 'report') {
    io.err(command ? `Unknown command "${command}".${hint(command, ['order', 'orders', 'referral', 'report', 'help'])}\n\n${HELP}` : HELP);
    return EXIT.usage;
  }
  let parsed: ReturnType<typeof parseCommand> | ReportRequest;
  try {
    parsed = command === 'report' ? parseReportCommand(rest, { env: io.env, cwd: io.cwd, now: (io.clock ?? systemClock).now() }) : parseCommand(command, rest);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\nSee: npm run shop -- help\n`);
    return EXIT.usage;
  }
  let database: DatabaseHandle;
  try {
    database = await openShopDatabase(io);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(
        `The shop is running on the embedded database in ${error.dataDir} (process ${error.pid} holds ${path.join(error.dataDir, 'shop.lock')}), ` +
          'and one process at a time may open it. Stop the shop and run this again, or run the shop on PostgreSQL (DATABASE_URL), ' +
          'where this command runs alongside it.\n',
      );
      return EXIT.databaseInUse;
    }
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.failed;
  }
  try {
    if (parsed.command === 'report') {
      io.out(await runReport(database.db, parsed));
      return EXIT.ok;
    }
    if (parsed.command === 'orders') {
      io.out(ordersTable(await listOrders(database.db, parsed.statuses, parsed.limit)));
      return EXIT.ok;
    }
    if (parsed.command === 'referral') {
      const blocked = parsed.verb === 'block';
      const outcome = await blockReferralCode(database.db, parsed.code, blocked, (io.clock ?? systemClock).now());
      const text = referralBlockText(outcome, parsed.code, blocked);
      if (outcome.kind === 'unknown') {
        io.err(text);
        return EXIT.failed;
      }
      io.out(text);
      return EXIT.ok;
    }
    return await runMove(database, parsed, io);
  } catch (error) {
    if (error instanceof FulfilmentError) {
      io.err(`${error.message}\n`);
      return error.code === 'unknown_order' ? EXIT.unknownOrder : EXIT.refused;
    }
    io.err(`The command failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.failed;
  } finally {
    await database.close();
  }
}

type OrderMove = { command: 'order'; verb: FulfilmentVerb; ref: string; tracking?: string; carrier?: string };
type OrdersList = { command: 'orders'; statuses: (typeof LISTED_STATUSES)[number][]; limit: number };
type ReferralBlock = { command: 'referral'; verb: 'block' | 'unblock'; code: string };

/** The arguments of `order`, `orders` and `referral`, checked; throws with the words to print. */
function parseCommand(command: 'order' | 'orders' | 'referral', args: readonly string[]): OrderMove | OrdersList | ReferralBlock {
  if (command === 'referral') {
    const { positionals } = parseArgs({ args: [...args], options: {}, allowPositionals: true });
    const [verb, code, ...extra] = positionals;
    const verbs = ['block', 'unblock'];
    if (!verb) throw new Error(`"referral" needs a verb: ${verbs.join(', ')}.`);
    if (verb !== 'block' && verb !== 'unblock') throw new Error(`Unknown verb "${verb}": one of ${verbs.join(', ')}.${hint(verb, verbs)}`);
    if (!code) throw new Error(`"referral ${verb}" needs the referral code.`);
    if (extra.length) throw new Error(`"referral ${verb}" takes one code, not also ${extra.join(' ')}.`);
    return { command, verb, code };
  }
  if (command === 'orders') {
    const { values, positionals } = parseArgs({ args: [...args], options: { status: { type: 'string' }, limit: { type: 'string' } }, allowPositionals: true });
    if (positionals.length) throw new Error(`"orders" takes no ${positionals.join(' ')}.`);
    const statuses = (values.status ?? '').split(',').filter(Boolean);
    for (const status of statuses)
      if (!(LISTED_STATUSES as readonly string[]).includes(status))
        throw new Error(`Unknown status "${status}": one of ${LISTED_STATUSES.join(', ')}.${hint(status, LISTED_STATUSES)}`);
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error(`--limit takes a whole number from 1 to 1000, not "${values.limit}".`);
    return { command, statuses: statuses as OrdersList['statuses'], limit };
  }
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { tracking: { type: 'string' }, carrier: { type: 'string' } },
    allowPositionals: true,
  });
  const [verb, ref, ...extra] = positionals;
  const verbs = Object.keys(FULFILMENT_VERBS);
  if (!verb) throw new Error(`"order" needs a verb: ${verbs.join(', ')}.`);
  if (!Object.hasOwn(FULFILMENT_VERBS, verb)) throw new Error(`Unknown verb "${verb}": one of ${verbs.join(', ')}.${hint(verb, verbs)}`);
  if (!ref) throw new Error(`"order ${verb}" needs the order's serial number or pubkey.`);
  if (extra.length) throw new Error(`"order ${verb}" takes one order, not also ${extra.join(' ')}.`);
  return {
    command,
    verb: verb as FulfilmentVerb,
    ref,
    ...(values.tracking !== undefined ? { tracking: values.tracking } : {}),
    ...(values.carrier !== undefined ? { carrier: values.carrier } : {}),
  };
}

/** The shop's database, as the server finds it (DATABASE_URL, else DATA_DIR); never a new embedded one in the wrong place. */
async function openShopDatabase(io: ShopCommandIo): Promise<DatabaseHandle> {
  const databaseUrl = io.env.DATABASE_URL || undefined;
  if (databaseUrl) return openDatabase({ databaseUrl });
  const dataDir = path.resolve(io.cwd ?? process.cwd(), io.env.DATA_DIR || 'data');
  if (!existsSync(path.join(dataDir, 'pgdata')))
    throw new Error(`There is no shop database in ${dataDir}: start the shop once (npm start), or set DATA_DIR (or DATABASE_URL) to the shop's.`);
  return openDatabase({ dataDir });
}

async function runMove(database: DatabaseHandle, move: OrderMove, io: ShopCommandIo): Promise<number> {
  const publicUrl = (io.env.PUBLIC_URL || `http://localhost:${io.env.PORT || 3000}`).replace(/\/+$/, '');
  const to = FULFILMENT_VERBS[move.verb];
  const result = await moveOrder({ db: database.db, clock: io.clock ?? systemClock, mailer: outboxOnlyMailer, config: { publicUrl } }, move.ref, to, {
    ...(move.tracking !== undefined ? { trackingNumber: move.tracking } : {}),
    ...(move.carrier !== undefined ? { carrier: move.carrier } : {}),
    actor: `shop command (${login()})`,
  });
  const serial = result.order.serialNo;
  if (!result.changed) {
    io.out(`Order ${serial} is already ${statusWords(to)}: nothing changed.\n`);
    return EXIT.ok;
  }
  const lines = [`Order ${serial}: ${statusWords(result.from)} -> ${statusWords(to)}.`];
  const tracking = trackingView(result.order.trackingNumber, result.order.carrier);
  if (to === 'shipped' && tracking) lines.push(`Parcel: ${tracking.carrier} ${tracking.number}${tracking.url ? ` (${tracking.url})` : ''}.`);
  if (result.mailed.length) lines.push(`Mailed the shopper: ${result.mailed.join(', ')} (sent by the shop from its outbox).`);
  for (const invitation of result.invitations) lines.push(`Feedback invitation (${invitation.category}) due ${invitation.at.toISOString()}.`);
  if (to === 'canceled') lines.push('The payment is not refunded by this command: refund it with the payment provider.');
  io.out(lines.join('\n') + '\n');
  return EXIT.ok;
}

function hint(found: string, candidates: readonly string[]): string {
  const guess = didYouMean(found, candidates);
  return guess ? ` Did you mean "${guess}"?` : '';
}

function login(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
