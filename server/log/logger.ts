import pino, { type DestinationStream, type Logger } from 'pino';
import { redactLogText } from '../mail/redact-secrets';
import { safeError } from './safe-error';

export type { Logger } from 'pino';

/** Keys whose values never reach a log, wherever a caller puts them (defence in depth: requests log no headers or bodies). */
const REDACTED_KEYS = ['authorization', 'cookie', 'token', 'access', 'refresh', 'password', 'email', 'username', 'params', 'answers', 'body', 'headers'];

/** How a logger is made; tests pass a stream they read. */
export interface LoggerOptions {
  /** Where the JSON lines go; by default info and below to stdout, errors to stderr. */
  stream?: DestinationStream;
  level?: string;
}

/**
 * The server's logger: JSON lines (pino), with every message, string field and error passed through
 * `redactLogText` and errors reduced to safe fields (`safeError`), so no token, link, address or answer is written.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const stream =
    options.stream ??
    pino.multistream(
      [
        { level: 'trace', stream: process.stdout },
        { level: 'error', stream: process.stderr },
      ],
      { dedupe: true },
    );
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      redact: { paths: REDACTED_KEYS.flatMap((key) => [key, `*.${key}`]), censor: '[redacted]' },
      serializers: { err: safeError, msg: (message: unknown) => (typeof message === 'string' ? redactLogText(message) : message) },
      formatters: { log: (object) => scrubValues(object, 0) as Record<string, unknown> },
    },
    stream,
  );
}

/** The process's logger (server/main.ts and everything it starts). */
export const logger: Logger = createLogger();

function scrubValues(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactLogText(value);
  if (value === null || typeof value !== 'object' || value instanceof Error) return value; // errors: the err serializer
  if (depth > 4) return '[nested]';
  if (Array.isArray(value)) return value.map((item) => scrubValues(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubValues(item, depth + 1)]));
}
