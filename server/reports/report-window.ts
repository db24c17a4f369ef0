/**
 * The time window a report covers: from `--since` (a span back from now, `7d` or `24h`, or a UTC date or instant,
 * `2026-11-01` or `2026-11-01T12:00Z`) to now.
 * @example reportWindow('24h', new Date('2026-11-28T00:00Z')) // { since: 2026-11-27T00:00Z, until: 2026-11-28T00:00Z }
 */
export interface ReportWindow {
  since: Date;
  until: Date;
}

/** The default: the last seven days. */
export const DEFAULT_SINCE = '7d';

const SPAN = /^(\d{1,4})([dh])$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The window `--since <text>` names, ending now; throws with the words to print when the text is none of the forms. */
export function reportWindow(text: string, now: Date): ReportWindow {
  const span = SPAN.exec(text);
  if (span) {
    const hours = Number(span[1]) * (span[2] === 'd' ? 24 : 1);
    if (hours < 1) throw new Error(`--since takes a span of at least 1h, not "${text}".`);
    return { since: new Date(now.getTime() - hours * 3_600_000), until: now };
  }
  const since = DATE.test(text) ? new Date(`${text}T00:00:00Z`) : INSTANT.test(text) ? new Date(text) : null;
  if (!since || Number.isNaN(since.getTime()) || (DATE.test(text) && since.toISOString().slice(0, 10) !== text))
    throw new Error(`--since takes a span such as 7d or 24h, or a UTC date such as 2026-11-01, not "${text}".`);
  if (since.getTime() >= now.getTime()) throw new Error(`--since ${text} is not in the past.`);
  return { since, until: now };
}

/** `2026-11-20 14:05 UTC`: how the report prints an instant. */
export function windowTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
