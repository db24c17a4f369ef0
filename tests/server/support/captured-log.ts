import { createLogger, type Logger } from '../../../server/log/logger';

/** A line of the server's log, parsed. */
export type LogLine = Record<string, any>;

/** A logger writing to memory: pass `logger` in createTestApp's config, then read what the server wrote. */
export interface CapturedLog {
  logger: Logger;
  /** Everything written, as written (JSON lines). */
  text(): string;
  lines(): LogLine[];
}

/** A logger like the server's (same redaction), writing to a buffer the test reads. */
export function capturedLog(): CapturedLog {
  let text = '';
  const logger = createLogger({ stream: { write: (line: string) => void (text += line) }, level: 'trace' });
  return {
    logger,
    text: () => text,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
  };
}
