import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runShopCommand } from '../../server/cli/shop-command';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/open-database';
import { loadFunnelFlows, type FunnelFlow } from '../../server/reports/funnel-flows';
import { funnelReport, type FunnelReport } from '../../server/reports/funnel-report';
import { funnelSummary } from '../../server/reports/funnel-summary';
import { reportWindow } from '../../server/reports/report-window';
import { embeddedEventSink } from '../../server/tracking/event-sink';
import { trackingEvent } from '../../server/tracking/request-events';
import { createPostgresDatabase, describeEachDatabase } from './support/databases';
import { insertOrder, insertShopper } from './support/fulfilment-orders';

// Issue 29 item 8 (beyond the spec): where visitors leave each flow, from the flow step views the web app records
// (spec 001 §7 "Flags, tracking", §9 Tracking; server/reports/README.md).

const NOW = new Date('2026-11-27T12:00:00Z');
const FLOWS = loadFunnelFlows('flows');
const flow = (id: string): FunnelFlow => FLOWS.find((f) => f.id === id)!;
const HAIRCARE = flow('haircare');
const LAST_DAY = reportWindow('24h', NOW);

interface Walk {
  visitor: string | null;
  steps: string[];
  flow?: string;
  /** Minutes before NOW of the first view; one minute between views. */
  startedAgo?: number;
  variant?: string;
  arms?: Record<string, string> | null;
}

/** A visitor's flow step views, as the web app's tracking call records them (server/tracking/: request-events, the event sink). */
async function walk(db: Database, ...walks: Walk[]): Promise<void> {
  const events = walks.flatMap((w) =>
    w.steps.map((step, i) =>
      trackingEvent(
        { at: new Date(NOW.getTime() - ((w.startedAgo ?? 60) - i) * 60_000), visitorId: w.visitor, userId: null },
        {
          event_name: 'flow_step_view',
          data: {
            flow: w.flow ?? 'haircare',
            step,
            kind: 'consultation',
            variant: w.variant ?? 'signin-placement=before-first-private;welcome=plain',
            arms: Object.entries(w.arms === undefined ? { 'skip-by-product-ab-test': '0' } : (w.arms ?? {}))
              .map(([flag, arm]) => `${flag}=${arm}`)
              .join(';'),
          },
        },
      ),
    ),
  );
  await embeddedEventSink.record(db, events);
}

/** A group's rows as `step reached/left`, the steps some visitor reached (and `results`). */
function rows(report: FunnelReport, key = ''): string[] {
  const group = report.groups.find((g) => g.key === key)!;
  return group.steps.filter((s) => s.reached > 0 || s.step === 'results').map((s) => `${s.step} ${s.reached}/${s.left}${s.inFlow ? '' : ' (gone)'}`);
}

describeEachDatabase('The drop-off report (issue 29 item 8)', (database) => {
  beforeAll(async () => {
    const db = database().db;
    await walk(
      db,
      // Left at texture; saw welcome three times (a reload), counted once.
      { visitor: 'visitor-a', steps: ['welcome', 'welcome', 'welcome', 'signin', 'length', 'texture'] },
      // Left at length.
      { visitor: 'visitor-b', steps: ['welcome', 'signin', 'length'] },
      // Finished: reached the results.
      {
        visitor: 'visitor-c',
        steps: ['welcome', 'signin', 'length', 'texture', 'type', 'fragrance', 'results'],
        variant: 'signin-placement=first;welcome=plain',
        arms: { 'skip-by-product-ab-test': '1', 'cart-optimization-phase-3-ab-test': '0' },
      },
      // Went back from texture to length and left there: where they stopped, by time.
      { visitor: 'visitor-d', steps: ['welcome', 'signin', 'length', 'texture', 'length'], variant: 'signin-placement=first;welcome=plain', arms: null },
      // Started two days ago, came back within the window: counted from its views in the window.
      { visitor: 'visitor-e', steps: ['welcome', 'signin'], startedAgo: 2 * 24 * 60 },
      { visitor: 'visitor-e', steps: ['length', 'texture', 'type'], startedAgo: 30 },
      // Only before the window.
      { visitor: 'visitor-f', steps: ['welcome', 'signin', 'length'], startedAgo: 3 * 24 * 60 },
      // Another flow, and a view with no visitor (never counted).
      { visitor: 'visitor-a', flow: 'skincare', steps: ['welcome', 'results'] },
      { visitor: null, steps: ['welcome'] },
      // A step the flow no longer has (edited since), and a flow flows/ no longer has.
      { visitor: 'visitor-g', steps: ['welcome', 'old-step'] },
      { visitor: 'visitor-g', flow: 'retired-flow', steps: ['welcome'] },
    );
    // Not flow step views: a page view, another named event (even one naming the flow).
    await embeddedEventSink.record(db, [
      { at: NOW, visitorId: 'visitor-h', userId: null, kind: 'pageview', name: 'pageview', path: '/consultation/haircare' },
      {
        at: new Date(NOW.getTime() - 60_000),
        visitorId: 'visitor-h',
        userId: null,
        kind: 'event',
        name: 'app_start',
        flow: 'haircare',
        step: 'welcome',
        data: {},
      },
    ]);
  });

  it('counts distinct visitors per step in the flow’s order, those who left there, the start and the end', async () => {
    const report = await funnelReport(database().db, HAIRCARE, LAST_DAY);
    expect(report.groups).toHaveLength(1);
    const [all] = report.groups;
    expect(all!.started).toBe(6);
    expect(all!.finished).toBe(1);
    expect(rows(report)).toEqual(['welcome 5/0', 'signin 4/0', 'length 5/2', 'texture 4/1', 'type 2/1', 'fragrance 1/0', 'results 1/0', 'old-step 1/1 (gone)']);
    // Every step of the compiled flow is there, in its order, with 0 where no one came.
    expect(all!.steps.filter((s) => s.inFlow).map((s) => s.step)).toEqual(HAIRCARE.steps);
    expect(all!.steps.find((s) => s.step === 'hormones')).toEqual({ step: 'hormones', reached: 0, left: 0, inFlow: true });
    // Each visitor either finished or left at one step.
    expect(all!.finished + all!.steps.reduce((sum, s) => sum + s.left, 0)).toBe(all!.started);
  });

  it('a window: views before it are not counted, and a step no one reached in it shows 0', async () => {
    const report = await funnelReport(database().db, HAIRCARE, reportWindow('4d', NOW));
    expect(report.groups[0]!.started).toBe(7);
    const old = await funnelReport(database().db, HAIRCARE, { since: new Date('2026-11-24T00:00Z'), until: new Date('2026-11-25T00:00Z') });
    expect(old.groups[0]!.started).toBe(1);
    expect(rows(old)).toEqual(['welcome 1/0', 'signin 1/0', 'length 1/1', 'results 0/0']);
    const empty = await funnelReport(database().db, HAIRCARE, { since: new Date('2026-10-01T00:00Z'), until: new Date('2026-10-02T00:00Z') });
    expect(empty.groups).toEqual([{ key: '', started: 0, finished: 0, steps: HAIRCARE.steps.map((step) => ({ step, reached: 0, left: 0, inFlow: true })) }]);
  });

  it('by flow variant: each visitor under the variant they started with', async () => {
    const report = await funnelReport(database().db, HAIRCARE, LAST_DAY, 'variant');
    expect(report.groups.map((g) => [g.key, g.started, g.finished])).toEqual([
      ['signin-placement=before-first-private;welcome=plain', 4, 0],
      ['signin-placement=first;welcome=plain', 2, 1],
    ]);
    expect(rows(report, 'signin-placement=first;welcome=plain')).toEqual([
      'welcome 2/0',
      'signin 2/0',
      'length 2/1',
      'texture 2/0',
      'type 1/0',
      'fragrance 1/0',
      'results 1/0',
    ]);
  });

  it('by A/B flag arm: a visitor under each flag’s arm they carried, those with none apart', async () => {
    const report = await funnelReport(database().db, HAIRCARE, LAST_DAY, 'arm');
    expect(report.groups.map((g) => [g.key, g.started, g.finished])).toEqual([
      ['skip-by-product-ab-test=0', 4, 0],
      ['', 1, 0],
      ['cart-optimization-phase-3-ab-test=0', 1, 1],
      ['skip-by-product-ab-test=1', 1, 1],
    ]);
    expect(rows(report, '')).toEqual(['welcome 1/0', 'signin 1/0', 'length 1/1', 'texture 1/0', 'results 0/0']);
  });

  it('a checkout: its end is the Order Success page (results), and the orders paid in the window are counted beside it', async () => {
    const db = database().db;
    const shopper = await insertShopper(db);
    await insertOrder(db, shopper.id, { paidAt: new Date(NOW.getTime() - 3_600_000) });
    await insertOrder(db, shopper.id, { paidAt: new Date(NOW.getTime() - 3 * 24 * 3_600_000) });
    await insertOrder(db, shopper.id, { status: 'payment_failed' });
    await walk(
      db,
      { visitor: 'buyer-a', flow: 'checkout-haircare', steps: ['account-details', 'shipping-address', 'payment', 'confirmation', 'results'] },
      { visitor: 'buyer-b', flow: 'checkout-haircare', steps: ['account-details', 'shipping-address', 'payment', 'confirmation'] },
    );
    const report = await funnelReport(db, flow('checkout-haircare'), LAST_DAY);
    expect(report.paidOrders).toBe(1);
    expect(report.groups[0]).toMatchObject({ started: 2, finished: 1 });
    expect(rows(report)).toEqual(['account-details 2/0', 'shipping-address 2/0', 'payment 2/0', 'confirmation 2/1', 'results 1/0']);
    expect((await funnelReport(db, flow('checkout-skincare'), LAST_DAY)).paidOrders).toBe(0);
    expect((await funnelReport(db, HAIRCARE, LAST_DAY)).paidOrders).toBeUndefined();
  });

  it('report funnels: every flow with its starts and finishes', async () => {
    const summary = await funnelSummary(database().db, FLOWS, LAST_DAY);
    expect(summary.map((s) => s.flow)).toEqual([...FLOWS.map((f) => f.id), 'retired-flow']);
    expect(summary.at(-1)).toEqual({ flow: 'retired-flow', kind: null, started: 1, finished: 0 });
    expect(summary.find((s) => s.flow === 'haircare')).toEqual({ flow: 'haircare', kind: 'consultation', started: 6, finished: 1 });
    expect(summary.find((s) => s.flow === 'skincare')).toEqual({ flow: 'skincare', kind: 'consultation', started: 1, finished: 1 });
    expect(summary.find((s) => s.flow === 'checkout-haircare')).toEqual({ flow: 'checkout-haircare', kind: 'checkout', started: 2, finished: 1 });
    expect(summary.find((s) => s.flow === 'checkout-skincare')).toEqual({ flow: 'checkout-skincare', kind: 'checkout', started: 0, finished: 0 });
  });
});

describe('npm run shop -- report (the operators’ command)', () => {
  let scratch: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    scratch = await createPostgresDatabase({ migrated: true });
    const handle = await openDatabase({ databaseUrl: scratch.url });
    try {
      await walk(
        handle.db,
        { visitor: 'visitor-a', steps: ['welcome', 'signin', 'length'] },
        { visitor: 'visitor-b', steps: ['welcome'] },
        { visitor: 'visitor-c', steps: ['welcome', 'signin', 'length', 'results'], arms: { 'skip-by-product-ab-test': '1' } },
      );
    } finally {
      await handle.close();
    }
  }, 60_000);
  afterAll(async () => scratch?.drop());

  async function shop(args: string[], env: Record<string, string> = { DATABASE_URL: scratch.url }) {
    let out = '';
    let err = '';
    const code = await runShopCommand(args, {
      out: (text) => (out += text),
      err: (text) => (err += text),
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '/nonexistent-shop-data', ...env },
      cwd: process.cwd(),
      clock: { now: () => NOW },
    });
    return { code, out, err };
  }

  it('prints the funnel as an aligned table', async () => {
    const { code, out, err } = await shop(['report', 'funnel', 'haircare', '--since', '24h']);
    expect(err).toBe('');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'Where visitors leave haircare (consultation), 2026-11-26 12:00 UTC to 2026-11-27 12:00 UTC',
      '',
      'Visitors: started 3, finished 1 (33%).',
      '',
      'STEP                       REACHED  SHARE  LEFT HERE',
      'welcome                          3   100%          1',
    ]);
    expect(out).toContain('\nsignin                           2    67%          0\n');
    expect(out).toContain('\nlength                           2    67%          1\n');
    expect(out).toContain('\nhormones                         0     0%          0\n');
    expect(out).toContain('\nresults                          1    33%          0\n');
  });

  it('--by arm, and report funnels', async () => {
    const byArm = await shop(['report', 'funnel', 'haircare', '--by', 'arm']);
    expect(byArm.code).toBe(0);
    expect(byArm.out).toContain('Where visitors leave haircare (consultation), 2026-11-20 12:00 UTC to 2026-11-27 12:00 UTC, by A/B flag arm');
    expect(byArm.out).toContain('Arm skip-by-product-ab-test=0: started 2, finished 0 (0%).');
    expect(byArm.out).toContain('Arm skip-by-product-ab-test=1: started 1, finished 1 (100%).');
    const checkout = await shop(['report', 'funnel', 'checkout-haircare', '--by', 'variant']);
    expect(checkout.out.split('\n').slice(0, 3)).toEqual([
      'Where visitors leave checkout-haircare (checkout), 2026-11-20 12:00 UTC to 2026-11-27 12:00 UTC, by flow variant',
      "Orders paid in the window from haircare checkouts: 0 (the orders table; a visitor's end, results, is the Order Success page, shown once their order is paid).",
      'No visitor reached this flow in the window.',
    ]);
    const all = await shop(['report', 'funnels', '--since', '2026-11-27']);
    expect(all.code).toBe(0);
    expect(all.out.split('\n').slice(0, 5)).toEqual([
      'Flows started and finished, 2026-11-27 00:00 UTC to 2026-11-27 12:00 UTC',
      '',
      'FLOW                             KIND          STARTED  FINISHED  SHARE',
      'checkout-haircare                checkout            0         0      -',
      'checkout-skincare                checkout            0         0      -',
    ]);
    expect(all.out).toContain('\nhaircare                         consultation        3         1    33%\n');
  });

  it('bad arguments: exit 2 with what was wrong and a "did you mean", before any database is opened', async () => {
    const cases: [string[], string][] = [
      [['report'], '"report" needs a report: funnel, funnels.'],
      [['report', 'funel', 'haircare'], 'Unknown report "funel": one of funnel, funnels. Did you mean "funnel"?'],
      [['report', 'funnel'], '"report funnel" needs a flow: one of checkout-haircare, checkout-skincare, haircare, skincare,'],
      [['report', 'funnel', 'haircar'], 'Unknown flow "haircar": one of checkout-haircare'],
      [['report', 'funnel', 'haircar'], 'Did you mean "haircare"?'],
      [['report', 'funnel', 'feedback-haircar'], 'Did you mean "feedback-haircare"?'],
      [['report', 'funnel', 'haircare', 'skincare'], '"report funnel" takes one flow, not also skincare.'],
      [['report', 'funnel', 'haircare', '--by', 'varient'], '--by takes variant or arm, not "varient". Did you mean "variant"?'],
      [['report', 'funnel', 'haircare', '--since', '7x'], '--since takes a span such as 7d or 24h, or a UTC date such as 2026-11-01, not "7x".'],
      [['report', 'funnel', 'haircare', '--since', '2026-13-01'], 'not "2026-13-01".'],
      [['report', 'funnel', 'haircare', '--since', '2026-12-01'], '--since 2026-12-01 is not in the past.'],
      [['report', 'funnel', 'haircare', '--until', 'now'], "Unknown option '--until'"],
      [['report', 'funnels', '--by', 'arm'], '"report funnels" takes no --by'],
      [['report', 'funnels', 'haircare'], '"report funnels" lists every flow and takes no haircare.'],
      [['reprot'], 'Unknown command "reprot". Did you mean "report"?'],
    ];
    for (const [args, message] of cases) {
      // DATA_DIR names no database: a usage error is found before the command looks for one.
      const { code, out, err } = await shop(args, {});
      expect({ args, code, out }).toEqual({ args, code: 2, out: '' });
      expect(err, args.join(' ')).toContain(message);
    }
  });

  it('help lists the reports', async () => {
    const { out } = await shop(['help']);
    expect(out).toContain('report funnel <flow> [--since <7d|24h|2026-11-01>] [--by <variant|arm>]');
    expect(out).toContain('report funnels [--since <7d|24h|2026-11-01>]');
  });
});
