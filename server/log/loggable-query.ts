/** Query parameters whose values are never personal or secret (categories, countries, product kinds, paging). */
const LOGGED_VALUES = new Set(['category', 'country', 'skeleton', 'product', 'scope', 'payment_mode', 'limit', 'page']);
const PLAIN_VALUE = /^[A-Za-z0-9_.-]{0,40}$/;
const MAX_NAME = 40;

/**
 * A query string fit for the access log: each parameter's name, and its value only for the allow-listed names
 * (tokens, `next` links, e-mail addresses, search terms and anything unknown read `[redacted]`).
 *
 * @example loggableQuery('?token=abc&next=%2Fx&category=haircare') // 'token=[redacted]&next=[redacted]&category=haircare'
 */
export function loggableQuery(search: string): string {
  const parts: string[] = [];
  for (const [name, value] of new URLSearchParams(search)) {
    const shownName = name.length > MAX_NAME ? `${name.slice(0, MAX_NAME)}…` : name;
    const shown = LOGGED_VALUES.has(name) && PLAIN_VALUE.test(value) ? value : '[redacted]';
    parts.push(`${shownName}=${shown}`);
  }
  return parts.join('&');
}
