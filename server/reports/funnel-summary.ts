/**
 * Every flow's starts and finishes in a window (`npm run shop -- report funnels`): distinct visitors with a step view
 * of the flow, and those who reached its end, in one grouped query. Flows the views name but flows/ no longer has
 * are listed after the others.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { trackingEvents } from '../db/schema';
import { FLOW_END, type FunnelFlow } from './funnel-flows';
import { FLOW_STEP_VIEW } from './funnel-report';
import type { ReportWindow } from './report-window';

export interface FlowSummary {
  flow: string;
  /** The flow's kind (consultation, checkout, feedback, cancellation); null when flows/ no longer has it. */
  kind: string | null;
  started: number;
  finished: number;
}

export async function funnelSummary(db: Database, flows: readonly FunnelFlow[], window: ReportWindow): Promise<FlowSummary[]> {
  const result = await db.execute(sql`
    select flow, count(distinct visitor_id)::int as started, (count(distinct visitor_id) filter (where step = ${FLOW_END}))::int as finished
    from ${trackingEvents}
    where at >= ${window.since.toISOString()}::timestamptz and at < ${window.until.toISOString()}::timestamptz
      and name = ${FLOW_STEP_VIEW} and flow is not null and visitor_id is not null
    group by flow`);
  const rows = (result as unknown as { rows: { flow: string; started: number; finished: number }[] }).rows;
  const counts = new Map(rows.map((row) => [row.flow, row]));
  const known: FlowSummary[] = flows.map((flow) => ({
    flow: flow.id,
    kind: flow.kind,
    started: counts.get(flow.id)?.started ?? 0,
    finished: counts.get(flow.id)?.finished ?? 0,
  }));
  const ids = new Set(flows.map((flow) => flow.id));
  const gone: FlowSummary[] = rows
    .filter((row) => !ids.has(row.flow))
    .sort((a, b) => (a.flow < b.flow ? -1 : 1))
    .map((row) => ({ flow: row.flow, kind: null, started: row.started, finished: row.finished }));
  return [...known, ...gone];
}
