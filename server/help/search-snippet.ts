/** About how long a passage is, in characters. */
export const PASSAGE = 180;

/**
 * A short plain-text passage of `body` around the first word that starts with one of `lexemes` (the query's stemmed
 * words, as PostgreSQL wrote them: 'snooz', 'subscript'), cut at word boundaries with "…" where text was left out; the
 * body's start when only the title or a tag matched. Cut in the server's code rather than by ts_headline, which
 * parses every hit's whole body again (most of a search's time on the embedded database).
 * @example searchSnippet('Parcels arrive in 2 to 5 business days.', ['parcel']) // 'Parcels arrive in 2 to 5 business days.'
 */
export function searchSnippet(body: string, lexemes: readonly string[]): string {
  const text = passageText(body);
  // A text served whole needs no word looked for.
  if (servedWhole(text)) return text;
  const lower = text.toLowerCase();
  return passageAt(
    text,
    earliestStart(passageWords(lexemes), (word) => firstWordStart(lower, word)),
  );
}

/** A body as its passages are cut from: whitespace runs and line breaks one space (single spaces left alone, faster). */
export const passageText = (body: string) => body.replace(/\s{2,}|[^\S ]/g, ' ').trim();

/** The words a passage is found by: the query's lexemes lowercased, each once. */
export const passageWords = (lexemes: readonly string[]): string[] => [...new Set(lexemes.map((lexeme) => lexeme.toLowerCase()).filter((word) => word !== ''))];

/** The earliest of the words' first starts in a body (`startOf`: firstWordStart's answer for a word), -1 for none. */
export function earliestStart(words: readonly string[], startOf: (word: string) => number): number {
  let first = -1;
  for (const word of words) {
    const at = startOf(word);
    if (at !== -1 && (first === -1 || at < first)) first = at;
  }
  return first;
}

/** Whether a body (as passageText made it) is served whole rather than cut around a word. */
export const servedWhole = (text: string) => text.length <= PASSAGE;

/**
 * The passage of `text` (as passageText made it) around the word starting at `at` (the body's start for -1), cut at
 * word boundaries with "…" where text was left out; the whole text when servedWhole.
 */
export function passageAt(text: string, at: number): string {
  const cut = passageCut(text, at);
  return `${cut.before ? '…' : ''}${text.slice(cut.start, cut.end)}${cut.after ? '…' : ''}`;
}

/**
 * Where passageAt cuts `text` for the word starting at `at`: the kept text is `text.slice(start, end)` (its spaces at
 * either end dropped), with "…" before it when `before` and after it when `after`. The search thread writes a
 * passage's bytes from its cut, without making the passage a string of its own.
 */
export function passageCut(text: string, at: number): { start: number; end: number; before: boolean; after: boolean } {
  if (servedWhole(text)) return { start: 0, end: text.length, before: false, after: false };
  let start = Math.max(0, at - Math.floor(PASSAGE / 3));
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + PASSAGE);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const before = start > 0;
  const after = end < text.length;
  // passageText left single spaces only, so trimming is dropping them.
  while (start < end && text.charCodeAt(start) === SPACE) start++;
  while (end > start && text.charCodeAt(end - 1) === SPACE) end--;
  return { start, end, before, after };
}

const SPACE = 0x20;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Where the first word starting with `word` begins in `lower` (not after a letter or a digit), or -1: found with
 * indexOf, many times faster than one pattern with a Unicode look-behind, which was most of a passage's time. A passage
 * is cut around the first of its query's words.
 */
export function firstWordStart(lower: string, word: string): number {
  for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + 1)) if (!startsAfterWordCharacter(lower, at)) return at;
  return -1;
}

/** Whether the character before `at` (a whole code point, astral ones too) is a letter or a digit. */
function startsAfterWordCharacter(text: string, at: number): boolean {
  if (at === 0) return false;
  const before = text.charCodeAt(at - 1);
  const isLowSurrogate = before >= 0xdc00 && before <= 0xdfff && at >= 2;
  return LETTER_OR_DIGIT.test(isLowSurrogate ? text.slice(at - 2, at) : text[at - 1]!);
}

/** The lexemes of a tsquery as PostgreSQL prints it (`'dri' & 'shampoo':*`). */
export const lexemesOf = (tsquery: string): string[] => [...tsquery.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
