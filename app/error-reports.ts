/**
 * @module app/error-reports: what app/report-error.ts sends, loaded with the first error (a page that never fails
 * never downloads it). The one hook every unexpected error of the web app goes through (spec 000 §8: "error
 * reported to an error-reporting service") writes the error to the console, and this module sends a short report to the shop's own server (POST /v1/client_errors/, written to the server's structured log, so an
 * operator sees the browser's failures beside the requests). A report holds where it happened, the error's name,
 * message and API code, and the page's path; never the query string (sign-in links carry tokens there), and
 * anything in the message shaped like a token or an e-mail address is blanked before it leaves the browser.
 */

import { scrubReportText } from '#api/shared';

/** Where the report goes: the shop's own server (API.md). */
export const CLIENT_ERRORS_PATH = '/v1/client_errors/';
/** A page that fails in a loop sends at most this many reports; the console still shows every error. */
export const MAX_REPORTS_PER_PAGE = 10;

/** What is sent: nothing about the shopper. */
export interface ClientErrorReport {
  /** Where in the app: "sign-up", "loading the consultation", "window". */
  where: string;
  name: string;
  message: string;
  /** The API's error code, when the error came from a call. */
  code?: string;
  status?: number;
  /** location.pathname: the step or page, without its query. */
  path: string;
}

/** Blanks what could be a secret or a person in free text (api/schemas/system.ts), and keeps it short. */
export function scrub(text: string): string {
  return scrubReportText(text).slice(0, 500);
}

/** The report of one error, with nothing about the shopper in it. */
export function describeError(where: string, error: unknown, path: string): ClientErrorReport {
  const report: ClientErrorReport = { where: scrub(where).slice(0, 100), name: 'Error', message: '', path: scrub(path).slice(0, 200) };
  if (error instanceof Error) {
    report.name = error.name.slice(0, 60);
    report.message = scrub(error.message);
  } else {
    report.message = scrub(typeof error === 'string' ? error : String(JSON.stringify(error) ?? error));
  }
  if (typeof error === 'object' && error !== null) {
    const { code, status } = error as { code?: unknown; status?: unknown };
    if (typeof code === 'string') report.code = code.slice(0, 60);
    if (typeof status === 'number' && Number.isInteger(status)) report.status = status;
  }
  return report;
}

let sent = 0;
const alreadySent = new Set<string>();
let transport: (report: ClientErrorReport) => void = sendToServer;

/** Where reports go instead of the server (component tests and stories, which have no server to take them); null restores the server. */
export function setErrorTransport(to: ((report: ClientErrorReport) => void) | null): void {
  transport = to ?? sendToServer;
}

/** Sends a report without holding the page: a beacon where the browser has one (it survives leaving the page), else a keep-alive fetch. */
function sendToServer(report: ClientErrorReport): void {
  const body = JSON.stringify(report);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(CLIENT_ERRORS_PATH, new Blob([body], { type: 'application/json' }))) return;
    }
    void fetch(CLIENT_ERRORS_PATH, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true }).catch(() => undefined);
  } catch {
    // Reporting must never be the next error.
  }
}

/** Sends the report of an error, once per page for the same place and message, at most MAX_REPORTS_PER_PAGE times. */
export function sendReport(where: string, error: unknown): void {
  const report = describeError(where, error, typeof location === 'undefined' ? '' : location.pathname);
  const key = `${report.where}\u0000${report.code ?? ''}\u0000${report.message}`;
  if (alreadySent.has(key) || sent >= MAX_REPORTS_PER_PAGE) return;
  alreadySent.add(key);
  sent++;
  transport(report);
}

/** Forgets what was sent (tests). */
export function resetErrorReports(): void {
  sent = 0;
  alreadySent.clear();
}
