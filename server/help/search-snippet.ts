/** About how long a passage is, in characters. */
const PASSAGE = 180;

/**
 * A short plain-text passage of `body` around the first word that starts with one of `lexemes` (the query's stemmed
 * words, as PostgreSQL wrote them: 'snooz', 'subscript'), cut at word boundaries with "…" where text was left out; the
 * body's start when only the title or a tag matched. Cut in the server's code rather than by ts_headline, which
 * parses every hit's whole body again (most of a search's time on the embedded database).
 * @example searchSnippet('Parcels arrive in 2 to 5 business days.', ['parcel']) // 'Parcels arrive in 2 to 5 business days.'
 */
export function searchSnippet(body: string, lexemes: readonly string[]): string {
  // Whitespace runs and line breaks become one space; single spaces (most of them) are left alone, three times faster.
  const text = body.replace(/\s{2,}|[^\S ]/g, ' ').trim();
  if (text.length <= PASSAGE) return text;
  // One pattern for every lexeme: the leftmost match is the first word starting with any of them.
  const words = lexemes.map((lexeme) => escapeRegExp(lexeme.toLowerCase())).join('|');
  const at = words === '' ? -1 : (new RegExp(`(?<![\\p{L}\\p{N}])(?:${words})`, 'u').exec(text.toLowerCase())?.index ?? -1);
  let start = Math.max(0, at - Math.floor(PASSAGE / 3));
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + PASSAGE);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** The lexemes of a tsquery as PostgreSQL prints it (`'dri' & 'shampoo':*`). */
export const lexemesOf = (tsquery: string): string[] => [...tsquery.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replace(/''/g, "'"));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
