/** The funnel reports as the operator's plain-text tables (`npm run shop -- report ...`), columns padded to their widest cell. */
import type { FlowSummary } from './funnel-summary';
import type { FunnelGroup, FunnelReport } from './funnel-report';
import { windowTime, type ReportWindow } from './report-window';

/** Rows under a header, each column as wide as its widest cell; numeric columns (by index) aligned right. */
export function textTable(header: readonly string[], rows: readonly string[][], right: ReadonlySet<number>): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (right.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

/** `40%` of those who started; `-` when no one did. */
export function share(count: number, started: number): string {
  return started === 0 ? '-' : `${Math.round((100 * count) / started)}%`;
}

const span = (window: ReportWindow) => `${windowTime(window.since)} to ${windowTime(window.until)}`;

/** `report funnel <flow>`: a heading, then each group's steps with those who reached each, their share, and those who left there. */
export function funnelTable(report: FunnelReport): string {
  const { flow, window, by, groups } = report;
  const heading = `Where visitors leave ${flow.id} (${flow.kind}), ${span(window)}${by === 'none' ? '' : `, by ${by === 'arm' ? 'A/B flag arm' : 'flow variant'}`}`;
  const paid =
    report.paidOrders === undefined
      ? ''
      : `Orders paid in the window from ${flow.category} checkouts: ${report.paidOrders} (the orders table; a visitor's end, results, is the Order Success page, shown once their order is paid).\n`;
  if (groups.length === 0) return `${heading}\n${paid}No visitor reached this flow in the window.\n`;
  const parts = groups.map((group) => `${groupHeading(by, group)}\n\n${stepsTable(group)}`);
  return `${heading}\n${paid}\n${parts.join('\n')}`;
}

function groupHeading(by: FunnelReport['by'], group: FunnelGroup): string {
  const counts = `started ${group.started}, finished ${group.finished} (${share(group.finished, group.started)})`;
  if (by === 'none') return `Visitors: ${counts}.`;
  if (by === 'variant') return `Variant ${group.key || '(the flow has none)'}: ${counts}.`;
  return `Arm ${group.key || '(no A/B flag)'}: ${counts}.`;
}

function stepsTable(group: FunnelGroup): string {
  const rows = group.steps.map((s) => [
    s.inFlow ? s.step : `${s.step} (no longer in the flow)`,
    String(s.reached),
    share(s.reached, group.started),
    String(s.left),
  ]);
  return textTable(['STEP', 'REACHED', 'SHARE', 'LEFT HERE'], rows, new Set([1, 2, 3]));
}

/** `report funnels`: every flow with its starts and finishes. */
export function funnelsTable(summaries: readonly FlowSummary[], window: ReportWindow): string {
  const rows = summaries.map((s) => [s.flow, s.kind ?? '(no longer in flows/)', String(s.started), String(s.finished), share(s.finished, s.started)]);
  return `Flows started and finished, ${span(window)}\n\n${textTable(['FLOW', 'KIND', 'STARTED', 'FINISHED', 'SHARE'], rows, new Set([2, 3, 4]))}`;
}
