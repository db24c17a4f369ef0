/**
 * Where visitors leave one flow (issue 29 item 8): from the flow step views in `tracking_events` within a window, the
 * distinct visitors who reached each step of the flow (in the compiled flow's order, so a step no one reached shows
 * 0), how many left there (the last step they were shown in the window, the end not reached: a variant that moves a
 * step, or a shopper going back, leaves them where they really stopped), and how many started and finished, for
 * everyone or split by the flow's variant or by A/B flag arm. One query of hash aggregates over the flow's views in
 * the window.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { trackingEvents } from '../db/schema';
import { FLOW_END, type FunnelFlow } from './funnel-flows';
import { paidOrdersIn } from './paid-orders';
import type { ReportWindow } from './report-window';

/** How the visitors are split: not at all, by the flow's variants (`key=value;...`), or by each A/B flag's arm (`flag=arm`). */
export const FUNNEL_SPLITS = ['variant', 'arm'] as const;
export type FunnelSplit = (typeof FUNNEL_SPLITS)[number] | 'none';

/** The event the web app records for each step a flow shows (app/tracking/flow-tracking.ts). */
export const FLOW_STEP_VIEW = 'flow_step_view';

/** One step's row: the visitors who reached it, and those who left there. */
export interface FunnelStep {
  step: string;
  reached: number;
  left: number;
  /** False for a step the views name but the flow no longer has (the flow was edited since). */
  inFlow: boolean;
}

/** The funnel of one group of visitors (everyone, one variant, or one flag's arm). */
export interface FunnelGroup {
  /** '' for everyone; the variant text (`key=value;...`, '' when the flow has none) or `flag=arm` otherwise. */
  key: string;
  started: number;
  finished: number;
  steps: FunnelStep[];
}

export interface FunnelReport {
  flow: FunnelFlow;
  window: ReportWindow;
  by: FunnelSplit;
  groups: FunnelGroup[];
  /** A checkout's: the orders paid in the window from its category's checkout (paid-orders.ts). */
  paidOrders?: number;
}

type Row = { grp: string; step: string | null; reached: number; left_here: number; visitors: number; finished: number };

/**
 * The flow's funnel. A visitor belongs to the group of their first view in the window (the variant or arms they
 * started with), so each group's steps add up; with `arm` a visitor counts once under each A/B flag they carried, and
 * visitors with no A/B flag under ''.
 */
export async function funnelReport(db: Database, flow: FunnelFlow, window: ReportWindow, by: FunnelSplit = 'none'): Promise<FunnelReport> {
  const inWindow = sql`flow = ${flow.id} and at >= ${window.since.toISOString()}::timestamptz and at < ${window.until.toISOString()}::timestamptz
    and name = ${FLOW_STEP_VIEW} and visitor_id is not null and step is not null`;
  // A visitor's group comes from their first view in the window (found through the (visitor_id, at) index).
  const first = (column: 'variant' | 'arms') =>
    sql`left join lateral (select t.${sql.raw(column)} as source from ${trackingEvents} t
      where t.visitor_id = l.visitor_id and t.at = l.first_at and ${inWindow} order by t.id limit 1) f on true`;
  const groups =
    by === 'arm'
      ? sql`select l.*, coalesce(a.key || '=' || a.value, '') as grp from lasts l ${first('arms')} left join lateral jsonb_each_text(coalesce(f.source, '{}'::jsonb)) a on true`
      : by === 'variant'
        ? sql`select l.*, coalesce(f.source, '') as grp from lasts l ${first('variant')}`
        : sql`select l.*, ''::text as grp from lasts l`;
  // Hash aggregates only: each visitor's steps, then each visitor (first and last view, finished), then the groups.
  // A bigger work_mem keeps the first one in memory (100,000 views take about 11 MB), and the groups are made once per
  // visitor (materialized), not once per step reached.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return tx.execute(sql`
    with reached as (
      select visitor_id, step, min(at) as first_at, max(at) as last_at, max(id) as last_id from ${trackingEvents}
      where ${inWindow} group by visitor_id, step
    ),
    visitors as (
      select visitor_id, min(first_at) as first_at, max(last_at) as last_at, bool_or(step = ${FLOW_END}) as finished from reached group by visitor_id
    ),
    lasts as (
      select r.visitor_id, max(r.last_id) as last_id, bool_or(v.finished) as finished, min(v.first_at) as first_at
      from reached r join visitors v using (visitor_id) where r.last_at = v.last_at group by r.visitor_id
    ),
    groups as materialized (${groups})
    select g.grp, r.step, count(*)::int as reached,
      (count(*) filter (where r.last_id = g.last_id and not g.finished))::int as left_here,
      (count(*) filter (where r.last_id = g.last_id))::int as visitors,
      (count(*) filter (where r.last_id = g.last_id and g.finished))::int as finished
    from reached r join groups g using (visitor_id)
    group by grouping sets ((g.grp, r.step), (g.grp))`);
  });
  // node-postgres and PGlite both answer {rows}.
  const rows = (result as unknown as { rows: Row[] }).rows;
  const byGroup = new Map<string, Row[]>();
  for (const row of rows) byGroup.set(row.grp, [...(byGroup.get(row.grp) ?? []), row]);
  if (by === 'none' && !byGroup.has('')) byGroup.set('', []);
  const report = [...byGroup].map(([key, groupRows]) => groupOf(flow, key, groupRows));
  report.sort((a, b) => b.started - a.started || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { flow, window, by, groups: report, ...(flow.kind === 'checkout' ? { paidOrders: await paidOrdersIn(db, flow.category, window) } : {}) };
}

/** One group's rows as the flow's steps in order (0 for a step no one reached), then steps the flow no longer has. */
function groupOf(flow: FunnelFlow, key: string, rows: Row[]): FunnelGroup {
  const total = rows.find((row) => row.step === null);
  const counts = new Map(rows.filter((row) => row.step !== null).map((row) => [row.step!, row]));
  const steps: FunnelStep[] = flow.steps.map((step) => ({
    step,
    reached: counts.get(step)?.reached ?? 0,
    left: counts.get(step)?.left_here ?? 0,
    inFlow: true,
  }));
  const known = new Set(flow.steps);
  for (const [step, row] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (!known.has(step)) steps.push({ step, reached: row.reached, left: row.left_here, inFlow: false });
  return { key, started: total?.visitors ?? 0, finished: total?.finished ?? 0, steps };
}
