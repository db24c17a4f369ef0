/** @module api/report-text: what an error report (POST /v1/client_errors/) may carry; zod-free, for the browser and the server. */
const JWT_LIKE = /[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;
const TOKEN_LIKE = /[A-Za-z0-9_-]{24,}/g;
const EMAIL_LIKE = /[^\s@<>"'/]+@[^\s@<>"'/]+\.[^\s@<>"'/]+/g;

/**
 * Blanks what in an error report's text could be a secret or a person: e-mail addresses, signed tokens (three dotted
 * parts) and any other long run of token characters. The web app applies it before sending, the server again before
 * logging.
 * @example scrubReportText('refused eyJhbGci.eyJzdWIi.c2lnbmF0 for ada@example.com') // 'refused [token] for [email]'
 */
export function scrubReportText(text: string): string {
  return text.replace(EMAIL_LIKE, '[email]').replace(JWT_LIKE, '[token]').replace(TOKEN_LIKE, '[token]');
}
