import { redactLogText } from '../mail/redact-secrets';

/** What a log keeps of an error: its kind, redacted message and stack, and the database's codes; never its values. */
export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: SafeError;
}

// Drivers' errors also carry `detail` ("Key (email)=(...) already exists", "Failing row contains (...)"), `where`,
// `params` and `parameters`: values, so they are left out rather than listed.
const KEPT_FIELDS = ['code', 'constraint', 'table', 'column'] as const;

/** The pino serializer for `err`: an allow-list of fields, each text redacted (drizzle's query params stripped). */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactLogText(String(error)) };
  const fields = error as unknown as Record<string, unknown>;
  const safe: SafeError = { type: error.name, message: redactLogText(error.message) };
  if (error.stack) safe.stack = redactLogText(error.stack);
  for (const key of KEPT_FIELDS) if (typeof fields[key] === 'string') safe[key] = redactLogText(fields[key]);
  if (error.cause !== undefined && depth < 3) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}
