/** At most this many words of a search count (a longer question searches its first ones). */
const MAX_WORDS = 16;
const WORDS = /[\p{L}\p{N}]+/gu;

/**
 * A shopper's search as a PostgreSQL tsquery text, or null when it holds no word: words must all match (&), `or`
 * between two words is either (|), a word after `-` must not appear (!), "quoted words" are a phrase (<->), and the
 * last word, while it is being typed, is a prefix (shamp:*). Only letters and digits reach the query, so quotes,
 * &, |, !, :, *, parentheses or emoji can never make it fail: they separate words or are dropped.
 * @example searchTerms('dry shamp') // 'dry & shamp:*'
 * @example searchTerms('"ship now" or snooze -cancel') // '(ship <-> now) | snooze & !cancel'
 */
export function searchTerms(term: string): string | null {
  const parts: string[] = [];
  let joiner = ' & ';
  let words = 0;
  let lastIsBareWord = false;
  for (const match of term.matchAll(/"([^"]*)(?:"|$)|(\S+)/gu)) {
    if (words >= MAX_WORDS) break;
    const quoted = match[1] !== undefined;
    const chunk = quoted ? match[1]! : match[2]!;
    if (!quoted && chunk.toLowerCase() === 'or' && parts.length > 0) {
      joiner = ' | ';
      continue;
    }
    const negated = !quoted && chunk.startsWith('-');
    const found = (chunk.toLowerCase().match(WORDS) ?? []).slice(0, MAX_WORDS - words);
    if (found.length === 0) continue;
    words += found.length;
    // Words run together by punctuation (e-mail, don't) or quoted: a phrase; otherwise one word.
    const text = found.length === 1 ? found[0]! : `(${found.join(' <-> ')})`;
    parts.push(`${parts.length > 0 ? joiner : ''}${negated ? '!' : ''}${text}`);
    joiner = ' & ';
    lastIsBareWord = !quoted && !negated && found.length === 1;
  }
  if (parts.length === 0) return null;
  // Still typing the last word: it is a prefix, unless the term ends with a space or a closing quote.
  if (lastIsBareWord && /[\p{L}\p{N}]$/u.test(term)) parts[parts.length - 1] += ':*';
  return parts.join('');
}
