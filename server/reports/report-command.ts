/**
 * `npm run shop -- report funnel <flow> [--since 7d|24h|2026-11-01] [--by variant|arm]` and `report funnels
 * [--since ...]` (server/reports/README.md): the arguments checked before the database is opened (an unknown flow or
 * option is bad usage, with a "did you mean"), then the report printed as a table.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { didYouMean } from '#engine/compiler';
import type { Database } from '../db/database';
import { loadFunnelFlows, type FunnelFlow } from './funnel-flows';
import { FUNNEL_SPLITS, funnelReport, type FunnelSplit } from './funnel-report';
import { funnelSummary } from './funnel-summary';
import { funnelsTable, funnelTable } from './funnel-table';
import { DEFAULT_SINCE, reportWindow, type ReportWindow } from './report-window';

/** The command's lines in `npm run shop -- help`. */
export const REPORT_HELP = `  report funnel <flow> [--since <7d|24h|2026-11-01>] [--by <variant|arm>]
      Where visitors leave a flow (from the flow step views the web app records with the visitor's consent): each step
      in the flow's order with the visitors who reached it, their share of those who started, and how many left
      there (their furthest step, the end not reached); the end is "results". --since: a span back from now or a UTC
      date (default 7d). --by variant splits by the flow's variants, --by arm by each A/B flag's arm.
  report funnels [--since <7d|24h|2026-11-01>]
      Every flow (consultations, checkouts, feedback, cancellations) with the visitors who started and finished it.
`;

export const REPORTS = ['funnel', 'funnels'] as const;

export type ReportRequest =
  | { command: 'report'; report: 'funnel'; flow: FunnelFlow; window: ReportWindow; by: FunnelSplit }
  | { command: 'report'; report: 'funnels'; flows: FunnelFlow[]; window: ReportWindow };

/** Where the flows are (FLOWS_DIR, as the server's; default flows/) and the moment the window ends. */
export interface ReportSurroundings {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  now: Date;
}

/** The arguments after `report`, checked; throws with the words to print (bad usage). */
export function parseReportCommand(args: readonly string[], at: ReportSurroundings): ReportRequest {
  const { values, positionals } = parseArgs({ args: [...args], options: { since: { type: 'string' }, by: { type: 'string' } }, allowPositionals: true });
  const [report, flowId, ...extra] = positionals;
  if (!report) throw new Error(`"report" needs a report: ${REPORTS.join(', ')}.`);
  if (report !== 'funnel' && report !== 'funnels') throw new Error(`Unknown report "${report}": one of ${REPORTS.join(', ')}.${hint(report, REPORTS)}`);
  const window = reportWindow(values.since ?? DEFAULT_SINCE, at.now);
  const flows = loadFunnelFlows(path.resolve(at.cwd ?? process.cwd(), at.env.FLOWS_DIR || 'flows'));
  const ids = flows.map((flow) => flow.id);
  if (report === 'funnels') {
    if (flowId || extra.length) throw new Error(`"report funnels" lists every flow and takes no ${[flowId, ...extra].join(' ')}.`);
    if (values.by !== undefined) throw new Error(`"report funnels" takes no --by: split one flow with "report funnel <flow> --by ${values.by}".`);
    return { command: 'report', report, flows, window };
  }
  if (!flowId) throw new Error(`"report funnel" needs a flow: one of ${ids.join(', ')}.`);
  if (extra.length) throw new Error(`"report funnel" takes one flow, not also ${extra.join(' ')}.`);
  const flow = flows.find((f) => f.id === flowId);
  if (!flow) throw new Error(`Unknown flow "${flowId}": one of ${ids.join(', ')}.${hint(flowId, ids)}`);
  const by = values.by ?? 'none';
  if (by !== 'none' && !(FUNNEL_SPLITS as readonly string[]).includes(by))
    throw new Error(`--by takes ${FUNNEL_SPLITS.join(' or ')}, not "${by}".${hint(by, FUNNEL_SPLITS)}`);
  return { command: 'report', report, flow, window, by: by as FunnelSplit };
}

/** The report's text. */
export async function runReport(db: Database, request: ReportRequest): Promise<string> {
  if (request.report === 'funnels') return funnelsTable(await funnelSummary(db, request.flows, request.window), request.window);
  return funnelTable(await funnelReport(db, request.flow, request.window, request.by));
}

function hint(found: string, candidates: readonly string[]): string {
  const guess = didYouMean(found, candidates);
  return guess ? ` Did you mean "${guess}"?` : '';
}
